import { getPreviousValue } from '../analytics/previous-value';
import { toText } from '../core/read-path';
import type { DataElementModule } from '../core/types';
import { scrubText } from '../privacy/scrub-text';
import { statisticsAllowed } from './shared/statistics';

/**
 * The input's value on the previous read (SPEC §9: 30-minute cookie); stores the current one. Nothing, and no cookie, without Statistics consent.
 * The cookie keeps the value as the privacy guard's text rules leave it (SPEC §5): a page name holding a postcode or an e-mail address reaches
 * the hit scrubbed, and must not wait in a cookie for the next page either.
 */
const previousValue: DataElementModule = (settings, ctx, event) =>
  (statisticsAllowed(ctx) && getPreviousValue(ctx.cookie, settings.cookie as string, scrubText(toText(ctx.resolve(settings.input, event))))) || undefined;
export default previousValue;
