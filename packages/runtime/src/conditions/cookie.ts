import { matchesValue } from '../core/match';
import type { ConditionModule } from '../core/types';

const cookie: ConditionModule = (settings, _event, ctx) => matchesValue(ctx.cookie.get(settings.name as string), settings);
export default cookie;
