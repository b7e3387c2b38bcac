import type { ConditionModule } from '../core/types';
import { runCode } from '../core/custom-code';

const customCode: ConditionModule = (settings, event) => !!runCode(settings, event);
export default customCode;
