// Page cost in Chromium: main-thread time in the container from its script's start to the page
// view leaving, and from a click to its link hit, read from a trace of each page load; long
// tasks from the same trace and from the page's own PerformanceObservers.
import { launchBareChromium, type BareChromium, type BarePage } from './bare-chromium';
import { startSite, type Site, type Variant } from './containers';
import { CLICK } from './equivalent';
import { isLinkNamed, isPageView } from './server';
import { summarise, type Summary } from './stats';
import { collectorRequests, dispatches, LONG_TASK_US, longTasks, pageMainThread, scriptSlices, startTrace, taskEnd, timeWithin, type Slice, type Thread, type TraceEvent } from './trace';

/** Time after the page view for window-loaded rules and late scripts, before the click. */
const SETTLE_MS = 800;

export interface LoadSample {
  /** Container main-thread ms from its script's start to the page-view hit's request. */
  toPageView: number;
  /** Wall-clock ms of the same interval. */
  toPageViewWall: number;
  /** Container main-thread ms over the whole load, up to the click. */
  load: number;
  /** Container main-thread ms from the click's dispatch to the link hit's request. */
  toLinkHit: number;
  toLinkHitWall: number;
  /**
   * Container main-thread ms from the click's dispatch to the end of its task: what holds the next frame after
   * the click (its interaction delay), the send call included whenever the request itself goes out.
   */
  clickTask?: number;
  /** Main-thread tasks over 50 ms in the trace; those where the container alone spent over 50 ms. */
  longTasks: number;
  containerLongTasks: number;
  /** The most container time inside one task, ms. */
  maxContainerInTask: number;
  /** PerformanceObserver('longtask') entries the page saw. */
  observedLongTasks: number;
  /** Long animation frames' script attribution: the most time one frame spent in the container script, ms. */
  maxContainerInFrame: number;
  errors: string[];
}

export interface VariantCost {
  id: string;
  label: string;
  samples: LoadSample[];
  toPageView: Summary;
  toPageViewWall: Summary;
  load: Summary;
  toLinkHit: Summary;
  toLinkHitWall: Summary;
  /** Absent from results recorded before it. */
  clickTask?: Summary;
  longTasks: { total: number; causedByContainer: number; maxContainerInTask: number; observed: number; maxContainerInFrame: number };
}

interface Observed {
  longTasks: Array<{ start: number; duration: number }>;
  frames: Array<{ start: number; duration: number; scripts: Array<{ url: string; duration: number }> }>;
}

/** Runs in the page before its scripts: long tasks and long animation frames, buffered from the start. */
function installObservers() {
  interface ScriptTiming {
    sourceURL: string;
    duration: number;
  }
  const store: Observed = { longTasks: [], frames: [] };
  (window as unknown as { __benchObserved: Observed }).__benchObserved = store;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) store.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // Not supported: the trace still counts long tasks.
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { scripts?: ScriptTiming[] }>) {
        store.frames.push({ start: e.startTime, duration: e.duration, scripts: (e.scripts ?? []).map((s) => ({ url: s.sourceURL, duration: s.duration })) });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // Long Animation Frames need Chromium 123+.
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One visit of §2: the page loads and sends its page view, settles, and the feedback button is clicked until its link hit arrives. */
export async function loadAndClick(visitor: BarePage, site: Site): Promise<void> {
  const from = site.server.hits.length;
  await visitor.goto(site.pageUrl);
  await site.server.waitForHit(isPageView, from);
  await pause(SETTLE_MS);
  const beforeClick = site.server.hits.length;
  await visitor.click(CLICK.selector);
  await site.server.waitForHit(isLinkNamed(CLICK.linkName), beforeClick);
  await pause(300);
}

export interface LoadMarks {
  thread: Thread;
  /** The container's main-thread time. */
  slices: Slice[];
  /** Trace times (µs): the container's first moment, the page view's request, the click's dispatch, the link hit's request. */
  start: number;
  pageView: number;
  click: number;
  linkHit: number;
}

/** The marks of one visit's trace that every figure of §2 is measured between. Throws when one is missing. */
export function loadMarks(events: readonly TraceEvent[], containerUrl: string): LoadMarks {
  const thread = pageMainThread(events);
  if (!thread) throw new Error('no renderer main thread in the trace');
  const slices = scriptSlices(events, thread, containerUrl);
  const start = slices[0]?.start;
  if (start === undefined) throw new Error(`the trace has no time in ${containerUrl}`);
  const requests = collectorRequests(events).filter((r) => r.ts >= start);
  const pageView = requests.find((r) => !/[?&]pe=/.test(r.url)) ?? requests[0];
  const click = dispatches(events, thread, 'click')[0];
  const linkHit = click === undefined ? undefined : requests.find((r) => r.ts >= click);
  if (!pageView || click === undefined || !linkHit) throw new Error('page view, click or link hit missing from the trace');
  return { thread, slices, start, pageView: pageView.ts, click, linkHit: linkHit.ts };
}

async function loadOnce(browser: BareChromium, site: Site): Promise<LoadSample> {
  const containerUrl = site.containerUrl!;
  const visitor = await browser.newPage(installObservers);
  try {
    const trace = await startTrace(visitor.cdp);
    await loadAndClick(visitor, site);
    const observed = await visitor.evaluate<Observed>('window.__benchObserved');
    const errors = await visitor.errors();
    const events = await trace.stop();

    const { thread, slices, start, pageView, click, linkHit } = loadMarks(events, containerUrl);
    const tasks = longTasks(events, thread, slices);
    const inFrame = observed.frames.map((f) => f.scripts.filter((s) => s.url === containerUrl).reduce((sum, s) => sum + s.duration, 0));
    return {
      toPageView: timeWithin(slices, start, pageView) / 1000,
      toPageViewWall: (pageView - start) / 1000,
      load: timeWithin(slices, start, click) / 1000,
      toLinkHit: timeWithin(slices, click, linkHit) / 1000,
      toLinkHitWall: (linkHit - click) / 1000,
      clickTask: timeWithin(slices, click, taskEnd(events, thread, click)) / 1000,
      longTasks: tasks.length,
      containerLongTasks: tasks.filter((t) => t.script > LONG_TASK_US).length,
      maxContainerInTask: Math.max(0, ...tasks.map((t) => t.script)) / 1000,
      observedLongTasks: observed.longTasks.length,
      maxContainerInFrame: Math.max(0, ...inFrame),
      errors,
    };
  } finally {
    await visitor.close();
  }
}

/**
 * `runs` page loads per variant, interleaved (A B C A B C ...) so that drift in the machine
 * touches every variant alike, after one discarded warm-up load each.
 */
export async function measurePageCost(variants: readonly Variant[], runs: number, log: (line: string) => void): Promise<VariantCost[]> {
  const sites = await Promise.all(variants.map(startSite));
  const browser = await launchBareChromium();
  try {
    const samples = sites.map(() => [] as LoadSample[]);
    for (const site of sites) await loadOnce(browser, site);
    for (let run = 0; run < runs; run++) {
      for (const [i, site] of sites.entries()) samples[i]!.push(await loadOnce(browser, site));
      if ((run + 1) % 5 === 0 || run + 1 === runs) log(`  page cost: ${run + 1}/${runs} loads of each`);
    }
    return sites.map((site, i) => {
      const s = samples[i]!;
      const pick = (key: keyof LoadSample) => s.map((x) => x[key] as number);
      return {
        id: site.variant.id,
        label: site.variant.label,
        samples: s,
        toPageView: summarise(pick('toPageView')),
        toPageViewWall: summarise(pick('toPageViewWall')),
        load: summarise(pick('load')),
        toLinkHit: summarise(pick('toLinkHit')),
        toLinkHitWall: summarise(pick('toLinkHitWall')),
        clickTask: summarise(pick('clickTask')),
        longTasks: {
          total: s.reduce((sum, x) => sum + x.longTasks, 0),
          causedByContainer: s.reduce((sum, x) => sum + x.containerLongTasks, 0),
          maxContainerInTask: Math.max(...pick('maxContainerInTask')),
          observed: s.reduce((sum, x) => sum + x.observedLongTasks, 0),
          maxContainerInFrame: Math.max(...pick('maxContainerInFrame')),
        },
      };
    });
  } finally {
    await browser.close();
    await Promise.all(sites.map((site) => site.close()));
  }
}
