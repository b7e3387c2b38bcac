// Chrome traces over CDP, and main-thread time attributed to one script URL.
//
// Attribution: an `EvaluateScript` of the script (compile, run and the microtasks its run leaves),
// and every `FunctionCall` into a function the script defines (listeners, timers, onload) together
// with the `v8.callFunction` around it, which also holds the microtask checkpoint that follows the
// call. The union of those intervals on the page's main thread is the script's main-thread time.

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; type?: string } };
}

export interface Thread {
  pid: number;
  tid: number;
}

/** An interval in trace microseconds. */
export interface Slice {
  start: number;
  end: number;
}

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute'];
export const LONG_TASK_US = 50_000;

/** What a trace needs of a DevTools protocol session (bench/bare-chromium.ts's; Playwright's CDPSession has it, typed per event). */
export interface Cdp {
  send(method: string, params?: object): Promise<unknown>;
  on(event: string, listener: (params: never) => void): unknown;
  off(event: string, listener: (params: never) => void): unknown;
  once(event: string, listener: (params: never) => void): unknown;
}

/** Starts a trace of the page's processes (TRACE_CATEGORIES and `more`); `stop()` ends it and returns every event. */
export async function startTrace(cdp: Cdp, more: string[] = []): Promise<{ stop(): Promise<TraceEvent[]> }> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: unknown[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: [...TRACE_CATEGORIES, ...more], recordMode: 'recordContinuously' } });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      return events;
    },
  };
}

/** The renderer main thread that evaluated the most scripts: the page's, not about:blank's. */
export function pageMainThread(events: readonly TraceEvent[]): Thread | null {
  const mains = new Set<string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') mains.add(`${e.pid}:${e.tid}`);
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'EvaluateScript' && mains.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (!best) return null;
  const [pid, tid] = best[0].split(':').map(Number) as [number, number];
  return { pid, tid };
}

const onThread = (thread: Thread) => (e: TraceEvent) => e.pid === thread.pid && e.tid === thread.tid;
const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);

/** Main-thread intervals spent in `url`, merged so that nothing is counted twice. */
export function scriptSlices(events: readonly TraceEvent[], thread: Thread, url: string): Slice[] {
  const mine = events.filter(onThread(thread)).filter((e) => e.ph === 'X');
  const calls = mine.filter((e) => e.name === 'v8.callFunction');
  const raw: Slice[] = [];
  for (const e of mine) {
    if (e.args?.data?.url !== url) continue;
    if (e.name === 'EvaluateScript') raw.push({ start: e.ts, end: end(e) });
    else if (e.name === 'FunctionCall') {
      // The tightest v8.callFunction around the call also runs the microtasks the call queued.
      let outer: TraceEvent | undefined;
      for (const c of calls) if (c.ts <= e.ts && end(c) >= end(e) && (!outer || (c.dur ?? 0) < (outer.dur ?? 0))) outer = c;
      raw.push(outer ? { start: outer.ts, end: end(outer) } : { start: e.ts, end: end(e) });
    }
  }
  return merge(raw);
}

function merge(slices: Slice[]): Slice[] {
  const sorted = [...slices].sort((a, b) => a.start - b.start);
  const out: Slice[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/**
 * Milliseconds of main thread in the evaluation of the script at `url` (its EvaluateScript events: the run, the
 * microtasks at its end, and what of its compile was left to the main thread). Throws when the trace has none.
 */
export function evaluationMs(events: readonly TraceEvent[], thread: Thread, url: string): number {
  const evaluations = events.filter(onThread(thread)).filter((e) => e.ph === 'X' && e.name === 'EvaluateScript' && e.args?.data?.url === url);
  if (!evaluations.length) throw new Error(`the trace has no evaluation of ${url}`);
  return merge(evaluations.map((e) => ({ start: e.ts, end: end(e) }))).reduce((sum, s) => sum + s.end - s.start, 0) / 1000;
}

/** Microseconds of `slices` inside [from, to]. */
export function timeWithin(slices: readonly Slice[], from: number, to: number): number {
  let total = 0;
  for (const s of slices) total += Math.max(0, Math.min(s.end, to) - Math.max(s.start, from));
  return total;
}

/** Timestamps of requests to the collector (`/b/ss/`) as the renderer sent them, with their URLs. */
export function collectorRequests(events: readonly TraceEvent[]): Array<{ ts: number; url: string }> {
  return events
    .filter((e) => e.name === 'ResourceSendRequest' && (e.args?.data?.url ?? '').includes('/b/ss/'))
    .map((e) => ({ ts: e.ts, url: e.args!.data!.url! }))
    .sort((a, b) => a.ts - b.ts);
}

/** Starts of DOM event dispatches of one type on the main thread. */
export function dispatches(events: readonly TraceEvent[], thread: Thread, type: string): number[] {
  return events
    .filter(onThread(thread))
    .filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === type)
    .map((e) => e.ts)
    .sort((a, b) => a - b);
}

/** The end of the main-thread task running at `ts` (`ts` itself when none is found). */
export function taskEnd(events: readonly TraceEvent[], thread: Thread, ts: number): number {
  const task = events.filter(onThread(thread)).find((e) => e.name === 'RunTask' && e.ts <= ts && end(e) >= ts);
  return task ? end(task) : ts;
}

/** Main-thread tasks over 50 ms, each with the script's time inside it. */
export function longTasks(events: readonly TraceEvent[], thread: Thread, slices: readonly Slice[]): Array<{ start: number; duration: number; script: number }> {
  return events
    .filter(onThread(thread))
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_TASK_US)
    .map((e) => ({ start: e.ts, duration: e.dur!, script: timeWithin(slices, e.ts, end(e)) }));
}
