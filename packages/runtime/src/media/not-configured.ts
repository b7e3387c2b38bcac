import type { Context } from '../core/types';
import { NOT_CONFIGURED } from './messages';

/**
 * `_satellite.sendMediaEvent` in a development or staging container whose property configures no
 * streaming media: SPEC §8's message, so the site's developers see why their player reports nothing.
 * Production containers without media carry none of it (packages/compiler features.ts).
 */
export default function mediaNotConfigured(ctx: Context): () => boolean {
  return () => (ctx.log.warn(NOT_CONFIGURED), false);
}
