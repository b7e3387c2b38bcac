import { matchesValue, queryParam } from '../core/match';
import type { ConditionModule } from '../core/types';

const queryParameter: ConditionModule = (settings) => matchesValue(queryParam(settings.name as string), settings);
export default queryParameter;
