import type { Logger } from './types';

export const DEBUG_KEY = 'tagwell.debug';
const PREFIX = '[Tagwell]';
const HISTORY_LIMIT = 200;

/** A logger that keeps a bounded history and prints only while debug is on (kept in localStorage). */
export function createLogger(): Logger & { setDebug(on: boolean): void; isDebug(): boolean } {
  let debug = false;
  try {
    debug = localStorage.getItem(DEBUG_KEY) === 'true';
  } catch {
    // Storage can be blocked (privacy modes, sandboxed frames): stay silent.
  }
  const history: Array<[string, string]> = [];
  const write = (level: 'log' | 'info' | 'warn' | 'error' | 'debug') => (...args: unknown[]) => {
    try {
      history.push([level, args.map(describe).join(' ')]);
      if (history.length > HISTORY_LIMIT) history.shift();
      if (debug) console[level](PREFIX, ...args);
    } catch {
      // Logging must never be the thing that breaks the page.
    }
  };
  return {
    log: write('log'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    debug: write('debug'),
    history,
    setDebug(on) {
      debug = !!on;
      try {
        localStorage.setItem(DEBUG_KEY, String(debug));
      } catch {
        // See above.
      }
    },
    isDebug: () => debug,
  };
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value.length > 500 ? value.slice(0, 500) + '…' : value;
  try {
    return String(value);
  } catch {
    return '[unprintable]';
  }
}
