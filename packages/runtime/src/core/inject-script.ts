import { pageNonce } from './nonce';
import type { Context } from './types';

/** Appends an async script carrying the page's CSP nonce; settles when it loads or fails. */
export function injectScript(ctx: Context, url: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    const nonce = pageNonce(ctx);
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load script ${url}`));
    script.src = url;
    (document.head || document.documentElement).appendChild(script);
  });
}
