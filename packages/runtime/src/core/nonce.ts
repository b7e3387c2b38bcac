import type { Context } from './types';

/**
 * The container script's own nonce, read while the script runs (the only time `currentScript` is
 * set). Read here, when this module is bundled, so that a container that injects nothing never
 * asks: the first `currentScript` read cost a throttled phone's head a few ms (docs/PERFORMANCE.md).
 */
const OWN_NONCE = (document.currentScript as HTMLScriptElement | null)?.nonce;

/** The CSP nonce from the page's head meta tag (default name csp-nonce), else the container script's own nonce. */
export function pageNonce(ctx: Context): string | undefined {
  const meta = document.querySelector(`meta[name="${(ctx.config.nonceMeta || 'csp-nonce').replace(/["\\]/g, '')}"]`);
  const fromMeta = meta && meta.getAttribute('content');
  if (fromMeta) return fromMeta;
  return OWN_NONCE || undefined;
}
