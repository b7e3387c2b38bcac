// The e2e suite's wait: it returns the first value that holds, and otherwise fails on the clock,
// naming what it waited for and the last value it read.
import { describe, expect, it } from 'vitest';
import { eventually, within } from './eventually';

describe('eventually', () => {
  it('returns the first value that holds, reading until then', async () => {
    let reads = 0;
    await expect(eventually(async () => ++reads, (n) => n >= 3, { what: 'three reads', every: 5 })).resolves.toBe(3);
    expect(reads).toBe(3);
  });

  it('gives up by the clock however slow each read is, naming what and the last value read', async () => {
    let reads = 0;
    const slowRead = () => new Promise<{ reads: number }>((resolve) => setTimeout(() => resolve({ reads: ++reads }), 100));
    await expect(eventually(slowRead, () => false, { what: 'the hit stored', within: 350, every: 20 })).rejects.toThrow(
      /^the hit stored: not within 350 ms; last read \{"reads":(\d+)\}$/,
    );
    // Stopped by the clock after a few slow reads, not by a count of tries.
    expect(reads).toBeLessThan(10);
  });
});

describe('within', () => {
  it('passes on what the call answers in time', async () => {
    await expect(within(1000, 'newPage', Promise.resolve('page'))).resolves.toBe('page');
    await expect(within(1000, 'newPage', Promise.reject(new Error('closed')))).rejects.toThrow('closed');
  });

  it('fails a call that never answers, naming it', async () => {
    await expect(within(50, 'context.close', new Promise(() => {}))).rejects.toThrow(/^context\.close: no answer within 50 ms$/);
  });
});

