// Personalisation on a first visit (issue 15 "Measured"): the demo health site's home page with the
// health-site production container and this repository's decision service (the product's server in
// this process, SQLite in a temporary folder, as the browser tests run it), at the bench's CPU
// throttling. Per cold first visit (fresh context, Statistics consent given by cookie):
//  - hidden: how long the body stays hidden, from the prehiding style's insertion to its removal, as a
//    MutationObserver installed before any script sees them (performance.now() in its callbacks);
//  - render cost: the container's main-thread time from the delivery response's arrival in the
//    renderer (the trace's ResourceReceiveResponse of the POST) to the style's removal (a
//    console.timeStamp the observer leaves in the trace), and that interval's wall-clock length.
//    The container's time is sampled (V8's profiler in the trace: samples with a frame of the
//    container's script), because the render runs partly in promise reactions (the DOM actions),
//    inside microtask checkpoints that bench/trace.ts's attribution (EvaluateScript and FunctionCall
//    events naming the script) does not see; that attribution is kept beside it.
// In the bare Chromium of the page cost (bench/bare-chromium.ts): no DevTools domain that makes the
// page record its requests' initiators. The decision the service made is read in the page, from the
// delivery request's answer (an XMLHttpRequest listener the init script adds), not from DevTools.
// The observer's insertion time is when its callback ran: the microtask checkpoint at the end of
// the container's first evaluation, which inserts the style synchronously (nothing is painted in
// between). The trace is on for every visit (its overhead is in every figure).
//   npx tsx bench/run.ts --only personalisation --runs 5
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_PREHIDING_STYLE } from '@tagwell/schema';
import { loadConfig, startServer, type RunningServer } from '../packages/server/src/index';
import { launchBareChromium, type BareChromium } from './bare-chromium';
import { DEMO_HOST, HEALTH_PROPERTY } from './containers';
import { summarise, type Summary } from './stats';
import { pageMainThread, scriptSlices, startTrace, timeWithin, type Thread, type TraceEvent } from './trace';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONTAINER_PATH = '/containers/health-site/production.js';
const ACTIVITY = 1001;
/** The trace mark the observer leaves when the style goes. */
const SHOWN_MARK = 'tw-bench-prehide-removed';
/** And when it comes. */
const HIDDEN_MARK = 'tw-bench-prehide-inserted';
/** After the page is shown: the notification and analytics work that follows, so the trace holds it. */
const SETTLE_MS = 300;

export interface PersonalisationSample {
  /** ms from the prehiding style's insertion to its removal (performance.now() in the observer). */
  hidden: number;
  /** Container main-thread ms from the delivery response's arrival to the style's removal (sampled: V8 profiler samples with a container frame). */
  renderCost: number;
  /** The same interval by bench/trace.ts's attribution (tasks and listeners of the script; misses promise reactions). */
  renderCostAttributed: number;
  /** Wall-clock ms of the same interval. */
  renderWall: number;
  /** ms from the delivery request leaving the renderer to its response arriving (trace). */
  request: number;
  /** ms from the style's insertion to the delivery request leaving (trace): the wait for the visitor id, and a busy main thread. */
  toRequest: number;
  /** The experience of activity 1001 the decision service chose (0 control, 1 "Plain words"), or null. */
  experience: number | null;
  heading: string;
  errors: string[];
}

export interface PersonalisationResult {
  page: string;
  runs: number;
  cpuThrottling: number;
  samples: PersonalisationSample[];
  hidden: Summary;
  renderCost: Summary;
  renderWall: Summary;
  request: Summary;
  toRequest: Summary;
  /** The same figures of the visits that got the variant (experience 1: the heading's setText). */
  variant: { hidden: Summary; renderCost: Summary };
  /** Adobe's engine in the same run: the bench's Adobe container has no personalisation on any page. */
  adobe: null;
  /** The machine's 1-minute load average at the start and the end, and its cores: how shared it was. */
  load: { before: number; after: number; cores: number };
}

/**
 * µs in [from, to] of the V8 sampling profiler's samples (in the trace) whose stack holds a frame of
 * `url`: the script's main-thread time including its promise reactions, which run in microtask
 * checkpoints the trace's FunctionCall and EvaluateScript events (bench/trace.ts) do not name.
 */
export function sampledTime(events: readonly TraceEvent[], thread: Thread, url: string, from: number, to: number): number {
  type Node = { id: number; parent?: number; callFrame?: { url?: string } };
  type Chunk = { cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] };
  const profile = events.find((e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid) as (TraceEvent & { id?: string; args?: { data?: { startTime?: number } } }) | undefined;
  if (!profile) throw new Error('the trace has no V8 profile of the page: no rendering cost to read');
  const parents = new Map<number, number | undefined>();
  const own = new Map<number, boolean>();
  let time = (profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts;
  let total = 0;
  const inScript = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) if (own.get(at)) return true;
    return false;
  };
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== thread.pid || (e as { id?: string }).id !== profile.id) continue;
    const data = (e.args as { data?: Chunk } | undefined)?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) {
      parents.set(node.id, node.parent);
      own.set(node.id, node.callFrame?.url === url);
    }
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (const [i, sample] of samples.entries()) {
      const delta = deltas[i] ?? 0;
      time += delta;
      if (time > from && time <= to && inScript(sample)) total += Math.min(delta, time - from);
    }
  }
  return total;
}

interface Hide {
  inserted?: number;
  removed?: number;
  /** The delivery request's answer, as text. */
  answer?: string;
}

/** Runs in every document before its scripts: the prehiding style's insertion and removal. */
const observerScript = (style: string) => `(() => {
  const hide = (window.__twBenchHide = {});
  const isStyle = (n) => n.nodeName === 'STYLE' && n.textContent === ${JSON.stringify(style)};
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) {
      for (const n of r.addedNodes) if (isStyle(n) && hide.inserted === undefined) {
        hide.inserted = now;
        console.timeStamp(${JSON.stringify(HIDDEN_MARK)});
      }
      for (const n of r.removedNodes) if (isStyle(n) && hide.inserted !== undefined && hide.removed === undefined) {
        hide.removed = now;
        console.timeStamp(${JSON.stringify(SHOWN_MARK)});
      }
    }
  }).observe(document, { childList: true, subtree: true });
  // The delivery request's answer, as the container reads it (core/request-json.ts).
  const send = XMLHttpRequest.prototype.send;
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.__twBenchUrl = String(url);
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    if ((this.__twBenchUrl || '').includes('/rest/v1/delivery')) this.addEventListener('load', () => (hide.answer = this.responseText));
    return send.apply(this, arguments);
  };
})();`;

function prehidingStyle(): string {
  const property = JSON.parse(readFileSync(HEALTH_PROPERTY, 'utf8')) as { personalisation?: { prehidingStyle?: string } };
  return property.personalisation?.prehidingStyle ?? DEFAULT_PREHIDING_STYLE;
}

type Answer = { execute?: { pageLoad?: { options?: Array<{ responseTokens?: Record<string, unknown> }> } } };

async function visitOnce(browser: BareChromium, pageUrl: string, containerUrl: string, style: string): Promise<PersonalisationSample> {
  const visitor = await browser.newPage(observerScript(style));
  try {
    // With the V8 sampling profiler on: its samples name each frame's script (sampledTime).
    const trace = await startTrace(visitor.cdp, ['disabled-by-default-v8.cpu_profiler']);
    await visitor.goto(pageUrl);
    const deadline = Date.now() + 30_000;
    while (!(await visitor.evaluate<boolean>('window.__twBenchHide.removed !== undefined'))) {
      if (Date.now() > deadline) throw new Error('the prehiding style was not removed within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const hide = await visitor.evaluate<Hide>('window.__twBenchHide');
    const heading = await visitor.evaluate<string>("(document.querySelector('main h1') || {}).textContent || ''");
    const errors = await visitor.errors();
    const events = await trace.stop();
    const answer = JSON.parse(hide.answer ?? '{}') as Answer;

    const thread = pageMainThread(events);
    if (!thread) throw new Error('no renderer main thread in the trace');
    const slices = scriptSlices(events, thread, containerUrl);
    const send = events.find((e) => e.name === 'ResourceSendRequest' && (e.args?.data?.url ?? '').includes('/rest/v1/delivery'));
    const requestId = (send?.args?.data as { requestId?: string } | undefined)?.requestId;
    const received = events.find((e) => e.name === 'ResourceReceiveResponse' && (e.args?.data as { requestId?: string } | undefined)?.requestId === requestId);
    const mark = (message: string) => events.find((e: TraceEvent) => e.name === 'TimeStamp' && (e.args?.data as { message?: string } | undefined)?.message === message);
    const hidden = mark(HIDDEN_MARK);
    const shown = mark(SHOWN_MARK);
    if (!send || !received || !shown || !hidden) throw new Error(`the trace lacks the delivery request (${!!send}), its response (${!!received}) or the style's removal (${!!shown})`);
    if (hide.inserted === undefined || hide.removed === undefined) throw new Error('the observer saw no prehiding style come and go');
    const option = answer.execute?.pageLoad?.options?.find((o) => o.responseTokens?.['activity.id'] === ACTIVITY);
    const experience = option?.responseTokens?.['experience.id'];
    return {
      hidden: hide.removed - hide.inserted,
      renderCost: sampledTime(events, thread, containerUrl, received.ts, shown.ts) / 1000,
      renderCostAttributed: timeWithin(slices, received.ts, shown.ts) / 1000,
      renderWall: (shown.ts - received.ts) / 1000,
      request: (received.ts - send.ts) / 1000,
      toRequest: (send.ts - hidden.ts) / 1000,
      experience: typeof experience === 'number' ? experience : null,
      heading,
      errors,
    };
  } finally {
    await visitor.close();
  }
}

/** `runs` cold first visits of the home page, after one discarded warm-up visit. */
export async function measurePersonalisation(runs: number, cpuThrottling: number, log: (line: string) => void = () => undefined): Promise<PersonalisationResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-bench-personalisation-'));
  let server: RunningServer | undefined;
  let browser: BareChromium | undefined;
  const before = loadavg()[0]!;
  try {
    server = await startServer({ ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }), dataDir, propertiesDir: path.join(ROOT, 'properties') }, { logger: false });
    const pageUrl = `http://${DEMO_HOST}:${server.port}/`;
    const containerUrl = `http://${DEMO_HOST}:${server.port}${CONTAINER_PATH}`;
    const style = prehidingStyle();
    browser = await launchBareChromium();
    const samples: PersonalisationSample[] = [];
    await visitOnce(browser, pageUrl, containerUrl, style);
    for (let run = 0; run < runs; run++) {
      samples.push(await visitOnce(browser, pageUrl, containerUrl, style));
      if ((run + 1) % 5 === 0 || run + 1 === runs) log(`  personalisation: ${run + 1}/${runs} first visits`);
    }
    const pick = (list: PersonalisationSample[], key: 'hidden' | 'renderCost' | 'renderWall' | 'request' | 'toRequest') => summarise(list.map((s) => s[key]));
    const variant = samples.filter((s) => s.experience === 1);
    return {
      page: `${DEMO_HOST}/ (activity ${ACTIVITY})`,
      runs,
      cpuThrottling,
      samples,
      hidden: pick(samples, 'hidden'),
      renderCost: pick(samples, 'renderCost'),
      renderWall: pick(samples, 'renderWall'),
      request: pick(samples, 'request'),
      toRequest: pick(samples, 'toRequest'),
      variant: { hidden: pick(variant, 'hidden'), renderCost: pick(variant, 'renderCost') },
      adobe: null,
      load: { before, after: loadavg()[0]!, cores: cpus().length },
    };
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
