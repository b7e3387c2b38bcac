// The trace figures the benches read: a served script's evaluation time, counted on the page's main thread only.
import { describe, expect, it } from 'vitest';
import { evaluationMs, type TraceEvent } from './trace';

const MAIN = { pid: 1, tid: 7 };
const evaluate = (url: string, ts: number, dur: number, thread = MAIN): TraceEvent => ({ name: 'EvaluateScript', cat: 'devtools.timeline', ph: 'X', ts, dur, ...thread, args: { data: { url } } });
const SCRIPT = 'http://www.health.localhost/scale/10.js';

describe('evaluationMs', () => {
  it("sums the script's evaluations on the main thread, counting overlaps once", () => {
    const events = [
      evaluate(SCRIPT, 1_000, 4_000),
      // Nested in the first (a second event of the same evaluation): not counted again.
      evaluate(SCRIPT, 2_000, 1_000),
      evaluate(SCRIPT, 10_000, 1_500),
      // Another script, and the same script on another thread: neither is the container's start on this page.
      evaluate('http://www.health.localhost/other.js', 6_000, 9_000),
      evaluate(SCRIPT, 20_000, 9_000, { pid: 1, tid: 8 }),
      { name: 'FunctionCall', cat: 'devtools.timeline', ph: 'X', ts: 30_000, dur: 5_000, ...MAIN, args: { data: { url: SCRIPT } } },
    ];
    expect(evaluationMs(events, MAIN, SCRIPT)).toBe(5.5);
  });

  it('refuses a trace without the evaluation, rather than report 0 ms', () => {
    expect(() => evaluationMs([evaluate('http://www.health.localhost/other.js', 0, 10)], MAIN, SCRIPT)).toThrow(`the trace has no evaluation of ${SCRIPT}`);
  });
});
