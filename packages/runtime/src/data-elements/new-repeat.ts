import { getNewRepeat } from '../analytics/new-repeat';
import type { DataElementModule } from '../core/types';

/** 'New' or 'Repeat' visitor (SPEC §9: 30-minute window). */
const newRepeat: DataElementModule = (settings, ctx) => getNewRepeat(ctx.cookie, (settings && (settings.cookie as string)) || undefined);
export default newRepeat;
