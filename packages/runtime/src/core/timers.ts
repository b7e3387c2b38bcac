import type { Context } from './types';

/** setInterval whose callback never throws into the page. */
export function every(ctx: Context, what: string, ms: number, fn: () => void): void {
  setInterval(() => ctx.safe(what, fn, undefined), ms);
}
