import type { Context } from './types';

/** The CSP nonce from the page's head meta tag (default name csp-nonce), else the container script's own nonce. */
export function pageNonce(ctx: Context): string | undefined {
  const meta = document.querySelector(`meta[name="${(ctx.config.nonceMeta || 'csp-nonce').replace(/["\\]/g, '')}"]`);
  const fromMeta = meta && meta.getAttribute('content');
  if (fromMeta) return fromMeta;
  const own = ctx.shared.scriptNonce as string | undefined;
  return own || undefined;
}
