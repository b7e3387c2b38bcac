// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prehide } from './prehide';

// SPEC §5, §9: the prehiding style is applied at once with the page's CSP nonce, and removed when the
// decision is rendered or at the latest at the request time-out.

const styles = () => [...document.querySelectorAll('style')].filter((s) => s.textContent === 'body { opacity: 0 !important }');

describe('prehiding', () => {
  afterEach(() => {
    vi.useRealTimers();
    for (const s of styles()) s.remove();
  });

  it('applies the style at once, with the nonce, and shows the page when told (once)', () => {
    const show = prehide('body { opacity: 0 !important }', 'n0nce', 3000);
    expect(styles()).toHaveLength(1);
    expect(styles()[0]!.nonce).toBe('n0nce');
    show();
    show();
    expect(styles()).toHaveLength(0);
  });

  it('shows the page at the time-out when nothing else does', () => {
    vi.useFakeTimers();
    prehide('body { opacity: 0 !important }', undefined, 3000);
    vi.advanceTimersByTime(2999);
    expect(styles()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(styles()).toHaveLength(0);
  });
});
