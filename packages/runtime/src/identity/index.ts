import { toText } from '../core/read-path';
import type { Context, IdentityConfig, Visitor } from '../core/types';
import { customerIds, digest, type CustomerId } from './customer-ids';
import { answerFrames, askParent } from './handshake';
import { askService } from './service';
import { cleanState, parseState, serialiseState, type IdState } from './state';
import { hostIn, readUrlId, shareCookie, urlIdValue, withoutParam, withParam } from './url-id';

// SPEC §9: the visitor library's constants, in seconds.
const ID_SYNC_INTERVAL = 86_400;
const OPT_OUT_TTL = 7_200;
const REGION_TTL = 604_800;
/** Opt-in storage default expiry: the cookie's lifetime, in days as the cookie API takes it. */
const STORAGE_DAYS = 33_696_000 / 86_400;

/** A lifetime the service gave, when it is a sensible number of seconds; else the spec's default. */
const seconds = (value: unknown, fallback: number) => (typeof value == 'number' && value > 0 && value <= 33_696_000 ? Math.floor(value) : fallback);
const now = () => Math.floor(Date.now() / 1000);

/**
 * The visitor identity (docs/IDENTITY.md): the id the identity service minted, its location hint and
 * blob, kept in one first-party cookie and sent as `mid` on every hit the Statistics choice allows.
 * Nothing is read, written or sent before that choice is on, and the cookie goes when it is withdrawn
 * (the container's consent gate, analytics/consent.ts). Included only when the property uses it.
 */
export default function createIdentity(ctx: Context, config: IdentityConfig): Visitor | undefined {
  const { log } = ctx;
  if ((config.pathExclusions || []).some((pattern) => new RegExp(pattern).test(location.pathname))) {
    log.warn('MCID library not loaded. One of the path exclusions matches the current path.');
    return;
  }
  const consent = ctx.config.consent;
  // CONTRACT §5: the gate the hits obey; without one (the schema requires it) no identifier at all.
  const gate = () => (consent ? consent.module(ctx, consent)() : 'drop');
  const base = (location.protocol == 'https:' ? 'https://' : 'http://') + config.server + '/id/v1/';
  const here = location.hostname;
  const trusted = (host: string) => shareCookie(host, here, ctx.config.cookieDomain) || hostIn(host, config.crossDomainHosts);

  let state: IdState | undefined;
  let started = false;
  /** Hits wait no longer: the id is known, the visitor opted out, or it did not come in time. */
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waiting: Array<[send: (id: string) => void, since: number]> = [];
  /** Customer ids the service has not had yet. */
  let pendingIds: Record<string, CustomerId> | undefined;

  const save = () => {
    if (state && gate() == 'send') ctx.cookie.set(config.cookie, serialiseState(state), { expires: STORAGE_DAYS });
  };
  /** The URL-passed id is an identifier too: it leaves the address bar (reports never carry it: deniedQueryParams). */
  const strip = () => {
    const clean = withoutParam(location.href, config.urlParameter);
    if (clean != location.href) history.replaceState(history.state, '', clean);
  };
  const id = (): string => (gate() == 'send' ? (start(), (state && state.mid) || '') : '');

  const settle = () => {
    settled = true;
    clearTimeout(timer);
    const mid = id();
    for (const [send, since] of waiting.splice(0)) {
      log.debug('Identity: a hit waited ' + (Date.now() - since) + ' ms for the id');
      send(mid);
    }
  };

  /** SPEC §4: the choice withdrawn (or off): the cookie goes, and waiting hits leave without an id. */
  const forget = () => {
    ctx.cookie.remove(config.cookie);
    state = pendingIds = undefined;
    strip();
    settle();
    started = settled = false;
  };

  /** Asks the service: `visitor` mints or refreshes the id (with the one it has), `opt-out` only says whether the visitor opted out. */
  const ask = (path: 'visitor' | 'opt-out') => {
    const mid = state && state.mid;
    const query = path == 'visitor' ? '?container=' + (config.idSyncContainerId || 0) + (mid ? '&mid=' + mid : '') : '';
    askService(base + path + query, config.loadTimeout).then((answer) =>
      ctx.safe(
        'Identity',
        () => {
          if (answer && state && gate() == 'send') {
            const t = now();
            const optOutUntil = t + seconds(answer.optOutTtl, OPT_OUT_TTL);
            const fresh = cleanState({ mid: answer.mid, lh: answer.locationHint, blob: answer.blob });
            // The service's opt-out answer: no id, and none asked for until it expires.
            if (answer.optOut === true) state = { oo: optOutUntil };
            else if (path == 'opt-out') state.oo = optOutUntil;
            else if (fresh.mid) state = { ...state, mid: fresh.mid, lh: fresh.lh, blob: fresh.blob, ttl: t + seconds(answer.ttl, REGION_TTL), oo: optOutUntil };
            // An answer that does not look right changes nothing.
            else answer = undefined;
            if (answer) save();
          }
          settle();
          sync();
        },
        undefined,
      ),
    );
  };

  /** With an id in hand, hits go now; an expired hint and blob, or opt-out answer, are asked for meanwhile. */
  const use = () => {
    const t = now();
    settle();
    if (!((state!.ttl || 0) > t)) ask('visitor');
    else if (!((state!.oo || 0) > t)) ask('opt-out');
  };

  /** Only once the Statistics choice is on: reads the cookie, adopts a URL-passed id, asks where nothing holds. */
  function start() {
    if (started) return;
    started = true;
    state = parseState(ctx.cookie.get(config.cookie));
    const passed = readUrlId(location.search, config.urlParameter, now());
    strip();
    // A fresh URL-passed id joins this host to the visit; its hint, blob and opt-out answer are asked again.
    // Not for a visitor whose opt-out answer holds here.
    if (passed && passed != state.mid && (state.mid || !((state.oo || 0) > now()))) {
      state = { mid: passed, cid: state.cid, cidts: state.cidts };
      save();
    }
    if (state.mid) use();
    else if ((state.oo || 0) > now()) settle();
    else {
      // SPEC §9: a hit waits at most the load timeout for the id, then goes without it.
      timer = setTimeout(() => ctx.safe('Identity', settle, undefined), config.loadTimeout);
      const fromService = () => ask('visitor');
      if (parent != window)
        askParent(trusted, config.handshakeTimeout, (answer) =>
          ctx.safe(
            'Identity',
            () => {
              const given = answer && cleanState(answer);
              if (given && given.mid && state && gate() == 'send') {
                state = { ...given, cid: state.cid, cidts: state.cidts };
                save();
                use();
              } else fromService();
            },
            undefined,
          ),
        );
      else fromService();
    }
    sync();
  }

  /** SPEC §9: customer ids go to the service at most once per id sync interval while unchanged, and only with an id. */
  function sync() {
    if (!pendingIds || !state || !state.mid || gate() != 'send') return;
    const ids = pendingIds;
    const sent = digest(JSON.stringify(ids));
    pendingIds = undefined;
    if (state.cid == sent && now() - (state.cidts || 0) < ID_SYNC_INTERVAL) return;
    askService(base + 'customer-ids', config.loadTimeout, { customerIds: ids }).then((answer) =>
      ctx.safe(
        'Identity',
        () => {
          // Unanswered: the next page sends them again.
          if (!answer) return;
          if (state && state.mid) {
            state.cid = sent;
            state.cidts = now();
            save();
          }
          const rejected = answer.rejected;
          if (Array.isArray(rejected) && rejected.length)
            log.warn('Rejected these customer ids', rejected.map((r) => toText(r && r.type) + ': ' + toText(r && r.reason)).join(', '));
        },
        undefined,
      ),
    );
  }

  const withId = (send: (id: string) => void) => {
    let called = false;
    const once = (mid: string) => {
      if (called) return;
      called = true;
      ctx.safe('Identity', () => send(mid), undefined);
    };
    try {
      if (gate() != 'send') return once('');
      start();
      // The choice was just asked: the id as it stands, without asking again (id() would).
      if (settled) once((state && state.mid) || '');
      else waiting.push([once, Date.now()]);
    } catch (error) {
      log.error('Identity failed:', error);
      once('');
    }
  };

  const safe =
    <A extends unknown[], R>(fn: (...args: A) => R, fallback: (...args: A) => R) =>
    (...args: A): R =>
      ctx.safe('Identity', () => fn(...args), fallback(...args));

  const visitor: Visitor = {
    getMarketingCloudVisitorID: safe(
      (callback?: (id: string) => void) => {
        if (typeof callback == 'function') withId(callback);
        return id();
      },
      () => '',
    ),
    getLocationHint: safe(() => (id() && state!.lh) || '', () => ''),
    getAudienceManagerBlob: safe(() => (id() && state!.blob) || '', () => ''),
    setCustomerIDs: safe(
      (ids: unknown) => {
        const list = customerIds(ids);
        if (!list) return log.warn('Rejected these customer ids', 'not an object of { id, authState } by type');
        pendingIds = list;
        if (gate() == 'send') {
          start();
          sync();
        }
      },
      () => undefined,
    ),
    appendVisitorIDsTo: safe(
      (url: string) => {
        const mid = id();
        return mid ? withParam(toText(url), config.urlParameter, urlIdValue(mid, now())) : url;
      },
      (url) => url,
    ),
    withId,
  };

  const on = (target: EventTarget, type: string, fn: (event: Event) => void, capture?: boolean) =>
    target.addEventListener(type, (event) => ctx.safe('Identity', () => fn(event), undefined), capture);
  // SPEC §4: a new choice starts the identity or removes it.
  if (consent) on(document, consent.changeEvent, () => (gate() == 'send' ? start() : gate() == 'drop' && forget()));
  // A page going away sends its waiting hits now, without the id: none is lost to the wait.
  on(window, 'pagehide', settle);
  // Cross-domain: a link to a trusted host outside this cookie domain carries the id (SPEC §9: valid 5 minutes).
  on(
    document,
    'click',
    (event) => {
      const target = event.target as Element | null;
      const link = target && target.closest ? (target.closest('a[href]') as HTMLAnchorElement | null) : null;
      const host = link && link.hostname;
      if (host && typeof host == 'string' && !shareCookie(host, here, ctx.config.cookieDomain) && hostIn(host, config.crossDomainHosts))
        link.href = visitor.appendVisitorIDsTo(link.href);
    },
    true,
  );
  answerFrames(trusted, (reply) => withId((mid) => mid && reply({ mid, lh: state!.lh, blob: state!.blob, ttl: state!.ttl, oo: state!.oo })));

  const now0 = gate();
  if (now0 == 'send') start();
  else if (now0 == 'drop') forget();
  return visitor;
}
