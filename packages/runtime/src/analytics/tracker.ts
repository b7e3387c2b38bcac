import type { AnalyticsConfig, Bridge, Logger, PostTrackCallback, PreinstalledTracker, Visitor } from '../core/types';
import { guardHit, type guardValue, URL_KEYS } from '../privacy';
import { encode, type Pair } from './encode';
import { sendThenCall } from './post-track';
import { beaconUrl, send as transmit } from './transport';

/**
 * `exempt`: sent whatever the consent state, without an identifier (the report of the choice itself, SPEC §4).
 * `stays`: a link hit of a click that cannot leave the page, which an image delivers (analytics/transport.ts).
 */
export type Hit = ({ type: 'page' } | { type: 'link'; linkType: 'o' | 'd' | 'e'; name: string; url?: string; stays?: boolean }) & { exempt?: boolean };

/** The variables of one hit, by query key, and the hit itself. */
export interface HitVariables {
  /** Sets a variable by its query key (`pageName`, `ch`, `c1`, `v88`, ...); `''` or undefined deletes it. */
  set(key: string, value: unknown): void;
  addEvent(name: string, value?: unknown, id?: unknown): void;
  /** A dotted key nests: `tool.name` is sent as `c.&tool.&name=...&.tool&.c`. */
  setContextData(key: string, value: unknown): void;
  /** Query keys (context data as `c.<key>`) a link hit carries; undefined sends every variable set. */
  setLinkTrackVars(keys: string[] | undefined): void;
  setLinkTrackEvents(names: string[] | undefined): void;
  clear(): void;
  /** Sends the hit with what was set for it (and the every-hit variables), then clears. */
  send(hit: Hit): void;
}

export interface Tracker extends HitVariables {
  /**
   * New variables for a hit of their own, sent through this tracker: each occurrence of an event gets
   * one (actions/shared/tracker.ts), so nothing set for one occurrence reaches another's hit. The
   * tracker's own variables serve callers without an occurrence.
   */
  batch(): HitVariables;
  /** Sends or drops the hits waiting for consent, as the consent state now says. */
  release(): void;
  /**
   * The last hits sent (query strings), newest last, bounded to 20, for tests: kept only in development and
   * staging containers (TW_DEBUG_BRIDGE), so a production page holds no copy of its hits.
   */
  sent?: string[];
}

export interface TrackerDeps {
  log: Logger;
  /** The consent gate (analytics/consent.ts); without one every hit is sent. */
  gate?: () => 'send' | 'wait' | 'drop';
  /**
   * The privacy guard of each value (privacy/guard.ts): a page that sends more than its page view passes one that
   * remembers what it guarded (rememberedGuard), since every hit repeats the page's values; guardValue without one.
   */
  guard?: typeof guardValue;
  /** The debug bridge, told what the guard removes (development and staging containers only). */
  bridge?: Bridge;
  /** The variables on every hit, by query key, as they are when the hit is sent (the page it happens on). */
  everyHit?: () => Array<[key: string, value: unknown]>;
  /** The visitor identity (identity/index.ts): the id each hit carries as `mid`, when the Statistics choice allows it. */
  identity?: Pick<Visitor, 'withId'>;
  /** The tracker preinstalled on the page (analytics/preinstalled.ts): hits wait for it, then leave with its account and server. */
  preinstalled?: PreinstalledTracker;
  /** The visitor's event history (personalisation/event-history.ts): told the events of each hit that leaves. Never throws. */
  history?: (events: string[]) => void;
  /** The site's post-track callbacks (settings.postTrackCallbacks): each is called with the hit's URL once it is sent. */
  callbacks?: PostTrackCallback[];
}

/** Hits kept in memory while consent is pending; older ones beyond this are dropped. */
const QUEUE_LIMIT = 50;

// pageName, g, r and cc describe the page every hit happens on, so link filtering keeps them (as it
// keeps the every-hit variables).
const ALWAYS = ['pageName', 'g', 'r', 'cc'];

/** A value as it is sent: strings as they are, finite numbers and booleans as text, anything else null. */
const text = (v: unknown): string | null =>
  typeof v == 'string' ? v : (typeof v == 'number' && isFinite(v)) || typeof v == 'boolean' ? '' + v : null;

/** What the consent gate says of a hit now; without a gate every hit is sent. */
const consentState = (deps: TrackerDeps) => (TW_CONSENT && deps.gate ? deps.gate() : 'send');

/** Adobe's limits in characters: props and pageName 100, URLs 2047, events and products uncut, the rest 255. */
function cap(key: string, value: string): string {
  const max = /^(pageName|c\d+)$/.test(key) ? 100 : URL_KEYS.includes(key) ? 2047 : /^(events|products)$/.test(key) ? 1e9 : 255;
  // A cut between the halves of a surrogate pair would leave a lone half.
  return value.length > max ? value.slice(0, max).replace(/[\uD800-\uDBFF]$/, '') : value;
}

/**
 * The analytics tracker: collects variables for a hit, sends it as an Adobe Analytics image request
 * (analytics/transport.ts), then clears them. Each occurrence of an event collects its own (`batch`),
 * so a hit carries only what was set for it.
 */
export function createTracker(config: AnalyticsConfig, deps: TrackerDeps): Tracker {
  const { log } = deps;
  // Hits waiting for the consent choice, oldest first; made by the first that waits (only a gate makes one wait).
  let waiting: Array<() => void> | undefined;

  const hitVariables = (): HitVariables => {
    // Variables by query key; context data as `c.<key>`, so link filtering treats both alike.
    const vars = new Map<string, string>();
    const events = new Map<string, string>();
    let trackVars: string[] | undefined;
    let trackEvents: string[] | undefined;

    const put = (key: string, value: unknown) => {
      const v = text(value);
      if (value === undefined || v === '') vars.delete(key);
      else if (v !== null) vars.set(key, v);
    };

    const clear = () => {
      vars.clear();
      events.clear();
      trackVars = trackEvents = undefined;
    };

    return {
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
          // SDR: the page context goes on every hit, link filters or not; a variable a rule sets wins.
          if (TW_EVERY_HIT && deps.everyHit) for (const [key, value] of deps.everyHit()) pairs.push([key, text(value) || '']);
          vars.forEach((value, key) => (!link || !trackVars || ALWAYS.includes(key) || trackVars.includes(key)) && pairs.push([key, value]));
          let names = [...events.keys()];
          if (link && trackEvents) names = names.filter((name) => trackEvents!.includes(name));
          pairs.push(
            ['events', names.map((name) => events.get(name)).join(',')],
            ['s', screen.width + 'x' + screen.height],
            ['c', '' + screen.colorDepth],
            ['k', navigator.cookieEnabled ? 'Y' : 'N'],
            ['bw', '' + innerWidth],
            ['bh', '' + innerHeight],
          );
          // Rule settings resolve to any type at run time; the guard only takes text.
          if (link) pairs.push(['pe', 'lnk_' + link.linkType], ['pev1', text(link.url) || ''], ['pev2', text(link.name) || '']);
          const now = new Date();
          // Encoded when it leaves, so a hit that waited for consent carries the identifier allowed then.
          const leave = (mid?: string) => {
            try {
              // A variable set by a rule replaces the page default pushed first. SPEC §5: the privacy guard sees
              // every value last, capped after it and guarded again where the cap cut (guardHit). The debugger hears
              // what goes (after the first round, only what a cut made).
              const last = [...new Map(TW_IDENTITY && mid ? pairs.concat([['mid', mid]]) : pairs)];
              // Without link hits (the minimal container) the guard's call stays as it was: 4 bytes of a 5 KB budget.
              const query = encode(
                TW_DEBUG_BRIDGE && deps.bridge
                  ? guardHit(last, config, cap, (key, value) => deps.bridge!.onGuard([[key, value]], config), deps.guard)
                  : TW_LINK_HITS
                    ? guardHit(last, config, cap, undefined, deps.guard)
                    : guardHit(last, config, cap),
                now,
              );
              if (TW_DEBUG_BRIDGE && deps.bridge) deps.bridge.onSent(query, hit);
              // A link hit is sent from a click that may leave the page (a card, a tool start, an exit link): an image
              // would be cancelled by the navigation, so it leaves by a transport that outlives the page, unless its
              // click cannot leave (sendBeacon costs the click three times an image's main-thread time).
              const unload = !!link && !link.stays;
              const how =
                TW_POST_TRACK && deps.callbacks
                  ? sendThenCall(deps.callbacks, log, beaconUrl(TW_PREINSTALLED && deps.preinstalled ? deps.preinstalled.config : config), query, unload)
                  : transmit(beaconUrl(TW_PREINSTALLED && deps.preinstalled ? deps.preinstalled.config : config), query, unload);
              if (TW_DEBUG_BRIDGE && tracker.sent!.push(query) > 20) tracker.sent!.shift();
              if (TW_EVENT_HISTORY && deps.history) deps.history(names);
              log.debug('analytics:', hit.type, how, query);
            } catch (e) {
              log.error('analytics: hit not sent', e);
            }
          };
          // CONTRACT §5: the visitor id, when the Statistics choice allows it; a hit waits for it at most the
          // load timeout (SPEC §9), and the identity calls back once, so none is lost or sent twice. While the page's
          // own tracker is looked for, the hit waits in order and comes back here once (SPEC §9). Any other hit comes
          // here with the choice on, as just asked, and the identity asks again itself; an exempt hit asks here first.
          const deliver = (): unknown =>
            (TW_PREINSTALLED && deps.preinstalled && deps.preinstalled.hold(deliver)) ||
            (TW_IDENTITY && deps.identity && (!hit.exempt || consentState(deps) == 'send') ? deps.identity.withId(leave) : leave());
          // SPEC §4: while consent is pending hits wait in memory; with Statistics off they are dropped.
          if (!TW_CONSENT) deliver();
          else {
            const decision = hit.exempt ? 'send' : consentState(deps);
            if (decision == 'send') deliver();
            else if (decision == 'wait') {
              if ((waiting ||= []).push(deliver) > QUEUE_LIMIT) waiting.shift();
            } else log.debug('analytics: hit dropped: no consent');
          }
        } catch (e) {
          log.error('analytics: hit not sent', e);
        } finally {
          // SPEC §7: variables are cleared after each send, so none leaks into the next hit.
          clear();
        }
      },
    };
  };

  const tracker: Tracker = {
    ...hitVariables(),
    ...(TW_DEBUG_BRIDGE && { sent: [] }),
    batch: hitVariables,
    release() {
      if (TW_CONSENT) {
        const now = consentState(deps);
        if (now != 'wait' && waiting) for (const deliver of waiting.splice(0)) if (now == 'send') deliver();
      }
    },
  };
  return tracker;
}
