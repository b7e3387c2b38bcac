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

/** A logger that keeps a bounded history and prints only while debug is on (kept in localStorage). */
export function createLogger(): Logger & { setDebug(on: boolean): void; isDebug(): boolean } {
  // Storage can be blocked (privacy modes, sandboxed frames): then debug is off and not kept.
  const storage = (value?: string) => {
    try {
      return value === undefined ? localStorage.getItem(DEBUG_KEY) : localStorage.setItem(DEBUG_KEY, value);
    } catch {
      return null;
    }
  };
  let debug = storage() == 'true';
  const history: Array<[string, string]> = [];
  const logger = { history, setDebug: (on: boolean) => storage('' + (debug = !!on)), isDebug: () => debug } as ReturnType<typeof createLogger>;
  for (const level of LEVELS) {
    logger[level] = (...args: unknown[]) => {
      history.push([level, args.map(describe).join(' ')]);
      if (history.length > HISTORY_LIMIT) history.shift();
      try {
        if (debug) console[level]('[Tagwell]', ...args);
      } catch {
        // Logging must never be the thing that breaks the page.
      }
    };
  }
  return logger;
}
