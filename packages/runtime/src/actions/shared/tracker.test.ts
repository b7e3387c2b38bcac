// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import constant from '../../data-elements/constant';
import customCode from '../../data-elements/custom-code';
import dataLayer from '../../data-elements/data-layer';
import customEvent from '../../events/custom-event';
import directCall from '../../events/direct-call';
import domReady from '../../events/dom-ready';
import { act, ANALYTICS, element, flushMicrotasks, makeConfig, makeRule, on, page, resetPage, startContainer, stubBeacon } from '../../core/test-helpers';
import type { ActionModule, AnalyticsConfig, ContainerConfig, RuleConfig } from '../../core/types';
import clearVariables from '../clear-variables';
import sendBeacon from '../send-beacon';
import setVariables from '../set-variables';

// Which hit a variable goes with: the rules of one event occurrence set variables for the hit one of
// them sends; nothing reaches the hit of a later occurrence. And the every-hit variables.

let beacon: ReturnType<typeof stubBeacon>;
beforeEach(() => {
  resetPage();
  beacon = stubBeacon();
});

const call = (id: string) => on('direct-call', directCall, { id });
const set = (vars: Array<[string, string]>, events: string[] = []) => act('set-variables', setVariables, { vars, events: events.map((name) => ({ name })) });
const link = (name: string) => act('send-beacon', sendBeacon, { type: 'link', linkName: name });
const pageView = act('send-beacon', sendBeacon, { type: 'page' });
const start = (rules: RuleConfig[], extra: Partial<ContainerConfig> = {}) => startContainer(makeConfig({ analytics: ANALYTICS, rules, ...extra }));
const hits = () => beacon.hits().map((hit) => Object.fromEntries(hit));

describe('variables belong to the hit of their event occurrence', () => {
  it('what a rule sets for an occurrence that sends no hit never reaches a later hit of another rule', async () => {
    const satellite = start([
      // As the health site's search rules: variables for the page view, which this time is skipped.
      makeRule('Search', { events: [call('search')], actions: [set([['v10', 'chickenpox'], ['c15', '48']], ['event2'])] }),
      makeRule('Feedback', { events: [call('feedback')], actions: [set([['v35', 'yes']], ['event25']), link('Feedback: Yes')] }),
      makeRule('Page', { events: [call('page')], actions: [pageView] }),
    ]);
    satellite.track('search');
    await flushMicrotasks();
    satellite.track('feedback');
    await flushMicrotasks();
    satellite.track('page');
    const [feedback, view] = hits();
    expect(feedback).toMatchObject({ v35: 'yes', events: 'event25', pev2: 'Feedback: Yes' });
    for (const hit of [feedback, view]) {
      expect(hit).not.toHaveProperty('v10');
      expect(hit).not.toHaveProperty('c15');
      expect((hit!.events ?? '').split(',')).not.toContain('event2');
    }
  });

  it('the rules one occurrence runs set variables for the same hit, in rule order', () => {
    start([
      makeRule('Search', { events: [on('dom-ready', domReady)], actions: [set([['v10', 'chickenpox']], ['event2'])] }),
      makeRule('Page view', { events: [on('dom-ready', domReady)], actions: [set([['pageName', 'search:results']], ['event1']), pageView] }),
    ]);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    return flushMicrotasks().then(() => {
      expect(hits()).toHaveLength(1);
      expect(hits()[0]).toMatchObject({ pageName: 'search:results', v10: 'chickenpox', events: 'event2,event1' });
    });
  });

  it('each dispatch of a custom event is an occurrence of its own', async () => {
    start([
      makeRule('Set only', { events: [on('custom-event', customEvent, { eventType: 'prepare' })], actions: [set([['v1', 'prepared']])] }),
      makeRule('Send', { events: [on('custom-event', customEvent, { eventType: 'go' })], actions: [link('Go')] }),
    ]);
    document.dispatchEvent(new CustomEvent('prepare'));
    await flushMicrotasks();
    document.dispatchEvent(new CustomEvent('go'));
    expect(hits()[0]).not.toHaveProperty('v1');
  });

  it('a rule that waits between setting and sending keeps its variables, and other hits meanwhile do not take them', async () => {
    let release!: () => void;
    const wait: ActionModule = () => new Promise<void>((resolve) => (release = resolve));
    const satellite = start([
      makeRule('Slow', { events: [call('slow')], actions: [set([['v20', 'bmi']], ['event14']), act('custom-code', wait), link('Tool Start')] }),
      makeRule('Fast', { events: [call('fast')], actions: [set([['v17', 'Find a Pharmacy']], ['event17']), link('Find a Pharmacy')] }),
    ]);
    satellite.track('slow');
    await flushMicrotasks();
    satellite.track('fast');
    release();
    await flushMicrotasks();
    const [fast, slow] = hits();
    expect(fast).toMatchObject({ v17: 'Find a Pharmacy', events: 'event17' });
    expect(fast).not.toHaveProperty('v20');
    expect(slow).toMatchObject({ v20: 'bmi', events: 'event14', pev2: 'Tool Start' });
    expect(slow).not.toHaveProperty('v17');
  });

  it('clear-variables clears only its own occurrence', async () => {
    let release!: () => void;
    const wait: ActionModule = () => new Promise<void>((resolve) => (release = resolve));
    const satellite = start([
      makeRule('Slow', { events: [call('slow')], actions: [set([['v20', 'bmi']]), act('custom-code', wait), pageView] }),
      makeRule('Reset', { events: [call('reset')], actions: [set([['v1', 'x']]), act('clear-variables', clearVariables), link('Reset')] }),
    ]);
    satellite.track('slow');
    await flushMicrotasks();
    satellite.track('reset');
    release();
    await flushMicrotasks();
    const [reset, slow] = hits();
    expect(reset).not.toHaveProperty('v1');
    expect(slow).toMatchObject({ v20: 'bmi' });
  });
});

describe('variables on every hit (SDR "On every hit")', () => {
  const analytics: AnalyticsConfig = {
    ...ANALYTICS,
    everyHit: [
      ['pageName', '%Page Name%'],
      ['ch', '%Primary Category%'],
      ['c5', '%Site Section%'],
      ['v88', '%Stitching Flag%'],
    ],
  };
  const dataElements = {
    'Page Name': element('data-layer', dataLayer, { path: 'page.pageInfo.pageName' }),
    'Primary Category': element('data-layer', dataLayer, { path: 'page.category.primaryCategory' }),
    'Site Section': element('custom-code', customCode, { fn: () => 'web' }),
    'Stitching Flag': element('constant', constant, { value: '' }),
  };
  const onPage = (pageName: string, primaryCategory: string) => (page().digitalData = { page: { pageInfo: { pageName }, category: { primaryCategory } } });

  it('link hits carry the page context of the page they happen on, whatever the link filters say', () => {
    onPage('conditions:chickenpox', 'conditions');
    const satellite = start(
      [
        makeRule('Feedback: Yes', {
          events: [call('yes')],
          actions: [act('set-variables', setVariables, { vars: [['v35', 'yes']], events: [{ name: 'event25' }], linkTrackVars: ['v35'], linkTrackEvents: ['event25'] }), link('Feedback: Yes')],
        }),
        makeRule('Page view', { events: [call('page')], actions: [set([], ['event1']), pageView] }),
      ],
      { analytics, dataElements },
    );
    satellite.track('page');
    satellite.track('yes');
    // The page changes without a page view (a single-page application): the next hit tells the page it is on.
    onPage('conditions:chickenpox:treatment', 'conditions');
    satellite.track('yes');
    const [view, yes, later] = hits();
    expect(view).toMatchObject({ pageName: 'conditions:chickenpox', ch: 'conditions', c5: 'web', events: 'event1' });
    expect(yes).toMatchObject({ pageName: 'conditions:chickenpox', ch: 'conditions', c5: 'web', v35: 'yes', events: 'event25', pe: 'lnk_o' });
    expect(later).toMatchObject({ pageName: 'conditions:chickenpox:treatment', ch: 'conditions', c5: 'web' });
    // An every-hit variable that is empty is not sent.
    for (const hit of [view, yes, later]) expect(hit).not.toHaveProperty('v88');
  });

  it('a variable a rule sets replaces the every-hit value for that hit only', () => {
    onPage('search:results', 'search');
    const satellite = start([makeRule('Virtual page', { events: [call('virtual')], actions: [set([['pageName', 'search:results:filters']]), pageView] }), makeRule('Page', { events: [call('page')], actions: [pageView] })], {
      analytics,
      dataElements,
    });
    satellite.track('virtual');
    satellite.track('page');
    expect(hits().map((hit) => hit.pageName)).toEqual(['search:results:filters', 'search:results']);
  });
});
