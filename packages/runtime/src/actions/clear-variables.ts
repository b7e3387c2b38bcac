import type { ActionModule } from '../core/types';
import { trackerOf } from './shared/tracker';

const clearVariables: ActionModule = (_settings, _event, ctx) => trackerOf(ctx).clear();
export default clearVariables;
