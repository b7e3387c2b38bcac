import type { DeliveryClient, DeliveryMetric, DeliveryNotification, Proposition } from './types';

// SPEC §4: a proposition moves from not rendered to render attempted, then one display notification
// is sent; a duplicate display is never sent twice for one page view. Answers of `execute` were
// counted as displayed by the decision service (decide.ts), so only prefetched ones are notified.

export interface Notifier {
  /** After rendering: a display notification for each prefetched proposition whose rendering was attempted, not yet notified. */
  displayed(propositions: Proposition[]): void;
  /** An in-app message was shown (prefetched or executed: messages/index.ts): its display notification, once per token. */
  shown(proposition: Proposition, token: string | undefined): void;
  /** A click on rendered content (or a metric's selector): a click notification with the metric's token. */
  clicked(proposition: Proposition, metric: DeliveryMetric | undefined): void;
}

let sequence = 0;

const note = (type: 'display' | 'click', proposition: Proposition, tokens: string[]): DeliveryNotification => ({
  id: Date.now().toString(36) + '-' + ++sequence,
  type,
  timestamp: Date.now(),
  tokens,
  ...(proposition.scopeType == 'page' ? { pageLoad: {} } : proposition.scopeType == 'view' ? { view: { name: proposition.scope } } : { mbox: { name: proposition.scope } }),
});

export function createNotifier(client: DeliveryClient): Notifier {
  /** Display tokens already sent in this page view. */
  const sent: Record<string, true> = {};
  /** The tokens not sent yet in this page view, marked sent. */
  const fresh = (tokens: Array<string | undefined>) => tokens.filter((token): token is string => !!token && !sent[token] && (sent[token] = true));
  return {
    displayed(propositions) {
      const notes: DeliveryNotification[] = [];
      for (const proposition of propositions) {
        // Rendering was not attempted (every option failed, or JSON only): nothing was displayed.
        if (proposition.executed || proposition.state != 'render-attempted') continue;
        // An in-app message is notified when it shows (shown below), if its rule set lets it.
        const tokens = fresh(proposition.options.map((option) => (option.type == 'inAppMessage' ? undefined : option.eventToken)));
        if (tokens.length) notes.push(note('display', proposition, tokens));
      }
      client.notify(notes);
    },
    shown(proposition, token) {
      const tokens = fresh([token]);
      if (tokens.length) client.notify([note('display', proposition, tokens)]);
    },
    clicked(proposition, metric) {
      if (metric && metric.eventToken) client.notify([note('click', proposition, [metric.eventToken])]);
    },
  };
}
