import { toText } from '../core/read-path';
import type { ActionModule } from '../core/types';
import { hitOf } from './shared/tracker';

/** SPEC §7: a page-view or link hit with the variables set for it (hitOf), sent after they are set; then they are cleared. */
const sendBeacon: ActionModule = (settings, event, ctx) => {
  const tracker = hitOf(ctx, event);
  if (!TW_LINK_HITS || settings.type !== 'link') return tracker.send({ type: 'page' });
  const element = event.element as HTMLAnchorElement | null | undefined;
  const url = settings.linkUrl !== undefined ? toText(ctx.resolve(settings.linkUrl, event)) : element && element.href ? toText(element.href) : undefined;
  tracker.send({
    type: 'link',
    linkType: (settings.linkType as 'o' | 'd' | 'e') || 'o',
    name: toText(ctx.resolve(settings.linkName, event)),
    url,
    exempt: !!settings.consentExempt,
  });
};
export default sendBeacon;
