// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import constant from '../data-elements/constant';
import directCall from '../events/direct-call';
import { act, element, flushMicrotasks, journal, logged, makeConfig, makeRule, on, resetPage, settle, startContainer, startWithContext, watchPageErrors } from '../core/test-helpers';
import type { ContainerConfig } from '../core/types';
import loadScript from './load-script';

let errors: unknown[];
let appended: HTMLScriptElement[];
beforeEach(() => {
  resetPage();
  errors = watchPageErrors();
  appended = [];
  // happy-dom cannot fetch scripts: the element is kept out of the document and the test plays the browser.
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => (appended.push(node as unknown as HTMLScriptElement), node));
});

const nonceMeta = (content: string, name = 'csp-nonce') => {
  const meta = document.createElement('meta');
  meta.setAttribute('name', name);
  meta.setAttribute('content', content);
  document.head.prepend(meta);
};
const config = (extra: Partial<ContainerConfig> = {}) =>
  makeConfig({ dataElements: { 'Project Id': element('constant', constant, { value: 'p-42' }) }, ...extra });

describe('load-script', () => {
  it('adds an async script with the resolved URL and the nonce from the page meta tag', () => {
    nonceMeta('r4nd0m-n0nce');
    const { ctx } = startWithContext(config());
    const result = loadScript({ url: 'https://vendor.localhost/intercept.js?project=%Project Id%&a=%20b' }, { type: 'window-loaded' }, ctx);
    expect(result).toBeInstanceOf(Promise);
    expect(appended).toHaveLength(1);
    const script = appended[0]!;
    expect(script.tagName).toBe('SCRIPT');
    expect(script.async).toBe(true);
    expect(script.nonce).toBe('r4nd0m-n0nce');
    expect(script.src).toBe('https://vendor.localhost/intercept.js?project=p-42&a=%20b');
  });

  it('uses the meta tag the container names', () => {
    nonceMeta('wrong', 'csp-nonce');
    nonceMeta('right', 'tw-nonce');
    const { ctx } = startWithContext(config({ nonceMeta: 'tw-nonce' }));
    loadScript({ url: 'https://vendor.localhost/a.js' }, { type: 'dom-ready' }, ctx);
    expect(appended[0]!.nonce).toBe('right');
  });

  it("falls back to the container script's own nonce, and goes without one when there is none", async () => {
    const { ctx } = startWithContext(config());
    loadScript({ url: 'https://vendor.localhost/a.js' }, { type: 'dom-ready' }, ctx);
    expect(appended[0]!.nonce || '').toBe('');
    // The nonce is read as the container's script runs: these modules again, as if in a script with a nonce.
    const own = document.createElement('script');
    own.nonce = 'own-nonce';
    const current = vi.spyOn(document, 'currentScript', 'get').mockReturnValue(own);
    vi.resetModules();
    const { default: loadScriptInScript } = await import('./load-script');
    current.mockRestore();
    loadScriptInScript({ url: 'https://vendor.localhost/b.js' }, { type: 'dom-ready' }, ctx);
    expect(appended[1]!.nonce).toBe('own-nonce');
  });

  it('resolves when the script loads: the rule goes on after it', async () => {
    const { entries, write } = journal();
    const satellite = startContainer(
      config({
        rules: [
          makeRule('Recording', {
            events: [on('direct-call', directCall, { id: 'account-link' })],
            actions: [write('before'), act('load-script', loadScript, { url: 'https://vendor.localhost/recording.js' }), write('after load')],
          }),
        ],
      }),
    );
    satellite.track('account-link');
    await flushMicrotasks();
    expect(entries).toEqual(['before']);
    appended[0]!.dispatchEvent(new Event('load'));
    await flushMicrotasks();
    expect(entries).toEqual(['before', 'after load']);
  });

  it('a failure (error event) is logged and stops the rule; nothing reaches the page', async () => {
    const { entries, write } = journal();
    const satellite = startContainer(
      config({
        rules: [
          makeRule('Intercept', {
            events: [on('direct-call', directCall, { id: 'go' })],
            actions: [act('load-script', loadScript, { url: 'https://vendor.localhost/missing.js' }), write('after')],
          }),
          makeRule('Other', { events: [on('direct-call', directCall, { id: 'go' })], actions: [write('other rule')] }),
        ],
      }),
    );
    satellite.track('go');
    appended[0]!.dispatchEvent(new Event('error'));
    await flushMicrotasks();
    await settle();
    expect(entries).toEqual(['other rule']);
    expect(logged(satellite, 'error').some((m) => m.includes('Intercept') && m.includes('https://vendor.localhost/missing.js'))).toBe(true);
    expect(errors).toEqual([]);
  });
});
