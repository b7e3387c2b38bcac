import { runCode } from '../core/custom-code';
import type { ActionModule } from '../core/types';

/** Custom code compiled at build time; a returned promise holds the rest of the rule. */
const customCode: ActionModule = (settings, event) => runCode(settings, event) as void | Promise<unknown>;
export default customCode;
