import { patternOf } from '../core/match';
import type { ConditionModule } from '../core/types';

const path: ConditionModule = (settings) => patternOf(settings).test(location.pathname);
export default path;
