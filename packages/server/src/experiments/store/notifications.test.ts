import { describe, expect, it } from 'vitest';
import { eventToken } from '../../decisions/tokens';
import { notificationEvents, type ClickGoalShape } from './notifications';

const activity: ClickGoalShape = {
  id: 31,
  experiences: [{ offers: [{ type: 'setHtml' }] }, { offers: [{ type: 'trackClick' }, { type: 'setText' }] }],
  goals: [{ type: 'page-view' }, { type: 'click' }, { type: 'analytics-event' }, { type: 'click' }],
};
const at = '2026-03-02T09:00:00.000Z';
const display = (experienceId: number, activityId = 31) => eventToken({ activityId, experienceId, type: 'display' });
const click = (experienceId: number, metric: number) => eventToken({ activityId: 31, experienceId, type: 'click', metric });

describe('notifications into exposures and conversions', () => {
  it('a display is an exposure of its experience', () => {
    expect(notificationEvents([activity], [{ type: 'display', tokens: [display(1)] }], 'v', at)).toEqual({
      exposures: [{ activity: 31, experience: 1, visitorId: 'v', at }],
      conversions: [],
    });
  });

  it("a click converts the click goal its metric names, after the experience's trackClick offers", () => {
    // Experience 0 has no trackClick offer: metrics 0 and 1 are goals 1 and 3.
    const first = notificationEvents([activity], [{ type: 'click', tokens: [click(0, 0), click(0, 1)] }], 'v', at);
    expect(first.conversions.map((c) => c.goal)).toEqual([1, 3]);
    expect(first.exposures.map((e) => e.experience)).toEqual([0, 0]);
    // Experience 1 has one: metric 0 is that offer (no goal), metric 1 is goal 1.
    const second = notificationEvents([activity], [{ type: 'click', tokens: [click(1, 0), click(1, 1)] }], 'v', at);
    expect(second.conversions.map((c) => c.goal)).toEqual([1]);
  });

  it('ignores tokens of other services, unknown activities and unknown experiences', () => {
    const none = notificationEvents([activity], [{ type: 'display', tokens: ['not-a-token', display(0, 99), display(5), click(0, 7)] }], 'v', at);
    expect(none.conversions).toEqual([]);
    expect(none.exposures.map((e) => e.experience)).toEqual([0]);
  });
});
