import { toText } from '../core/read-path';
import type { ConsentConfig, Context } from '../core/types';

/** What the tracker does with a hit now: send it, keep it in memory, or drop it. */
export type ConsentState = 'send' | 'wait' | 'drop';

/**
 * SPEC §4: the visitor's Statistics choice decides whether analytics hits leave the page. While
 * the consent status is pending (no choice yet) hits wait; Statistics on sends them, off drops
 * them. Included in a container only when its property declares consent settings.
 */
export default function consentState(ctx: Context, consent: ConsentConfig): () => ConsentState {
  return () => {
    const status = toText(ctx.getVar(consent.status)).toLowerCase();
    if (!status || status == 'pending') return 'wait';
    return /^(on|true|yes|granted)$/i.test(toText(ctx.getVar(consent.statistics))) ? 'send' : 'drop';
  };
}
