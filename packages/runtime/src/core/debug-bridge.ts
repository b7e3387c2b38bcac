import { redactions } from '../privacy/redactions';
import { guardThenCut } from '../privacy/guard';
import { scrubText } from '../privacy/scrub-text';
import { scrubUrl } from '../privacy/url';
import type { Bridge, Context, Logger } from './types';

// The console's debugger opens a page in a popup or an iframe with `?tw_debug=<its origin>` and
// hears, by postMessage to that origin only, what the container does there. The mark leaves the
// address before any rule runs, so nothing the page reports carries it. Compiled into development
// and staging containers only (TW_DEBUG_BRIDGE). Every key of a message that leaves the page is
// quoted: esbuild never mangles a quoted property name.

/** sessionStorage key that keeps the later pages of the tab connected. */
export const BRIDGE_KEY = 'tagwell.debugBridge';
const PARAM = 'tw_debug';
/** Longest data-element value sent, in characters. */
export const VALUE_LIMIT = 500;

/** An http(s) origin exactly (a trailing slash allowed), or undefined. */
const originOf = (text: string | null | undefined): string | undefined => {
  try {
    const url = new URL(text || '');
    if (/^https?:$/.test(url.protocol) && (text == url.origin || text == url.origin + '/')) return url.origin;
  } catch {
    // Not a URL: ignored.
  }
};

/** Whether the property lets this console's origin debug it (`http://localhost:*`: any port). */
export const mayDebug = (origin: string, patterns: readonly string[] = []): boolean =>
  patterns.some((p) => p == origin || (p.slice(-2) == ':*' && (origin == p.slice(0, -2) || (origin.startsWith(p.slice(0, -1)) && /^\d+$/.test(origin.slice(p.length - 1))))));

/** A query parameter's name as URLSearchParams reads it ('+' a space, percent-decoded), or the name as written. */
const nameOf = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * The address without the debugger's mark: every `tw_debug` pair goes with the '?' or '&' before it,
 * and a query left empty loses its '?'; everything else stays byte for byte (the page as opened
 * directly).
 */
export const withoutMark = (href: string): string =>
  href.replace(/\?[^#]*/, (query) => query.replace(/[?&]([^&=]*)[^&]*/g, (pair, name: string) => (nameOf(name) == PARAM ? '' : pair)).replace(/^&/, '?'));

/** Reads (no value), removes ('') or writes the remembered origin; blocked storage reads as nothing. */
const session = (value?: string): string | null | undefined => {
  try {
    if (value === undefined) return sessionStorage.getItem(BRIDGE_KEY);
    if (value) sessionStorage.setItem(BRIDGE_KEY, value);
    else sessionStorage.removeItem(BRIDGE_KEY);
  } catch {
    return null;
  }
};

/**
 * Text as it may leave the page for the debugger: through the privacy guard like every hit. Each
 * word with a '?' is read as a URL and loses the denied query parameters; then the text rules
 * (scrubText: postcodes, e-mail addresses, NHS numbers, in every spelling). Never throws.
 */
const guarded = (text: string, denied?: string[]): string => {
  try {
    return scrubText(text.replace(/\S+/g, (word) => (word.includes('?') ? scrubUrl(word, denied) : word)));
  } catch {
    return '';
  }
};

/** A value as the debugger shows it: text as it is, anything else as JSON or its string form, guarded and cut to VALUE_LIMIT. */
const show = (value: unknown, denied?: string[]): string => {
  let text: string;
  try {
    text = typeof value == 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    try {
      text = String(value);
    } catch {
      text = '?';
    }
  }
  // Guarded again after the cut, which can leave a new match at the end.
  return guardThenCut(text, (text) => guarded(text, denied), (text) => text.slice(0, VALUE_LIMIT));
};

/** Connects the container to the debugger when the page asks for it (`tw_debug`) or the tab already did. Never throws. */
export default function debugBridge(ctx: Context, log: Logger & { setDebug(on: boolean): void }): void {
  try {
    const asked = new URLSearchParams(location.search).get(PARAM);
    if (asked !== null) {
      // Before any rule runs: the page URL of every hit, the referrer of the tab's next page, data
      // elements and the address bar read the page as if it had been opened directly.
      try {
        window.history.replaceState(window.history.state, '', withoutMark(location.href));
      } catch {
        // An address that cannot be rewritten keeps the mark; the bridge works all the same.
      }
    }
    if (asked == 'off') {
      session('');
      log.setDebug(false);
      return;
    }
    let origin = originOf(asked);
    if (origin) session(origin);
    else origin = originOf(session());
    if (!origin) return;
    // Any site could open a page with its own origin in tw_debug: only the property's consoles hear it.
    if (!mayDebug(origin, ctx.config.debugOrigins)) return log.warn(`Debug bridge: ${origin} is not one of the property's debugOrigins`);
    const to = origin;
    log.setDebug(true);

    // Never '*': only the debugger's origin may read these. The target is looked up for each message,
    // as the page may drop its opener; a closed or hostile target is ignored.
    const post = (type: string, fields: Record<string, unknown>) => {
      try {
        const target = (window.opener as Window | null) || (window.parent !== window && window.parent);
        if (target) target.postMessage({ 'source': 'tagwell', 'type': type, ...fields }, to);
      } catch {
        // The debugger misses a message; the page carries on.
      }
    };

    // Whatever the bridge posts goes through the privacy guard first, as a hit does: the page's
    // address, log lines and data-element values can hold what the guard keeps out of hits.
    const { build, analytics } = ctx.config;
    const denied = analytics?.deniedParams;
    let url: string;
    try {
      url = scrubUrl(location.href, denied);
    } catch {
      url = '';
    }
    post('ready', { 'property': build.property, 'environment': build.environment, 'buildId': build.buildId, 'url': url });

    // Every logger entry, as the logger wrote it in its history, guarded.
    const history = log.history;
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const write = log[level];
      log[level] = (...args: unknown[]) => {
        write(...args);
        const entry = history[history.length - 1];
        if (entry) post('log', { 'level': entry[0], 'message': guarded(entry[1], denied), 'time': Date.now() });
      };
    }

    // Every data element's value now, as the debugger shows it.
    const values = () => {
      const found: Record<string, string> = Object.create(null);
      // Looking must not change what the page sends: a previous-value or new-or-repeat element
      // writes its cookie when read, so while the debugger reads, cookies are read only.
      const cookie = ctx.cookie;
      ctx.cookie = { get: (name) => cookie.get(name), set: () => undefined, remove: () => undefined };
      try {
        for (const name of Object.keys(ctx.config.dataElements)) found[name] = show(ctx.safe(`Data element "${name}"`, () => ctx.getVar(name), undefined), denied);
      } finally {
        ctx.cookie = cookie;
      }
      return found;
    };

    addEventListener('message', (event) =>
      ctx.safe(
        'Debug bridge',
        () => {
          const data = event.data as Record<string, unknown> | null;
          if (event.origin !== to || !data || data['source'] !== 'tagwell-console' || data['type'] !== 'data-elements') return;
          post('data-elements', { 'values': values() });
        },
        undefined,
      ),
    );

    // What the guard removed from the hit being built, posted with the query it leaves with, so
    // the debugger pairs it with that hit whatever arrives first (the message or the stored hit).
    let found: Array<Record<string, string>> = [];
    // The rule that sends each hit, and the values when it did, until the hit leaves (it may wait for consent or the visitor id).
    const senders = new WeakMap<object, Record<string, unknown>>();
    const bridge: Bridge = {
      onRule(rule, event, failed) {
        try {
          if (!failed) return post('rule', { 'rule': rule.name, 'event': event.type, 'fired': true });
          // `conditions[1]` or `exceptions[0]`, as rules.ts names the place.
          const [, part, index] = /^(\w+)\[(\d+)\]$/.exec(failed) || [];
          const type = ((part == 'conditions' ? rule.conditions : rule.exceptions) || [])[Number(index)]?.type;
          post('rule', type ? { 'rule': rule.name, 'event': event.type, 'fired': false, 'failed': failed, 'component': type } : { 'rule': rule.name, 'event': event.type, 'fired': false, 'failed': failed });
        } catch {
          // As post: never the page's problem.
        }
      },
      onGuard(pairs, config) {
        try {
          for (const [field, value] of pairs)
            for (const { kind, parameter } of redactions(field, value, config))
              found.push(parameter ? { 'field': field, 'kind': kind, 'parameter': parameter } : { 'field': field, 'kind': kind });
        } catch {
          // As post: never the page's problem.
        }
      },
      onSend(hit, event) {
        try {
          senders.set(hit, { 'rule': event.rule, 'event': event.type, 'values': values() });
        } catch {
          // As post: never the page's problem.
        }
      },
      onSent(query, hit) {
        const these = found;
        found = [];
        for (const redaction of these) post('redaction', { ...redaction, 'query': query });
        const sender = hit && senders.get(hit);
        if (sender) post('sent', { ...sender, 'query': query });
      },
    };
    ctx.bridge = bridge;
  } catch {
    // No bridge; the container runs as without one.
  }
}
