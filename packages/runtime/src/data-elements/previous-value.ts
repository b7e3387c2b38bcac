import { getPreviousValue } from '../analytics/previous-value';
import { toText } from '../core/read-path';
import type { DataElementModule } from '../core/types';
import { statisticsAllowed } from './shared/statistics';

/** The input's value on the previous read (SPEC §9: 30-minute cookie); stores the current one. Nothing, and no cookie, without Statistics consent. */
const previousValue: DataElementModule = (settings, ctx, event) =>
  (statisticsAllowed(ctx) && getPreviousValue(ctx.cookie, settings.cookie as string, toText(ctx.resolve(settings.input, event)))) || undefined;
export default previousValue;
