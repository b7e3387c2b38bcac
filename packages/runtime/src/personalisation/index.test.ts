// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logged, makeConfig, resetPage, setUrl, startContainer, stubRequests } from '../core/test-helpers';
import createPersonalisation from './index';
import { DISABLED } from './vendor-api/messages';

// SPEC §8: no cookies, or an `mboxDisable` cookie or query parameter, and nothing is asked or rendered.
const start = () =>
  startContainer(
    makeConfig({
      target: { module: createPersonalisation, server: 'decisions.example.test', client: 'health', globalLocation: 'target-global-mbox', environmentId: 1, prehidingStyle: 'body { opacity: 0 }' },
    }),
  );
const disabled = () => logged(start(), 'warn').includes(DISABLED);

beforeEach(() => {
  resetPage();
  stubRequests(() => ({}));
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetPage();
});

describe('delivery disabled', () => {
  it('is off on an ordinary page', () => expect(disabled()).toBe(false));

  it('by an mboxDisable cookie, with or without a value', () => {
    document.cookie = 'mboxDisable=1; path=/';
    expect(disabled()).toBe(true);
    resetPage();
    document.cookie = 'mboxDisable=; path=/';
    expect(disabled()).toBe(true);
  });

  it('by an mboxDisable query parameter, in any case, but not by a longer name', () => {
    setUrl('http://localhost:3000/page?a=1&MBOXDISABLE');
    expect(disabled()).toBe(true);
    resetPage();
    setUrl('http://localhost:3000/page?mboxDisabled=1');
    expect(disabled()).toBe(false);
  });

  it('where cookies are off, or reading them throws as in a sandboxed frame', () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    expect(disabled()).toBe(true);
    resetPage();
    vi.spyOn(document, 'cookie', 'get').mockImplementation(() => {
      throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
    });
    expect(disabled()).toBe(true);
  });
});
