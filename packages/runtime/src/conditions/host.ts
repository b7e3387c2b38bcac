import { patternOf } from '../core/match';
import type { ConditionModule } from '../core/types';

const host: ConditionModule = (settings) => patternOf(settings).test(location.hostname);
export default host;
