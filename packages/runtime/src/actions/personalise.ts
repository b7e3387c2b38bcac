import type { ActionModule } from '../core/types';

/**
 * Issue 15: the page-load decision of the property's personalisation (personalisation/page-load.ts),
 * built by core/boot.ts; run by a rule on library load so the body is hidden before it is painted.
 */
const personalise: ActionModule = (_settings, _event, ctx) => {
  if (TW_PERSONALISATION && ctx.target) ctx.target.pageLoad();
};
export default personalise;
