import type { AnalyticsConfig, Bridge, CookieApi, Logger } from '../core/types';
import { guardHit } from '../privacy';
import { encode, type Pair } from './encode';
import { beaconUrl, send as transmit } from './transport';

/** `exempt`: sent whatever the consent state, without an identifier (the report of the choice itself, SPEC §4). */
export type Hit = ({ type: 'page' } | { type: 'link'; linkType: 'o' | 'd' | 'e'; name: string; url?: string }) & { exempt?: boolean };

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
  /** Sends or drops the hits waiting for consent, as the consent state now says. */
  release(): void;
  /** The last hits sent (query strings), newest last, bounded to 20 — used by tests and the debugger. */
  sent: string[];
}

export interface TrackerDeps {
  log: Logger;
  cookie: CookieApi;
  /** The consent gate (analytics/consent.ts); without one every hit is sent. */
  gate?: () => 'send' | 'wait' | 'drop';
  /** The debug bridge, told what the guard removes (development and staging containers only). */
  bridge?: Bridge;
}

/** Hits kept in memory while consent is pending; older ones beyond this are dropped. */
const QUEUE_LIMIT = 50;

// pageName, g, r and cc describe the page every hit happens on, so link filtering keeps them.
const ALWAYS = ['pageName', 'g', 'r', 'cc'];

/** A value as it is sent: strings as they are, finite numbers and booleans as text, anything else null. */
const text = (v: unknown): string | null =>
  typeof v == 'string' ? v : (typeof v == 'number' && isFinite(v)) || typeof v == 'boolean' ? '' + v : null;

/** Adobe's limits in characters: props and pageName 100, URLs 2047, events and products uncut, the rest 255. */
function cap(pair: Pair): Pair {
  const [key, value] = pair;
  const max = /^(pageName|c\d+)$/.test(key) ? 100 : /^(g|r|pev1)$/.test(key) ? 2047 : /^(events|products)$/.test(key) ? 1e9 : 255;
  // A cut between the halves of a surrogate pair would leave a lone half.
  return [key, value.slice(0, max).replace(value.length > max ? /[\uD800-\uDBFF]$/ : /$^/, '')];
}

/** The analytics tracker: collects variables for one hit, sends it as an Adobe Analytics image request, then clears. */
export function createTracker(config: AnalyticsConfig, deps: TrackerDeps): Tracker {
  const { log, cookie } = deps;
  // Variables by query key; context data as `c.<key>`, so link filtering treats both alike.
  const vars = new Map<string, string>();
  const events = new Map<string, string>();
  const sent: string[] = [];
  const waiting: Array<() => void> = [];
  const state = () => (TW_CONSENT && deps.gate ? deps.gate() : 'send');
  let trackVars: string[] | undefined;
  let trackEvents: string[] | undefined;

  const put = (key: string, value: unknown) => {
    const v = text(value);
    if (value === undefined || v === '') vars.delete(key);
    else if (v !== null) vars.set(key, v);
  };

  /** The visitor identifier the identity service keeps in its cookie, when identification is allowed. */
  const visitorId = (): string => {
    try {
      return ((!TW_CONSENT || state() == 'send') && cookie.get(config.visitorCookie)) || '';
    } catch {
      // Sandboxed frames throw on document.cookie: the hit goes without an id.
      return '';
    }
  };

  const clear = () => {
    vars.clear();
    events.clear();
    trackVars = trackEvents = undefined;
  };

  const guard = (pairs: Pair[]) => {
    // The debugger hears what goes (the second pass, after the cap, finds only what the cut made).
    if (TW_DEBUG_BRIDGE && deps.bridge) deps.bridge.onGuard(pairs, config);
    return guardHit(pairs, config);
  };

  return {
    sent,
    // Keys come from the compiler, which accepts only real variables (packages/schema variables.ts).
    set: put,
    addEvent(name, value, id) {
      const v = text(value);
      const serial = (text(id) || '').replace(/[^a-z\d]/gi, '').slice(0, 20);
      // Adobe's syntax is `event1:serial=value`; Map.set keeps the first position of a repeated event.
      events.set(name, name + (serial && ':' + serial) + (v && /^-?\d+(\.\d+)?$/.test(v) ? '=' + v : ''));
    },
    setContextData: (key, value) => put('c.' + key, value),
    setLinkTrackVars: (keys) => (trackVars = keys),
    setLinkTrackEvents: (names) => (trackEvents = names),
    clear,
    send(hit) {
      try {
        const link = TW_LINK_HITS && hit.type == 'link' && hit;
        const pairs: Pair[] = [
          ['g', location.href],
          ['r', document.referrer],
          ['cc', config.currency],
        ];
        vars.forEach((value, key) => (!link || !trackVars || ALWAYS.includes(key) || trackVars.includes(key)) && pairs.push([key, value]));
        const names = [...events.keys()].filter((name) => !link || !trackEvents || trackEvents.includes(name));
        pairs.push(['events', names.map((name) => events.get(name)).join(',')]);
        // Rule settings resolve to any type at run time; the guard only takes text.
        if (link) pairs.push(['pe', 'lnk_' + link.linkType], ['pev1', text(link.url) || ''], ['pev2', text(link.name) || '']);
        pairs.push(
          ['s', screen.width + 'x' + screen.height],
          ['c', '' + screen.colorDepth],
          ['k', navigator.cookieEnabled ? 'Y' : 'N'],
          ['bw', '' + innerWidth],
          ['bh', '' + innerHeight],
        );
        const now = new Date();
        // Encoded when it leaves, so a hit that waited for consent carries the identifier allowed then.
        const deliver = () => {
          try {
            // A variable set by a rule replaces the page default pushed first. SPEC §5: the privacy guard
            // sees every value last; it runs again after the cap, whose cut could leave a new match at the end.
            const query = encode(guard(guard([...new Map(pairs.concat([['mid', visitorId()]]))]).map(cap)).map(cap), now);
            if (TW_DEBUG_BRIDGE && deps.bridge) deps.bridge.onSent(query);
            const how = transmit(beaconUrl(config), query);
            sent.push(query);
            if (sent.length > 20) sent.shift();
            log.debug('analytics:', hit.type, how, query);
          } catch (e) {
            log.error('analytics: hit not sent', e);
          }
        };
        // SPEC §4: while consent is pending hits wait in memory; with Statistics off they are dropped.
        const decision = TW_CONSENT && !hit.exempt ? state() : 'send';
        if (decision == 'send') deliver();
        else if (TW_CONSENT && decision == 'wait') {
          if (waiting.push(deliver) > QUEUE_LIMIT) waiting.shift();
        } else if (TW_CONSENT) log.debug('analytics: hit dropped: no consent');
      } catch (e) {
        log.error('analytics: hit not sent', e);
      } finally {
        // SPEC §7: variables are cleared after each send, so none leaks into the next hit.
        clear();
      }
    },
    release() {
      const now = state();
      if (TW_CONSENT && now != 'wait') for (const deliver of waiting.splice(0)) if (now == 'send') deliver();
    },
  };
}
