import { describe, expect, it } from 'vitest';
import { createNotifier } from './notifications';
import type { DeliveryClient, DeliveryNotification, Proposition } from './types';

// SPEC §4: render attempted, then one display notification; never twice for one page view; answers of
// `execute` were counted by the decision service and get none.

/** A client that records what it is asked to send (the seam render/ and vendor-api/ also use). */
function recordingClient() {
  const sent: DeliveryNotification[][] = [];
  const client: DeliveryClient = { deliver: () => Promise.reject(new Error('not here')), notify: (n) => void sent.push(n), session: () => 's1' };
  return { client, sent };
}
const proposition = (scopeType: Proposition['scopeType'], scope: string, tokens: Array<string | undefined>, executed = false, state: Proposition['state'] = 'render-attempted'): Proposition => ({
  scope,
  scopeType,
  options: tokens.map((eventToken) => ({ type: 'actions', content: [], ...(eventToken && { eventToken }) })),
  metrics: [{ type: 'click', selector: 'a', eventToken: 'click-1' }],
  executed,
  state,
});

describe('display notifications', () => {
  it('one per prefetched proposition, naming its location; never again for the same token in one page view', () => {
    const { client, sent } = recordingClient();
    const notifier = createNotifier(client);
    const page = proposition('page', 'target-global-mbox', ['d1', 'd2']);
    const view = proposition('view', 'home', ['d3']);
    const mbox = proposition('mbox', 'banner', ['d4', undefined]);
    notifier.displayed([page, view, mbox]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map(({ type, tokens, pageLoad, view, mbox }) => ({ type, tokens, pageLoad, view, mbox }))).toEqual([
      { type: 'display', tokens: ['d1', 'd2'], pageLoad: {}, view: undefined, mbox: undefined },
      { type: 'display', tokens: ['d3'], pageLoad: undefined, view: { name: 'home' }, mbox: undefined },
      { type: 'display', tokens: ['d4'], pageLoad: undefined, view: undefined, mbox: { name: 'banner' } },
    ]);
    for (const n of sent[0]!) expect(n.timestamp).toBeGreaterThan(0);
    expect(new Set(sent[0]!.map((n) => n.id)).size).toBe(3);
    // Rendered again (a second call for the same answer): nothing new to send.
    notifier.displayed([page, view, proposition('mbox', 'banner', ['d4', 'd5'])]);
    expect(sent[1]!.map((n) => n.tokens)).toEqual([['d5']]);
  });

  it('none for answers the service counted (execute), nor for propositions not rendered', () => {
    const { client, sent } = recordingClient();
    createNotifier(client).displayed([proposition('page', 'target-global-mbox', ['d1'], true), proposition('mbox', 'banner', ['d2'], false, 'not-rendered'), { ...proposition('mbox', 'b', ['d3']), state: undefined }]);
    expect(sent).toEqual([[]]);
  });

  it("a click sends the metric's token; a click without a metric sends nothing", () => {
    const { client, sent } = recordingClient();
    const notifier = createNotifier(client);
    const page = proposition('page', 'target-global-mbox', [], true);
    notifier.clicked(page, page.metrics[0]);
    notifier.clicked(page, undefined);
    expect(sent.map((batch) => batch.map(({ type, tokens, pageLoad }) => ({ type, tokens, pageLoad })))).toEqual([[{ type: 'click', tokens: ['click-1'], pageLoad: {} }]]);
  });

  it('an in-app message is notified when it shows, executed or prefetched, once per token; rendering its proposition does not', () => {
    const { client, sent } = recordingClient();
    const notifier = createNotifier(client);
    const message = { type: 'inAppMessage', content: {}, eventToken: 'm1' };
    const prefetched: Proposition = { ...proposition('page', 'target-global-mbox', ['d1']), options: [{ type: 'actions', content: [], eventToken: 'd1' }, message] };
    notifier.displayed([prefetched]);
    expect(sent.map((batch) => batch.map((n) => n.tokens))).toEqual([[['d1']]]);
    notifier.shown({ ...prefetched, executed: true }, 'm1');
    notifier.shown(prefetched, 'm1');
    notifier.shown(prefetched, undefined);
    expect(sent.slice(1).map((batch) => batch.map(({ type, tokens, pageLoad }) => ({ type, tokens, pageLoad })))).toEqual([[{ type: 'display', tokens: ['m1'], pageLoad: {} }]]);
  });
});
