import type { Logger } from './types';

export const DEBUG_KEY = 'tagwell.debug';
const HISTORY_LIMIT = 200;
const LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;

/** Text for a logged value; a hostile one (a Proxy that throws on every trap) must not escape. */
const describe = (value: unknown): string => {
  try {
    const text = value instanceof Error ? value.message : '' + value;
    return text.length > 500 ? text.slice(0, 500) + '…' : text;
  } catch {
    return '?';
  }
};

/**
 * A logger that keeps a bounded history and prints only while debug is on (kept in localStorage).
 * A page's first localStorage read is slow (about 8 ms of a throttled phone's main thread, in the
 * head, before the first hit: docs/PERFORMANCE.md), so the flag is read once the window has loaded,
 * or sooner when something asks `isDebug()`; what was logged before is printed then, in order.
 */
export function createLogger(): Logger & { setDebug(on: boolean): void; isDebug(): boolean } {
  // Storage can be blocked (privacy modes, sandboxed frames): then debug is off and not kept.
  const storage = (value?: string) => {
    try {
      return value === undefined ? localStorage.getItem(DEBUG_KEY) : localStorage.setItem(DEBUG_KEY, value);
    } catch {
      return null;
    }
  };
  // Unknown until read.
  let debug: boolean | undefined;
  const history: Array<[string, string]> = [];
  const print = (level: string, args: unknown[]) => {
    try {
      if (debug) console[level as 'log']('[Tagwell]', ...args);
    } catch {
      // Logging must never be the thing that breaks the page.
    }
  };
  const read = () => {
    if (debug === undefined && (debug = storage() == 'true')) for (const [level, text] of history) print(level, [text]);
    return debug;
  };
  // Turned on or off before the read, debug stays as set, and what was logged before stays unprinted.
  const logger = { history, setDebug: (on: boolean) => storage('' + (debug = !!on)), isDebug: read } as ReturnType<typeof createLogger>;
  for (const level of LEVELS) {
    logger[level] = (...args: unknown[]) => {
      history.push([level, args.map(describe).join(' ')]);
      if (history.length > HISTORY_LIMIT) history.shift();
      print(level, args);
    };
  }
  if (document.readyState == 'complete') read();
  else addEventListener('load', read);
  return logger;
}
