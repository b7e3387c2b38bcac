import type { ActionModule } from '../core/types';
import { hitOf } from './shared/tracker';

const clearVariables: ActionModule = (_settings, event, ctx) => hitOf(ctx, event).clear();
export default clearVariables;
