import type { Hit } from '../analytics';
import { toText } from '../core/read-path';
import type { ActionModule } from '../core/types';
import { hitOf } from './shared/tracker';

/** SPEC §7: a page-view or link hit with the variables set for it (hitOf), sent after they are set; then they are cleared. */
const sendBeacon: ActionModule = (settings, event, ctx) => {
  const tracker = hitOf(ctx, event);
  let hit: Hit = { type: 'page' };
  if (TW_LINK_HITS && settings.type === 'link') {
    const element = event.element as HTMLAnchorElement | null | undefined;
    const url = settings.linkUrl !== undefined ? toText(ctx.resolve(settings.linkUrl, event)) : element && element.href ? toText(element.href) : undefined;
    hit = {
      type: 'link',
      linkType: (settings.linkType as 'o' | 'd' | 'e') || 'o',
      name: toText(ctx.resolve(settings.linkName, event)),
      url,
      exempt: !!settings.consentExempt,
      // A click that cannot leave the page (a button, an accordion, a same-page link) needs no transport that outlives it.
      stays: event.leavesPage === false,
    };
  }
  // The debugger hears which rule sends it, with the data elements' values now (development and staging containers only).
  if (TW_DEBUG_BRIDGE && ctx.bridge) ctx.bridge.onSend(hit, event);
  tracker.send(hit);
};
export default sendBeacon;
