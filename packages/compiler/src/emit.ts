/** JavaScript source to be emitted as it is, not as a JSON value (module references, compiled custom code). */
export class Code {
  constructor(readonly code: string) {}
}

/**
 * An object whose keys are the author's own (data element names, context-data keys): they are
 * emitted quoted, so the minifier's property mangling never touches them.
 */
export class UserKeys {
  constructor(readonly value: Record<string, unknown>) {}
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A JavaScript literal for plain data with embedded Code. Structural keys are written bare, so
 * they are mangled together with the runtime's own accesses; keys under UserKeys stay quoted. Key order is kept and undefined
 * properties are left out, as JSON.stringify does, so the output depends only on the value.
 */
export function literal(value: unknown, indent = '', quoteKeys = false): string {
  if (value instanceof Code) return value.code;
  if (value instanceof UserKeys) return literal(value.value, indent, true);
  const key = (k: string) => (!quoteKeys && IDENTIFIER.test(k) ? k : JSON.stringify(k));
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => !isComposite(v))) return `[${value.map((v) => literal(v)).join(', ')}]`;
    return `[\n${value.map((v) => inner + literal(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    if (entries.every(([, v]) => !isComposite(v))) return `{ ${entries.map(([k, v]) => `${key(k)}: ${literal(v)}`).join(', ')} }`;
    return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${literal(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`cannot emit ${typeof value} as a literal`);
  return json;
}

const isComposite = (v: unknown) => v instanceof Code || (v !== null && typeof v === 'object');

/**
 * The same value as `literal`, as JSON text for `JSON.parse` in the page, which costs the browser far
 * less than compiling the same object literal (docs/PERFORMANCE.md, "Start-up"). Structural keys are
 * written as the minifier renamed them (`renamed`: esbuild's mangle cache from a first build), keys
 * under UserKeys as they are. Code may only stand as a component's `module` or as `settings.fn` (custom
 * code): it is written as its index in `codes`, and `linkCodes` puts it back. Null for any other shape,
 * which only `literal` can write.
 */
export function jsonLiteral(value: unknown, renamed: Record<string, string | false>): { json: string; codes: Code[] } | null {
  const codes: Code[] = [];
  // One index per distinct code: the same module everywhere is the same number, which compresses well.
  const index = new Map<string, number>();
  let other = false;
  const plain = (v: unknown, userKeys: boolean, key?: string): unknown => {
    // A reviver would cost more than compiling the literal; the linking code knows where codes are.
    const codeKey = !userKeys && (key === 'module' || key === 'fn');
    if (v instanceof Code) {
      if (!codeKey) return void (other = true);
      if (!index.has(v.code)) index.set(v.code, codes.push(v) - 1);
      return index.get(v.code);
    }
    if (codeKey) other = true;
    if (v instanceof UserKeys) return plain(v.value, true);
    if (Array.isArray(v)) return v.map((x) => plain(x, false));
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const name = !userKeys && IDENTIFIER.test(k) ? renamed[k] : undefined;
      out[typeof name === 'string' ? name : k] = plain(x, false, userKeys ? undefined : k);
    }
    return out;
  };
  const json = JSON.stringify(plain(value, false));
  return other ? null : { json, codes };
}

/**
 * Page code that puts the codes back into `[dataElements, rules]` parsed from jsonLiteral's text. Its
 * property names are the runtime's, so the minifier renames them as it renames the runtime's own.
 */
export const linkCodes = (packed: string, codes: string) =>
  [
    `const tw_link = (c) => { c.module = ${codes}[c.module]; if (c.settings && c.settings.fn !== undefined) c.settings.fn = ${codes}[c.settings.fn]; };`,
    `for (const k in ${packed}[0]) tw_link(${packed}[0][k]);`,
    `for (const r of ${packed}[1]) for (const list of [r.events, r.conditions, r.exceptions, r.actions]) if (list) list.forEach(tw_link);`,
  ].join('\n');
