// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import consentState from '../analytics/consent';
import { ANALYTICS, element, makeConfig, resetPage, startWithContext, stubBeacon } from '../core/test-helpers';
import type { ContainerConfig } from '../core/types';
import { reportShown, shownOf } from './analytics';
import type { DeliveryOption, Proposition } from './types';

const option = (tokens?: Record<string, unknown>): DeliveryOption => ({ type: 'actions', content: [], ...(tokens && { responseTokens: tokens }) });
const proposition = (...options: DeliveryOption[]): Proposition => ({ scope: 'target-global-mbox', scopeType: 'page', options, metrics: [], executed: true, state: 'render-attempted' });
const shown = (activity: unknown, experience: unknown) => ({ 'activity.id': activity, 'experience.id': experience, 'activity.name': 'Home hero' });

describe('shownOf', () => {
  it('names the activity and experience of every option once, from numbers or their digits', () => {
    const propositions = [
      proposition(option(shown(1001, 1)), option(shown(1001, 1)), option()),
      proposition(option(shown('1002', '0')), option(shown(1001, 1))),
      { scope: 'banner', scopeType: 'mbox', options: [option(shown(7, 2))], metrics: [], executed: false, state: 'render-attempted' } satisfies Proposition,
    ];
    expect(shownOf(propositions)).toEqual([
      { activityId: 1001, experienceId: 1 },
      { activityId: 1002, experienceId: 0 },
      { activityId: 7, experienceId: 2 },
    ]);
  });

  it('skips options whose tokens do not name an activity and an experience by number, and experiences a preview link forced', () => {
    const options = [shown(undefined, 1), shown(1, undefined), shown(-1, 0), shown(1.5, 0), shown('12a', 0), shown({}, 0), shown(null, 0)].map((t) => option(t));
    expect(shownOf([proposition(...options)])).toEqual([]);
    expect(shownOf([proposition(option({ ...shown(1001, 1), 'experience.preview': true }))])).toEqual([]);
    expect(shownOf([])).toEqual([]);
    // SPEC §4: a proposition whose rendering was not attempted (every option failed, or JSON only) was not shown.
    expect(shownOf([{ ...proposition(option(shown(1001, 1))), state: 'not-rendered' }, { ...proposition(option(shown(1002, 0))), state: undefined }])).toEqual([]);
    expect(shownOf([null as unknown as Proposition, { scope: 'x' } as Proposition])).toEqual([]);
    // An in-app message reports itself when its rule set lets it show (messages/index.ts).
    expect(shownOf([proposition({ ...option(shown(1003, 0)), type: 'inAppMessage' })])).toEqual([]);
  });
});

describe('reportShown', () => {
  let beacon: ReturnType<typeof stubBeacon>;
  let choice: { status: string; statistics: string };
  beforeEach(() => {
    resetPage();
    beacon = stubBeacon();
    choice = { status: 'complete', statistics: 'on' };
  });
  afterEach(() => resetPage());

  const start = (partial: Partial<ContainerConfig> = {}) =>
    startWithContext(
      makeConfig({
        analytics: ANALYTICS,
        dataElements: { 'Consent Status': element('custom', () => choice.status), 'Consent Statistics': element('custom', () => choice.statistics) },
        consent: { module: consentState, status: 'Consent Status', statistics: 'Consent Statistics', changeEvent: 'consent-changed' },
        ...partial,
      }),
    ).ctx;
  const hits = () => beacon.hits().map((hit) => Object.fromEntries(hit));

  it('sends a custom link hit of its own carrying the tnta of what was shown', () => {
    const ctx = start();
    reportShown(ctx, [
      { activityId: 1001, experienceId: 1 },
      { activityId: 1002, experienceId: 0 },
    ]);
    expect(hits()).toHaveLength(1);
    expect(hits()[0]).toMatchObject({ tnta: '1001:1:0|2,1002:0:0|2', pe: 'lnk_o', pev2: 'Personalisation display', g: location.href, AQB: '1', AQE: '1' });
    // A link hit: no page view is counted for it.
    expect(hits()[0]).not.toHaveProperty('pageName');
  });

  it('reports each activity and experience once per page, and nothing when everything was reported', () => {
    const ctx = start();
    reportShown(ctx, [{ activityId: 1001, experienceId: 1 }]);
    reportShown(ctx, [{ activityId: 1001, experienceId: 1 }]);
    reportShown(ctx, [
      { activityId: 1001, experienceId: 1 },
      { activityId: 2002, experienceId: 3 },
    ]);
    reportShown(ctx, []);
    expect(hits().map((h) => h.tnta)).toEqual(['1001:1:0|2', '2002:3:0|2']);
  });

  it('goes through the consent gate: waits while the choice is pending, is dropped with Statistics off', () => {
    choice = { status: 'pending', statistics: '' };
    const ctx = start();
    reportShown(ctx, [{ activityId: 1001, experienceId: 1 }]);
    expect(hits()).toEqual([]);
    choice = { status: 'complete', statistics: 'on' };
    document.dispatchEvent(new Event('consent-changed'));
    expect(hits().map((h) => h.tnta)).toEqual(['1001:1:0|2']);

    resetPage();
    beacon = stubBeacon();
    choice = { status: 'complete', statistics: 'off' };
    const off = start();
    reportShown(off, [{ activityId: 1001, experienceId: 1 }]);
    expect(hits()).toEqual([]);
  });

  it('never throws: without analytics settings nothing is sent', () => {
    const ctx = start({ analytics: undefined });
    expect(() => reportShown(ctx, [{ activityId: 1001, experienceId: 1 }])).not.toThrow();
    expect(hits()).toEqual([]);
  });

  it('never throws: bad input sends nothing, a failing tracker is logged', () => {
    const ctx = start();
    expect(() => reportShown(ctx, null as unknown as [])).not.toThrow();
    expect(() => reportShown(ctx, [{ activityId: -1, experienceId: 0 }, { activityId: 'x' as unknown as number, experienceId: 0 }])).not.toThrow();
    expect(hits()).toEqual([]);
    ctx.shared.tracker = {
      batch() {
        throw new Error('tracker broken');
      },
    };
    expect(() => reportShown(ctx, [{ activityId: 5, experienceId: 0 }])).not.toThrow();
    expect(ctx.log.history.some(([level, message]) => level === 'error' && /Personalisation analytics/.test(message))).toBe(true);
  });
});
