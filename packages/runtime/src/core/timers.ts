import type { Context } from './types';

/** setInterval whose callback never throws into the page; returns the interval's id. */
export function every(ctx: Context, what: string, ms: number, fn: () => void): ReturnType<typeof setInterval> {
  return setInterval(() => ctx.safe(what, fn, undefined), ms);
}
