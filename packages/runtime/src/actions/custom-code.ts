import { forgetCookies } from '../core/cookie';
import { runCode } from '../core/custom-code';
import type { ActionModule } from '../core/types';

/** Custom code compiled at build time; a returned promise holds the rest of the rule. */
const customCode: ActionModule = (settings, event) => {
  try {
    return runCode(settings, event) as void | Promise<unknown>;
  } finally {
    // It may write document.cookie itself: later reads must see it (core/cookie.ts).
    forgetCookies();
  }
};
export default customCode;
