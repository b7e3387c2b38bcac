// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import constant from '../data-elements/constant';
import { element, logged, makeConfig, resetPage, settle, startWithContext, watchPageErrors } from '../core/test-helpers';
import loadSurvey from './load-survey';

let errors: unknown[];
let appended: HTMLScriptElement[];
beforeEach(() => {
  resetPage();
  errors = watchPageErrors();
  appended = [];
  // happy-dom cannot fetch scripts: the element is kept out of the document and the test plays the browser.
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => (appended.push(node as unknown as HTMLScriptElement), node));
  const meta = document.createElement('meta');
  meta.setAttribute('name', 'csp-nonce');
  meta.setAttribute('content', 'n0nce');
  document.head.prepend(meta);
});

const base = { brand: 'nhs', project: 'ZN_abc', scriptUrl: 'http://vendor.localhost/survey/intercept.js', sampleRate: 100, cookieDays: 7 };
const start = () => startWithContext(makeConfig({ dataElements: { Marketing: element('constant', constant, { value: 'off' }) } }));

describe('load-survey (SPEC §7, §9)', () => {
  it('samples the visitor into a 7-day cookie, adds the placeholder and injects the script with the nonce', () => {
    const { ctx } = start();
    loadSurvey(base, { type: 'window-loaded' }, ctx);
    expect(document.cookie).toContain('tw_survey_ZN_abc=1');
    expect(document.getElementById('ZN_ZN_abc')).not.toBeNull();
    expect(appended).toHaveLength(1);
    expect(appended[0]!.src).toBe('http://vendor.localhost/survey/intercept.js?brand=nhs&project=ZN_abc');
    expect(appended[0]!.nonce).toBe('n0nce');
    expect(errors).toEqual([]);
  });

  it('needs both the brand and the project: otherwise it logs and injects nothing', () => {
    const { ctx, satellite } = start();
    loadSurvey({ ...base, brand: '' }, { type: 'window-loaded' }, ctx);
    loadSurvey({ ...base, project: '' }, { type: 'window-loaded' }, ctx);
    expect(appended).toEqual([]);
    expect(document.getElementById('ZN_')).toBeNull();
    expect(logged(satellite).filter((m) => /needs both the brand and the project identifier/.test(m))).toHaveLength(2);
  });

  it('keeps the sampling decision: a visitor sampled out stays out', () => {
    document.cookie = 'tw_survey_ZN_abc=0; path=/';
    const { ctx } = start();
    loadSurvey(base, { type: 'window-loaded' }, ctx);
    expect(appended).toEqual([]);
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    document.cookie = 'tw_survey_ZN_abc=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    // A later run, entered as the page enters the container: it reads the cookies afresh (core/cookie.ts).
    ctx.safe('test', () => loadSurvey({ ...base, sampleRate: 50 }, { type: 'window-loaded' }, ctx), undefined);
    expect(appended).toEqual([]);
    expect(document.cookie).toContain('tw_survey_ZN_abc=0');
  });

  it('writes no cookie when the visitor does not allow it, and still loads', () => {
    const { ctx } = start();
    loadSurvey({ ...base, cookiesAllowed: '%Marketing%' }, { type: 'window-loaded' }, ctx);
    expect(document.cookie).not.toContain('tw_survey_ZN_abc');
    expect(appended).toHaveLength(1);
  });

  it("logs 'Could not load Intercept Project' when the provider's script fails", async () => {
    const { ctx, satellite } = start();
    const done = loadSurvey(base, { type: 'window-loaded' }, ctx) as Promise<unknown>;
    appended[0]!.dispatchEvent(new Event('error'));
    await done;
    await settle();
    expect(logged(satellite)).toContain('Could not load Intercept Project');
    expect(errors).toEqual([]);
  });
});
