// Plain template functions: every interpolated value is escaped unless it is already markup.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Markup that is already safe: built by `html` or marked by `raw`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type Markup = Html | string | number | boolean | null | undefined | readonly Markup[];

function render(value: Markup): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map((v: Markup) => render(v)).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(value);
}

/** A tagged template: interpolations are escaped, nested `html` and arrays of it are kept. */
export function html(strings: TemplateStringsArray, ...values: Markup[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** Trusted markup written by this package (never visitor input). */
export function raw(markup: string): Html {
  return new Html(markup);
}

/** JSON for an inline script: no `</script>`, no HTML comment openers, no JS line separators. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Links between demo hosts carry this token where the port goes; `renderPage` replaces it
 * with the port the visitor used (CONTRACT §3: every demo host is on the server's one port).
 */
export const PORT_TOKEN = '{{demo-port}}';

/** An absolute URL on another demo host, e.g. `hostUrl('enquiries.health.localhost', '/')`. */
export function hostUrl(host: string, path = '/'): string {
  return `http://${host}${PORT_TOKEN}${path}`;
}
