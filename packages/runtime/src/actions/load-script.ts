import { injectScript } from '../core/inject-script';
import { toText } from '../core/read-path';
import type { ActionModule } from '../core/types';

/** Loads a script asynchronously with the page's CSP nonce; the rule waits for it, and a failure stops it. */
const loadScript: ActionModule = (settings, event, ctx) => injectScript(ctx, toText(ctx.resolve(settings.url, event)));
export default loadScript;
