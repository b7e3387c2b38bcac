// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPropositions } from './index';
import { $, actions, makeEnv, proposition } from './test-support';
import { waitForSelector } from './wait-for-selector';

// SPEC §9: a selector not on the page yet is waited for, at most the selector time-out (5000 ms).
const late = (id: string, after: number, parent = document.body) =>
  setTimeout(() => {
    const el = document.createElement('div');
    el.id = id;
    parent.appendChild(el);
  }, after);

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<p id="here">Here</p>';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitForSelector', () => {
  it('finds an element already on the page at once', async () => {
    expect(await waitForSelector('#here', 5000)).toEqual([$('#here')]);
  });

  it('finds an element added later, before the time-out', async () => {
    late('later', 4900);
    const found = waitForSelector('#later', 5000);
    await vi.advanceTimersByTimeAsync(4900);
    expect((await found).map((el) => el.id)).toEqual(['later']);
  });

  it('finds an element that comes to match by an attribute change', async () => {
    const found = waitForSelector('#here.ready', 5000);
    setTimeout(() => $('#here').classList.add('ready'), 100);
    await vi.advanceTimersByTimeAsync(100);
    expect(await found).toEqual([$('#here')]);
  });

  it('gives up after the time-out', async () => {
    late('too-late', 5001);
    const found = waitForSelector('#too-late', 5000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await found).toEqual([]);
  });

  it('rejects a selector the browser cannot parse', async () => {
    await expect(waitForSelector('div[', 5000)).rejects.toThrow();
  });
});

describe('late elements while rendering', () => {
  it('an action on a late element renders when it appears; one that never appears is logged and skipped', async () => {
    const env = makeEnv();
    late('late', 3000);
    const p = proposition([
      actions(
        { type: 'setText', selector: '#late', cssSelector: '#late', content: 'Rendered late' },
        { type: 'setText', selector: '#never', cssSelector: '#never', content: 'x' },
        { type: 'setText', selector: '#here', cssSelector: '#here', content: 'At once' },
      ),
    ]);
    let result;
    const rendering = renderPropositions([p], env).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(0);
    expect($('#here').textContent).toBe('At once');
    await vi.advanceTimersByTimeAsync(3000);
    expect($('#late').textContent).toBe('Rendered late');
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2000);
    await rendering;
    expect(env.messages()).toEqual(['Selector not found in time: #never']);
    expect(result).toEqual({ rendered: true, redirected: false, failures: 1 });
    expect(p.state).toBe('render-attempted');
  });
});
