// Where a container's main-thread time goes: V8's sampling profiler in the trace of each page load
// (the page cost's visits, bench/page-cost.ts, in the bare Chromium at the bench's CPU throttling),
// its samples mapped through the container's source map to the runtime's source. For each window of
// a load (the script's start to the page-view hit, the click to the link hit, and every task in which
// the container ran over 50 ms), the samples whose stack holds a frame of the container are summed by
// the innermost frame (self) and by every container function on the stack (total), per load. Native
// frames (DOM calls, the garbage collector) count as themselves, named after the container function
// that called them. At 4x the throttler's pauses stretch the sampling interval to about 0.5 ms, so
// small items need many loads.
//   npx tsx bench/profile.ts [--variant tagwell-production|tagwell-equivalent|adobe-equivalent] [--loads 8] [--top 30]
import { parseArgs } from 'node:util';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { launchBareChromium } from './bare-chromium';
import { compileEquivalent, compileProduction, CONTAINER_PATH, startSite, VARIANTS } from './containers';
import { loadAndClick, loadMarks } from './page-cost';
import { LONG_TASK_US, longTasks, startTrace, type Thread, type TraceEvent } from './trace';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'tagwell-production' },
    loads: { type: 'string', default: '8' },
    top: { type: 'string', default: '30' },
  },
});
type ProfiledId = 'tagwell-production' | 'tagwell-equivalent' | 'adobe-equivalent';
const ids: ProfiledId[] = ['tagwell-production', 'tagwell-equivalent', 'adobe-equivalent'];
if (!ids.includes(values.variant as ProfiledId)) throw new Error(`--variant: one of ${ids.join(', ')}`);
const variantId = values.variant as ProfiledId;
const loads = Number(values.loads);
const top = Number(values.top);

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Node {
  id: number;
  parent?: number;
  callFrame: Frame;
}

/** Time per label in one window, summed over loads. */
type Tally = Map<string, number>;
interface Window {
  name: string;
  self: Tally;
  total: Tally;
  sampled: number;
}

const add = (tally: Tally, key: string, us: number) => tally.set(key, (tally.get(key) ?? 0) + us);

/** The samples of the page's main thread, each with its time and its stack (innermost first). */
function samplesOf(events: readonly TraceEvent[], thread: Thread): Array<{ ts: number; us: number; stack: Frame[] }> {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid) as (TraceEvent & { id?: string }) | undefined;
  if (!profile) throw new Error('the trace has no V8 profile of the page');
  const nodes = new Map<number, Node>();
  let time = (profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts;
  const out: Array<{ ts: number; us: number; stack: Frame[] }> = [];
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== thread.pid || (e as { id?: string }).id !== profile.id) continue;
    const data = (e.args as { data?: { cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] } }).data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (const [i, sample] of samples.entries()) {
      const delta = deltas[i] ?? 0;
      time += delta;
      const stack: Frame[] = [];
      for (let at: Node | undefined = nodes.get(sample); at; at = at.parent === undefined ? undefined : nodes.get(at.parent)) stack.push(at.callFrame);
      out.push({ ts: time, us: delta, stack });
    }
  }
  return out;
}

async function main() {
  const site = await startSite(VARIANTS[variantId]);
  // The same build the site serves, with its map (the build is reproducible).
  let map: SourceMapConsumer | null = null;
  if (variantId !== 'adobe-equivalent') {
    const compile = variantId === 'tagwell-production' ? compileProduction : compileEquivalent;
    const built = await compile(site.server.trackingServer());
    if (built.js !== site.server.scripts.get(CONTAINER_PATH)) throw new Error('the rebuilt container differs from the one served');
    map = new SourceMapConsumer(JSON.parse(built.map) as RawSourceMap);
  }
  const url = site.containerUrl!;
  const label = (frame: Frame): string => {
    if (frame.url !== url) return frame.url ? `${frame.functionName || '(anonymous)'} [${frame.url.replace(/^.*\//, '')}]` : frame.functionName || '(native)';
    if (!map) return `${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}:${frame.columnNumber}`;
    const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    // A runtime module by its path under packages/runtime/src, anything else (the generated entry) by its name.
    const source = at.source ?? '?';
    const file = source.includes('packages/runtime/src/') ? source.replace(/^.*packages\/runtime\/src\//, '') : source.replace(/^.*\//, '');
    // Unmapped (the bundle's own wrapper): the generated position.
    if (at.line === null) return `${frame.functionName || '(anonymous)'} <bundle ${frame.lineNumber + 1}:${frame.columnNumber}>`;
    return `${at.name ?? frame.functionName ?? '(anonymous)'} ${file}:${at.line}`;
  };

  const windows: Window[] = ['start -> page view', 'click -> link hit', `tasks where the container ran over ${LONG_TASK_US / 1000} ms`].map((name) => ({ name, self: new Map(), total: new Map(), sampled: 0 }));
  const browser = await launchBareChromium();
  const intervals: number[] = [];
  let longCount = 0;
  try {
    for (let load = -1; load < loads; load++) {
      const visitor = await browser.newPage();
      try {
        const trace = await startTrace(visitor.cdp, ['disabled-by-default-v8.cpu_profiler']);
        await loadAndClick(visitor, site);
        const events = await trace.stop();
        if (load < 0) continue; // the warm-up load
        const { thread, slices, start, pageView, click, linkHit } = loadMarks(events, url);
        const long = longTasks(events, thread, slices).filter((t) => t.script > LONG_TASK_US);
        longCount += long.length;
        // Each window's intervals of this load.
        const bounds: Array<Array<[number, number]>> = [[[start, pageView]], [[click, linkHit]], long.map((t) => [t.start, t.start + t.duration])];
        for (const sample of samplesOf(events, thread)) {
          intervals.push(sample.us);
          const inner = sample.stack.findIndex((f) => f.url === url);
          if (inner < 0) continue;
          for (const [i, spans] of bounds.entries()) {
            const at = spans.find(([a, b]) => sample.ts > a && sample.ts <= b);
            if (!at) continue;
            const a = at[0];
            const w = windows[i]!;
            const us = Math.min(sample.us, sample.ts - a);
            w.sampled += us;
            const leaf = sample.stack[0]!;
            add(w.self, leaf.url === url ? label(leaf) : `${label(leaf)} < ${label(sample.stack[inner]!)}`, us);
            for (const key of new Set(sample.stack.filter((f) => f.url === url).map(label))) add(w.total, key, us);
          }
        }
      } finally {
        await visitor.close();
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
  intervals.sort((a, b) => a - b);
  console.log(`${VARIANTS[variantId].label}: ${loads} loads; sampling interval median ${intervals[intervals.length >> 1] ?? 0} µs; ${longCount} tasks where the container ran over ${LONG_TASK_US / 1000} ms`);
  const ms = (us: number) => (us / loads / 1000).toFixed(2).padStart(7);
  for (const w of windows) {
    console.log(`\n${w.name}: ${ms(w.sampled)} ms a load sampled in the container`);
    for (const [kind, tally] of [
      ['self', w.self],
      ['total', w.total],
    ] as const) {
      console.log(`  by ${kind}:`);
      for (const [key, us] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${ms(us)}  ${key}`);
    }
  }
}

await main();
