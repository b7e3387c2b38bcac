import type { AnalyticsConfig, CookieApi, Logger } from '../core/types';
import { guardHit } from '../privacy';
import { encode, type Pair } from './encode';
import { beaconUrl, send as transmit } from './transport';

export type Hit = { type: 'page' } | { type: 'link'; linkType: 'o' | 'd' | 'e'; name: string; url?: string };

export interface Tracker {
  /** Sets a variable by its query key (`pageName`, `ch`, `c1`, `v88`, ...); `''` or undefined deletes it. */
  set(key: string, value: unknown): void;
  addEvent(name: string, value?: unknown, id?: unknown): void;
  /** A dotted key nests: `tool.name` is sent as `c.&tool.&name=...&.tool&.c`. */
  setContextData(key: string, value: unknown): void;
  /** Query keys (context data as `c.<key>`) a link hit carries; undefined sends every variable set. */
  setLinkTrackVars(keys: string[] | undefined): void;
  setLinkTrackEvents(names: string[] | undefined): void;
  clear(): void;
  send(hit: Hit): void;
  /** The last hits sent (query strings), newest last, bounded to 20 — used by tests and the debugger. */
  sent: string[];
}

export interface TrackerDeps {
  log: Logger;
  cookie: CookieApi;
  cookieDomain?: string;
  /** Whether the visitor may be given and sent an identifier; default yes. */
  canIdentify?: () => boolean;
}

// The variables a rule may set; technical fields (mid, pe, s, ...) belong to send().
const SETTABLE = /^(pageName|g|r|cc|ch|server|products|c([1-9]|[1-6]\d|7[0-5])|v(\d|[1-9]\d|1\d\d|2[0-4]\d|250)|h[1-5]|l[1-3])$/;
// pageName, g, r and cc describe the page every hit happens on, so link filtering keeps them.
const ALWAYS = ['pageName', 'g', 'r', 'cc'];
const SENT_LIMIT = 20;
const ID_DAYS = 730;

/** A value as it is sent: strings as they are, finite numbers and booleans as text, anything else null. */
const text = (v: unknown): string | null =>
  typeof v == 'string' ? v : (typeof v == 'number' && isFinite(v)) || typeof v == 'boolean' ? String(v) : null;

/** Adobe's limits in characters: props and pageName 100, URLs 2047, other variables 255. */
function cap([key, value]: Pair): Pair {
  const max = key == 'pageName' || /^c\d/.test(key) ? 100 : /^(g|r|pev1)$/.test(key) ? 2047 : /^(events|products)$/.test(key) ? 1e9 : 255;
  let v = value.slice(0, max);
  // A cut between the halves of a surrogate pair would leave a lone half.
  if (v.length < value.length && /[\uD800-\uDBFF]$/.test(v)) v = v.slice(0, -1);
  return [key, v];
}

/** The analytics tracker: collects variables for one hit, sends it as an Adobe Analytics image request, then clears. */
export function createTracker(config: AnalyticsConfig, deps: TrackerDeps): Tracker {
  const { log, cookie } = deps;
  const vars = new Map<string, string>();
  const events = new Map<string, string>();
  const ctx = new Map<string, string>();
  let trackVars: string[] | undefined;
  let trackEvents: string[] | undefined;
  let createdId: string | undefined;
  const sent: string[] = [];

  const put = (map: Map<string, string>, key: string, value: unknown) => {
    const v = text(value);
    if (value === undefined || v === '') map.delete(key);
    else if (v !== null) map.set(key, v);
  };

  const visitorId = (): string => {
    try {
      if (!(deps.canIdentify?.() ?? true)) return '';
      const stored = cookie.get(config.visitorCookie);
      if (stored) return stored;
      if (!createdId) {
        const digits = crypto.getRandomValues(new Uint32Array(38));
        createdId = Array.from(digits, (n, i) => (i ? n % 10 : 1 + (n % 9))).join('');
      }
      // Kept in memory too, so blocked cookies do not turn every hit into a new visitor.
      cookie.set(config.visitorCookie, createdId, { expires: ID_DAYS, domain: deps.cookieDomain });
      return createdId;
    } catch {
      // Sandboxed frames throw on document.cookie; old browsers lack crypto: the hit goes without an id.
      return createdId ?? '';
    }
  };

  const clear = () => {
    vars.clear();
    events.clear();
    ctx.clear();
    trackVars = trackEvents = undefined;
  };

  const tracker: Tracker = {
    sent,
    set(key, value) {
      if (SETTABLE.test(key)) put(vars, key, value);
      else log.warn('analytics: unknown variable', key);
    },
    addEvent(name, value, id) {
      if (!/^[a-zA-Z]\w*$/.test(name)) return log.warn('analytics: bad event name', name);
      const v = text(value);
      const serial = text(id)?.replace(/[^a-zA-Z0-9]/g, '').slice(0, 20);
      // Adobe's syntax is `event1:serial=value`; Map.set keeps the first position of a repeated event.
      events.set(name, name + (serial ? ':' + serial : '') + (v && /^-?\d+(\.\d+)?$/.test(v) ? '=' + v : ''));
    },
    setContextData(key, value) {
      put(ctx, key, value);
    },
    setLinkTrackVars(keys) {
      trackVars = keys;
    },
    setLinkTrackEvents(names) {
      trackEvents = names;
    },
    clear,
    send(hit) {
      try {
        const link = hit.type == 'link';
        const keep = (key: string) => !link || !trackVars || ALWAYS.includes(key) || trackVars.includes(key);
        const pairs: Pair[] = [
          ['g', location.href],
          ['r', document.referrer],
          ['cc', config.currency],
        ];
        vars.forEach((value, key) => keep(key) && pairs.push([key, value]));
        ctx.forEach((value, key) => keep('c.' + key) && pairs.push(['c.' + key, value]));
        const sentEvents = [...events].filter(([name]) => !link || !trackEvents || trackEvents.includes(name));
        pairs.push(['events', sentEvents.map((e) => e[1]).join(',')]);
        // Rule settings resolve to any type at run time; the guard only takes text.
        if (link) pairs.push(['pe', 'lnk_' + hit.linkType], ['pev1', text(hit.url) ?? ''], ['pev2', text(hit.name) ?? '']);
        pairs.push(
          ['mid', visitorId()],
          ['s', screen.width + 'x' + screen.height],
          ['c', String(screen.colorDepth)],
          ['k', navigator.cookieEnabled ? 'Y' : 'N'],
          ['bw', String(innerWidth)],
          ['bh', String(innerHeight)],
        );
        // A variable set by a rule replaces the page default pushed first.
        const unique = [...new Map(pairs).entries()];
        // SPEC §5: the privacy guard sees every value last, before anything leaves the page.
        const guarded = guardHit(unique, { postcodeMarked: config.postcodeMarked, deniedParams: config.deniedParams });
        const query = encode(guarded.map(cap));
        const how = transmit(beaconUrl(config), query);
        sent.push(query);
        if (sent.length > SENT_LIMIT) sent.shift();
        log.debug('analytics:', hit.type, how, query);
      } catch (e) {
        log.error('analytics: hit not sent', e);
      } finally {
        // SPEC §7: variables are cleared after each send, so none leaks into the next hit.
        clear();
      }
    },
  };
  return tracker;
}
