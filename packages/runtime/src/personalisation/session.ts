import type { Context } from '../core/types';

// SPEC §9: the session id lives 1,860,000 ms and is renewed on activity (every request and
// notification renews it). With targetMigrationEnabled (SPEC §5) the session is the one of a Target
// library already on the page: its `mbox` cookie, `session#<id>#<expiry s>|PC#<tntId>#<expiry s>`.

export const SESSION_MS = 1_860_000;
const COOKIE = 'tw_session';
const MBOX = 'mbox';
const VALID = /^[\w-]{1,128}$/;

export interface Session {
  /** The session id, renewed for another 1,860,000 ms. */
  id(): string;
  /** The visitor of a Target library on the page (its `PC` entry), with targetMigrationEnabled. */
  tntId(): string | undefined;
}

/** 32 hex digits from the browser's random source. */
const fresh = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let id = '';
  for (let i = 0; i < bytes.length; i++) id += (bytes[i]! + 256).toString(16).slice(1);
  return id;
};

/** The entries of an `mbox` cookie that have not expired, by name: [value, expiry in seconds]. */
function readMbox(value: string | undefined, nowS: number): Record<string, [string, number]> {
  const entries: Record<string, [string, number]> = {};
  for (const part of (value || '').split('|')) {
    const [name, id, expires] = part.split('#');
    if (name && id && +expires! > nowS) entries[name] = [id, +expires!];
  }
  return entries;
}

export function createSession(ctx: Context, migrate?: boolean): Session {
  return {
    id() {
      const now = Date.now();
      if (migrate) {
        const nowS = Math.floor(now / 1000);
        const entries = readMbox(ctx.cookie.get(MBOX), nowS);
        const own = entries.session && entries.session[0];
        const id = own && VALID.test(own) ? own : fresh();
        entries.session = [id, nowS + SESSION_MS / 1000];
        let last = 0;
        const parts: string[] = [];
        for (const name in entries) {
          parts.push(name + '#' + entries[name]![0] + '#' + entries[name]![1]);
          last = Math.max(last, entries[name]![1]);
        }
        // The cookie lives as long as its longest entry, as the Target library writes it.
        ctx.cookie.set(MBOX, parts.join('|'), { expires: (last * 1000 - now) / 864e5 });
        return id;
      }
      const kept = ctx.cookie.get(COOKIE);
      const id = kept && VALID.test(kept) ? kept : fresh();
      ctx.cookie.set(COOKIE, id, { expires: SESSION_MS / 864e5 });
      return id;
    },
    tntId() {
      const pc = migrate && readMbox(ctx.cookie.get(MBOX), Date.now() / 1000).PC;
      return pc ? pc[0] : undefined;
    },
  };
}
