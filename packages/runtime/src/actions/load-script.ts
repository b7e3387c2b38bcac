import { toText } from '../core/read-path';
import type { ActionModule } from '../core/types';
import { pageNonce } from '../core/nonce';

/** Loads a script asynchronously with the page's CSP nonce; the rule waits for it, and a failure is logged. */
const loadScript: ActionModule = (settings, event, ctx) =>
  new Promise<void>((resolve, reject) => {
    const url = toText(ctx.resolve(settings.url, event));
    const script = document.createElement('script');
    script.async = true;
    const nonce = pageNonce(ctx);
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load script ${url}`));
    script.src = url;
    (document.head || document.documentElement).appendChild(script);
  });
export default loadScript;
