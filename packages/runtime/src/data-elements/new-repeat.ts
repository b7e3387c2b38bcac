import { getNewRepeat } from '../analytics/new-repeat';
import type { DataElementModule } from '../core/types';
import { statisticsAllowed } from './shared/statistics';

/** 'New' or 'Repeat' visitor (SPEC §9: 30-minute window); nothing, and no cookie, without Statistics consent. */
const newRepeat: DataElementModule = (settings, ctx) =>
  statisticsAllowed(ctx) ? getNewRepeat(ctx.cookie, (settings && (settings.cookie as string)) || undefined) : undefined;
export default newRepeat;
