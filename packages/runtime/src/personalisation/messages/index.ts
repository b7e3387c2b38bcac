import type { Context } from '../../core/types';
import { reportShown, sendTnta } from '../analytics';
import type { Notifier } from '../notifications';
import type { DeliveryOption, Proposition, Shown } from '../types';
import { openDialog } from './dialog';
import { ruleSetHolds } from './rule-set';
import { messageOf } from './validate';

// In-app messages in the page (issue 16 item 2, docs/PERSONALISATION.md "In-app messages"): after the
// page-load decision is rendered and the page shown, the first message whose data is valid (SPEC §5,
// §8) and whose rule set holds is shown as a modal dialog (dialog.ts). Compiled in only for a property
// with a message (TW_IN_APP_MESSAGES). SPEC §4: its display is reported once (a `tnta` display hit and
// a display notification, each suppressed when already sent on this page), then one interact or
// dismiss event: a link hit of its own that reaches the collector and the activity's message goals.
// Each is also recorded in the event history, so that a rule set can say "has not seen this in 7 days".

/** SPEC §4's events as the link names the server counts (schema MESSAGE_LINK_NAMES). */
const LINK_NAMES = { interact: 'Personalisation message interact', dismiss: 'Personalisation message dismiss' };

export interface MessageDeps {
  ctx: Context;
  notifier: Notifier;
  /** The event history (event-history.ts): how often an event happened in the last days, and recording one now. */
  count(name: string, days: number): number;
  record(names: string[]): void;
  nonce?: string;
}

/** One dialog at a time on a page: the one open, while it is on the page. */
let open: Element | undefined;
const showing = () => !!open && open.isConnected;

const id = (value: unknown) => (/^\d{1,15}$/.test('' + value) ? +('' + value) : -1);

/** Shows the first message of the propositions that may be shown here. Never throws. */
export function showMessages(propositions: Proposition[], deps: MessageDeps): void {
  const { ctx } = deps;
  const run = () =>
    ctx.safe(
      'In-app message',
      () => {
        for (const proposition of propositions || [])
          for (const option of (proposition && proposition.options) || []) if (option && option.type == 'inAppMessage' && !showing() && show(proposition, option, deps)) return;
      },
      undefined,
    );
  // The dialog goes into the body: an answer may come while the head is still being read.
  if (document.readyState == 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}

function show(proposition: Proposition, option: DeliveryOption, deps: MessageDeps): boolean {
  const { ctx } = deps;
  const tokens = option.responseTokens || {};
  const shown: Shown = { activityId: id(tokens['activity.id']), experienceId: id(tokens['experience.id']) };
  const message = messageOf(option.content, ctx.log);
  if (!message || shown.activityId < 0 || shown.experienceId < 0) return false;
  if (!ruleSetHolds(message.ruleSet, { ctx, count: deps.count, activity: shown.activityId })) {
    ctx.log.debug('In-app message of activity ' + shown.activityId + ': its rule set does not hold on this page');
    return false;
  }
  // A console preview link's experience is shown to the analyst, never counted or remembered.
  const counted = tokens['experience.preview'] !== true;
  const event = (name: 'display' | 'interact' | 'dismiss') => {
    if (counted) deps.record(['message-' + shown.activityId + '-' + name]);
  };
  const report = (name: 'interact' | 'dismiss') => () =>
    ctx.safe(
      'In-app message',
      () => {
        event(name);
        // Interact is Analytics for Target's click (32767); a dismissal has no Target event of its own, only its link name.
        if (counted) sendTnta(ctx, shown.activityId + ':' + shown.experienceId + ':0' + (name == 'interact' ? '|32767' : ''), LINK_NAMES[name]);
      },
      undefined,
    );
  open = openDialog(message.html, message.display, deps.nonce, { interact: report('interact'), dismiss: report('dismiss') });
  if (!open) {
    ctx.log.warn('In-app message not shown: this browser has no modal dialog');
    return false;
  }
  event('display');
  if (counted) {
    // Each activity and experience once per page (analytics.ts), each token once (notifications.ts).
    reportShown(ctx, [shown]);
    deps.notifier.shown(proposition, option.eventToken);
  }
  return true;
}
