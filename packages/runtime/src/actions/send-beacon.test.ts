// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import constant from '../data-elements/constant';
import click from '../events/click';
import directCall from '../events/direct-call';
import { act, ANALYTICS, element, logged, makeConfig, makeRule, on, resetPage, startContainer, startWithContext, stubBeacon } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import sendBeacon from './send-beacon';
import setVariables from './set-variables';

let beacon: ReturnType<typeof stubBeacon>;
beforeEach(() => {
  resetPage();
  beacon = stubBeacon();
  // Keeps happy-dom from following links the tests click.
  window.addEventListener('click', (event) => event.preventDefault());
});

const config = () => makeConfig({ analytics: ANALYTICS, dataElements: { 'Page Name': element('constant', constant, { value: 'nhs:service-search' }) } });

describe('send-beacon: page', () => {
  it('sends a page-view image request to the tracking server, then clears the variables', () => {
    const { ctx } = startWithContext(config());
    const event: RuleEvent = { type: 'dom-ready' };
    setVariables({ vars: [['pageName', '%Page Name%'], ['v1', 'x']], events: [{ name: 'event1' }] }, event, ctx);
    sendBeacon({ type: 'page' }, event, ctx);
    expect(beacon.beacon).toHaveBeenCalledTimes(1);
    expect(beacon.urls()[0]).toMatch(/^http:\/\/metrics\.health\.localhost\/b\/ss\/twtest\/1\/TW-0\.0\.0-test\/s\d+\?AQB=1&/);
    const hit = beacon.hits()[0]!;
    expect(hit.get('pageName')).toBe('nhs:service-search');
    expect(hit.get('events')).toBe('event1');
    expect(hit.get('cc')).toBe('GBP');
    expect(hit.get('g')).toBe(location.href);
    expect(hit.has('pe')).toBe(false);
    expect(hit.has('pev2')).toBe(false);

    sendBeacon({ type: 'page' }, event, ctx);
    const second = beacon.hits()[1]!;
    expect(second.has('pageName')).toBe(false);
    expect(second.has('v1')).toBe(false);
    expect(second.has('events')).toBe(false);
  });
});

describe('send-beacon: a long hit', () => {
  it('goes as a POST body with the same query (URL without query, form-encoded Blob body)', async () => {
    const { ctx } = startWithContext(config());
    const event: RuleEvent = { type: 'dom-ready' };
    const vars = Array.from({ length: 20 }, (_, i) => [`v${i + 1}`, `value ${i + 1} `.repeat(20).trim()]);
    setVariables({ vars: [['pageName', '%Page Name%'], ...vars] }, event, ctx);
    sendBeacon({ type: 'page' }, event, ctx);
    expect(beacon.beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.beacon.mock.calls[0]!;
    expect(String(url)).toMatch(/^http:\/\/metrics\.health\.localhost\/b\/ss\/twtest\/1\/TW-0\.0\.0-test\/s\d+$/);
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('application/x-www-form-urlencoded');
    const query = new URLSearchParams(await (body as Blob).text());
    expect(query.get('pageName')).toBe('nhs:service-search');
    expect(query.get('v20')).toBe(vars[19]![1]);
  });
});

describe('send-beacon: link', () => {
  let ctx: Context;
  beforeEach(() => {
    ctx = startWithContext(config()).ctx;
    document.body.innerHTML = '<a id="pharmacy" href="/service-search/pharmacy?x=1">  Find a   <b>Pharmacy</b> </a><button id="close">Close</button>';
  });
  const anchor = () => document.getElementById('pharmacy')!;

  it('sends pe=lnk_o, the name as pev2 and the clicked link address as pev1', () => {
    sendBeacon({ type: 'link', linkType: 'o', linkName: 'Find a Pharmacy' }, { type: 'click', element: anchor() }, ctx);
    const hit = beacon.hits()[0]!;
    expect(hit.get('pe')).toBe('lnk_o');
    expect(hit.get('pev2')).toBe('Find a Pharmacy');
    expect(hit.get('pev1')).toBe('http://localhost:3000/service-search/pharmacy?x=1');
  });

  it('resolves tokens in the name, e.g. the link text', () => {
    sendBeacon({ type: 'link', linkName: '%Page Name%: %this.@text%' }, { type: 'click', element: anchor() }, ctx);
    expect(beacon.hits()[0]!.get('pev2')).toBe('nhs:service-search: Find a Pharmacy');
  });

  it('defaults to an "other" link; download and exit links on request', () => {
    sendBeacon({ type: 'link', linkName: 'a' }, { type: 'click', element: anchor() }, ctx);
    sendBeacon({ type: 'link', linkType: 'd', linkName: 'b' }, { type: 'click', element: anchor() }, ctx);
    sendBeacon({ type: 'link', linkType: 'e', linkName: 'c' }, { type: 'click', element: anchor() }, ctx);
    expect(beacon.hits().map((hit) => hit.get('pe'))).toEqual(['lnk_o', 'lnk_d', 'lnk_e']);
  });

  it('linkUrl, when set, replaces the element address; without a link there is no pev1', () => {
    sendBeacon({ type: 'link', linkName: 'x', linkUrl: 'https://www.health.localhost/%Page Name%' }, { type: 'click', element: anchor() }, ctx);
    sendBeacon({ type: 'link', linkName: 'Survey: Close' }, { type: 'click', element: document.getElementById('close') }, ctx);
    sendBeacon({ type: 'link', linkName: 'tool_start' }, { type: 'direct-call' }, ctx);
    const [withUrl, button, direct] = beacon.hits();
    expect(withUrl!.get('pev1')).toBe('https://www.health.localhost/nhs:service-search');
    expect(button!.has('pev1')).toBe(false);
    expect(button!.get('pev2')).toBe('Survey: Close');
    expect(direct!.has('pev1')).toBe(false);
  });
});

describe('send-beacon in a click rule', () => {
  it('set-variables then a link hit carrying the clicked link', () => {
    document.body.innerHTML = '<header><a id="login" class="account-link" href="/nhs-app/account"><span>Log in</span></a></header>';
    startContainer(
      makeConfig({
        analytics: ANALYTICS,
        rules: [
          makeRule('Account link', {
            events: [on('click', click, { selector: 'a.account-link', anchorDelay: false })],
            actions: [
              act('set-variables', setVariables, { vars: [['v17', '%this.@text%']], events: [{ name: 'event17' }], linkTrackVars: ['v17'], linkTrackEvents: ['event17'] }),
              act('send-beacon', sendBeacon, { type: 'link', linkType: 'o', linkName: 'Account: %this.@text%' }),
            ],
          }),
        ],
      }),
    );
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(beacon.beacon).toHaveBeenCalledTimes(1);
    const hit = beacon.hits()[0]!;
    expect(hit.get('pe')).toBe('lnk_o');
    expect(hit.get('pev1')).toBe('http://localhost:3000/nhs-app/account');
    expect(hit.get('pev2')).toBe('Account: Log in');
    expect(hit.get('v17')).toBe('Log in');
    expect(hit.get('events')).toBe('event17');
  });

  it('without analytics settings the rule stops and logs; nothing is sent', () => {
    const satellite = startContainer(makeConfig({ rules: [makeRule('r', { events: [on('direct-call', directCall, { id: 'go' })], actions: [act('send-beacon', sendBeacon, { type: 'page' })] })] }));
    expect(() => satellite.track('go')).not.toThrow();
    expect(beacon.beacon).not.toHaveBeenCalled();
    expect(logged(satellite, 'error').some((m) => m.includes('"r"') && m.includes('no analytics settings'))).toBe(true);
  });
});
