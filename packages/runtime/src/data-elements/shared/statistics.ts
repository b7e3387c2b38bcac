import type { Context } from '../../core/types';

/**
 * SPEC §4: the visitor cookies of the analytics helpers (new-versus-repeat, previous value) are
 * read and written only when analytics hits may leave: the visitor's Statistics choice is on, or
 * the container has no consent settings.
 */
export function statisticsAllowed(ctx: Context): boolean {
  const consent = ctx.config.consent;
  return !TW_CONSENT || !consent || consent.module(ctx, consent)() == 'send';
}
