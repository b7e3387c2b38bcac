import { describe, expect, it } from 'vitest';
import { parseBridgeMessage, type BridgeMessage } from './bridge-messages';
import { EMPTY_DEBUGGER, EMPTY_TRACE, KEEP, reduceDebugger, reduceTrace, type DebuggerAction, type DebuggerState } from './trace';
import { feedbackHit, pageView } from './test-fixtures';

const run = (messages: BridgeMessage[]) => messages.reduce(reduceTrace, EMPTY_TRACE);
const ready: BridgeMessage = { type: 'ready', property: 'health-site', environment: 'development', buildId: 'b1', url: 'http://dev.health.localhost:8080/' };

describe('parseBridgeMessage', () => {
  it('reads the messages of the debug bridge', () => {
    expect(parseBridgeMessage({ source: 'tagwell', type: 'rule', rule: 'Global page view', event: 'library-loaded', fired: true })).toEqual({
      type: 'rule',
      rule: 'Global page view',
      event: 'library-loaded',
      fired: true,
    });
    expect(parseBridgeMessage({ source: 'tagwell', type: 'rule', rule: 'Search', event: { type: 'dom-ready' }, fired: false, failed: 'conditions[1]', component: 'path' })).toEqual({
      type: 'rule',
      rule: 'Search',
      event: 'dom-ready',
      fired: false,
      failed: 'conditions[1]',
      component: 'path',
    });
    expect(parseBridgeMessage({ source: 'tagwell', type: 'data-elements', values: { 'Page Name': 'asthma', Count: 3 } })).toEqual({
      type: 'data-elements',
      values: { 'Page Name': 'asthma', Count: '3' },
    });
    expect(parseBridgeMessage({ source: 'tagwell', type: 'redaction', field: 'v10', kind: 'email' })).toEqual({ type: 'redaction', field: 'v10', kind: 'email' });
    expect(parseBridgeMessage({ source: 'tagwell', type: 'redaction', field: 'v10', kind: 'email', query: 'AQB=1&AQE=1' })).toEqual({
      type: 'redaction',
      field: 'v10',
      kind: 'email',
      query: 'AQB=1&AQE=1',
    });
  });

  it('ignores what is not a well-formed bridge message', () => {
    expect(parseBridgeMessage({ source: 'tagwell-console', type: 'data-elements' })).toBeUndefined();
    expect(parseBridgeMessage({ type: 'ready' })).toBeUndefined();
    expect(parseBridgeMessage('tagwell')).toBeUndefined();
    expect(parseBridgeMessage({ source: 'tagwell', type: 'redaction', field: 'v10', kind: 'address' })).toBeUndefined();
    expect(parseBridgeMessage({ source: 'tagwell', type: 'rule', fired: true })).toBeUndefined();
    expect(parseBridgeMessage({ source: 'tagwell', type: 'data-elements', values: null })).toBeUndefined();
    expect(parseBridgeMessage({ source: 'tagwell', type: 'eval', code: 'x' })).toBeUndefined();
  });
});

describe('reduceTrace', () => {
  it('keeps rules and log lines newest first, each rule with the page it ran on', () => {
    const state = run([
      ready,
      { type: 'rule', rule: 'Global page view', event: 'library-loaded', fired: true },
      { type: 'rule', rule: 'Search', event: 'dom-ready', fired: false, failed: 'conditions[0]' },
      { type: 'log', level: 'warn', message: 'no survey', time: 5 },
    ]);
    expect(state.bridge).toEqual({ property: 'health-site', environment: 'development', buildId: 'b1', url: 'http://dev.health.localhost:8080/' });
    expect(state.rules).toEqual([
      { id: 3, rule: 'Search', event: 'dom-ready', fired: false, failed: 'conditions[0]', page: 'http://dev.health.localhost:8080/' },
      { id: 2, rule: 'Global page view', event: 'library-loaded', fired: true, page: 'http://dev.health.localhost:8080/' },
    ]);
    expect(state.logs).toEqual([{ id: 4, level: 'warn', message: 'no survey', time: 5 }]);
  });

  it("forgets the old page's data elements when a new page is ready", () => {
    const state = run([ready, { type: 'data-elements', values: { 'Page Name': 'asthma' } }]);
    expect(state.dataElements).toEqual({ 'Page Name': 'asthma' });
    expect(reduceTrace(state, { ...ready, url: 'http://dev.health.localhost:8080/search/' }).dataElements).toBeUndefined();
  });

  it(`keeps at most ${KEEP} rules`, () => {
    const many = Array.from({ length: KEEP + 5 }, (_, i): BridgeMessage => ({ type: 'rule', rule: `r${i}`, event: 'click', fired: true }));
    const state = run(many);
    expect(state.rules).toHaveLength(KEEP);
    expect(state.rules[0]!.rule).toBe(`r${KEEP + 4}`);
  });
});

describe('reduceDebugger', () => {
  const act = (actions: DebuggerAction[], from: DebuggerState = EMPTY_DEBUGGER) => actions.reduce(reduceDebugger, from);

  it('gives the waiting redactions to the next hit only', () => {
    const state = act([
      { type: 'bridge', message: { type: 'redaction', field: 'v10', kind: 'email' } },
      { type: 'bridge', message: { type: 'redaction', field: 'g', kind: 'query-parameter', parameter: 'useremail' } },
      { type: 'hit', beacon: pageView() },
      { type: 'hit', beacon: feedbackHit() },
    ]);
    expect(state.hits.map((h) => [h.beacon.id, h.redactions.map((r) => r.field)])).toEqual([
      ['102', []],
      ['101', ['g', 'v10']],
    ]);
    expect(state.trace.redactions.map((r) => r.hitId)).toEqual(['101', '101']);
  });

  it('pairs a redaction that names its query with that hit, whichever arrives first', () => {
    const page = pageView({ query: 'AQB=1&pageName=a&AQE=1' });
    const link = feedbackHit({ query: 'AQB=1&pageName=b&AQE=1' });
    const state = act([
      // The stored page view reaches the debugger before the page's message about it.
      { type: 'hit', beacon: page },
      { type: 'bridge', message: { type: 'redaction', field: 'g', kind: 'email', query: page.query } },
      // This one waits for its own hit and skips an unrelated one in between.
      { type: 'bridge', message: { type: 'redaction', field: 'v10', kind: 'email', query: link.query } },
      { type: 'hit', beacon: pageView({ id: '103', query: 'AQB=1&pageName=c&AQE=1' }) },
      { type: 'hit', beacon: link },
    ]);
    expect(state.hits.map((h) => [h.beacon.id, h.redactions.map((r) => r.field)])).toEqual([
      ['102', ['v10']],
      ['103', []],
      ['101', ['g']],
    ]);
    expect(state.trace.redactions.map((r) => [r.field, r.hitId])).toEqual([
      ['v10', '102'],
      ['g', '101'],
    ]);
  });

  it('holds hits while paused and shows them on resume, newest first', () => {
    const paused = act([{ type: 'hit', beacon: pageView({ id: '1' }) }, { type: 'pause' }, { type: 'hit', beacon: pageView({ id: '2' }) }, { type: 'hit', beacon: pageView({ id: '3' }) }]);
    expect(paused.hits.map((h) => h.beacon.id)).toEqual(['1']);
    expect(paused.held.map((h) => h.beacon.id)).toEqual(['3', '2']);
    const resumed = reduceDebugger(paused, { type: 'resume' });
    expect(resumed.hits.map((h) => h.beacon.id)).toEqual(['3', '2', '1']);
    expect(resumed.held).toEqual([]);
    expect(reduceDebugger(resumed, { type: 'clear-hits' }).hits).toEqual([]);
  });

  it('clears rules and log but keeps the bridge', () => {
    const state = act([
      { type: 'bridge', message: ready },
      { type: 'bridge', message: { type: 'rule', rule: 'Global page view', event: 'library-loaded', fired: true } },
      { type: 'clear-trace' },
    ]);
    expect(state.trace.rules).toEqual([]);
    expect(state.trace.bridge?.buildId).toBe('b1');
  });
});
