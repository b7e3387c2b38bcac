// Scaling with the property: bundle size, start-up and the cost of one event for generated
// properties of growing size, measured in the page with performance.now(), and the start-up of the
// same container as the product serves it, its own script, from a trace.
import { compileContainer } from '@tagwell/compiler';
import { launchBareChromium, type BareChromium } from './bare-chromium';
import { generateProperty, type GeneratedProperty } from './generate-property';
import { isLinkNamed, startBenchServer, type BenchServer } from './server';
import { evaluationMs, pageMainThread, startTrace } from './trace';
import { median, summarise, type Summary } from './stats';

const HOST = 'www.health.localhost';
/** Events dispatched per timed block, and blocks per page load: timer resolution and the beacon quota both fit. */
const BLOCK = 10;
const BLOCKS = 5;

export interface ScaleSample {
  startup: number;
  /** The container served as its own script: its evaluation's main-thread ms (servedOnce). */
  servedStartup: number;
  firstClick: number;
  click: number;
  clickNoMatch: number;
  directCall: number;
  crossOriginIsolated: boolean;
}

export interface ScaleResult {
  rules: number;
  clickRules: number;
  pageLoadRules: number;
  directCallRules: number;
  customEventRules: number;
  dataElements: number;
  compileMs: number;
  bytes: { min: number; gzip: number; brotli: number };
  startup: Summary;
  servedStartup: Summary;
  firstClick: Summary;
  click: Summary;
  clickNoMatch: Summary;
  directCall: Summary;
  crossOriginIsolated: boolean;
}

/**
 * The container inline between two performance.now() marks: start-up is parse, compile, run and
 * the library-loaded microtask, without the network. Cross-origin isolated, so the clock ticks in
 * 5 µs steps rather than 100 µs. With `src`, the same page loads the container as its own script
 * instead, as a site does (CONTRACT §2); the marks then hold its download too, and servedOnce reads
 * its time from a trace.
 */
function scalePage(generated: GeneratedProperty, container: string, src?: string): string {
  const filler = Array.from({ length: 40 }, (_, i) => `<li><a href="/articles/${i}">Article ${i}</a></li>`).join('');
  const dataLayer = {
    page: {
      pageInfo: { pageName: 'Bench:Scale' },
      category: { primaryCategory: 'bench' },
      attributes: Object.fromEntries(Array.from({ length: generated.dataElements }, (_, j) => [`field${j}`, `Value ${j}`])),
    },
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scale ${generated.rules}</title>
<meta name="meta-4" content="meta value">
<script>window.digitalData = ${JSON.stringify(dataLayer)}; window.__bench = { t0: performance.now() };</script>
${src ? `<script src="${src}"></script>` : `<script>${container.replace(/<\/script/gi, '<\\/script')}</script>`}
<script>window.__bench.t1 = performance.now();</script>
</head><body><header><nav><ul>${filler}</ul></nav></header>
<main><div class="page"><section class="content"><div class="grid"><div class="column"><article><div class="actions"><p>
${generated.target.html} <button type="button" id="no-rule-target">Nothing</button>
</p></div></article></div></div></section></div></main></body></html>`;
}

/** In the page, after its load: the first click, then blocks of clicks, clicks no rule matches and direct calls. */
const timeEvents = async ({ selector, directCall, block, blocks }: { selector: string; directCall: string; block: number; blocks: number }): Promise<Omit<ScaleSample, 'servedStartup'>> => {
  const w = window as unknown as { __bench: { t0: number; t1: number }; _satellite: { track(id: string): void } };
  const target = document.querySelector(selector) as HTMLElement;
  const none = document.getElementById('no-rule-target') as HTMLElement;
  await new Promise((resolve) => setTimeout(resolve, 50));
  const t = performance.now();
  target.click();
  const firstClick = performance.now() - t;
  const medians: number[] = [];
  for (const run of [() => target.click(), () => none.click(), () => w._satellite.track(directCall)]) {
    const perEvent: number[] = [];
    for (let b = 0; b < blocks; b++) {
      // Between blocks the link hits leave, so the keep-alive quota never pushes sendBeacon to a fallback.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const start = performance.now();
      for (let i = 0; i < block; i++) run();
      perEvent.push((performance.now() - start) / block);
    }
    perEvent.sort((a, b) => a - b);
    medians.push(perEvent[perEvent.length >> 1]!);
  }
  return {
    startup: w.__bench.t1 - w.__bench.t0,
    firstClick,
    click: medians[0]!,
    clickNoMatch: medians[1]!,
    directCall: medians[2]!,
    crossOriginIsolated: window.crossOriginIsolated,
  };
};

/**
 * One load of the page that serves the container as its own script, traced: the main-thread ms of the container's
 * evaluation (its run, the library-loaded microtask, and what is left of its compile once Chromium has streamed and
 * compiled it off the main thread). Inline, the HTML parser reads the container's bytes and V8 compiles it on the
 * main thread first; served, neither falls in its start (docs/PERFORMANCE.md §4).
 */
async function servedOnce(browser: BareChromium, server: BenchServer, path: string, script: string): Promise<number> {
  const visitor = await browser.newPage();
  try {
    const trace = await startTrace(visitor.cdp);
    await visitor.goto(server.url(HOST, path));
    const events = await trace.stop();
    const thread = pageMainThread(events);
    if (!thread) throw new Error(`${path}: no renderer main thread in the trace`);
    return evaluationMs(events, thread, server.url(HOST, script));
  } finally {
    await visitor.close();
  }
}

/** One load in the bare Chromium of the page cost (bench/bare-chromium.ts): DevTools' own work is not the container's. */
async function loadOnce(browser: BareChromium, server: BenchServer, generated: GeneratedProperty, path: string): Promise<Omit<ScaleSample, 'servedStartup'>> {
  const visitor = await browser.newPage();
  try {
    const from = server.hits.length;
    await visitor.goto(server.url(HOST, path));
    const sample = await visitor.call(timeEvents, { selector: generated.target.selector, directCall: generated.directCall, block: BLOCK, blocks: BLOCKS });
    // The first click's hit proves the rule ran (and the target is matched).
    await server.waitForHit(isLinkNamed(`Link ${generated.target.selector.match(/cta-(\d+)/)![1]}`), from, 5000);
    return sample;
  } finally {
    await visitor.close();
  }
}

export async function measureScaling(sizes: readonly number[], runs: number, log: (line: string) => void): Promise<ScaleResult[]> {
  const server = await startBenchServer();
  const browser = await launchBareChromium();
  try {
    const results: ScaleResult[] = [];
    for (const size of sizes) {
      const generated = generateProperty(size);
      const started = performance.now();
      const compiled = await compileContainer(generated.property, 'production', { trackingServer: server.trackingServer(HOST) });
      const compileMs = performance.now() - started;
      const path = `/scale/${size}`;
      const script = `/scale/${size}.js`;
      const isolated = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
      server.pages.set(path, { html: scalePage(generated, compiled.js), headers: isolated });
      // Not isolated: the trace times it, and a cross-origin isolated page's navigation moves it to a renderer that the
      // trace may not yet follow when it runs.
      server.pages.set(`${path}/served`, { html: scalePage(generated, compiled.js, script) });
      server.scripts.set(script, compiled.js);
      await loadOnce(browser, server, generated, path);
      await servedOnce(browser, server, `${path}/served`, script);
      const samples: ScaleSample[] = [];
      for (let run = 0; run < runs; run++)
        samples.push({ ...(await loadOnce(browser, server, generated, path)), servedStartup: await servedOnce(browser, server, `${path}/served`, script) });
      const pick = (key: Exclude<keyof ScaleSample, 'crossOriginIsolated'>) => summarise(samples.map((s) => s[key]));
      results.push({
        rules: size,
        clickRules: generated.clickRules,
        pageLoadRules: generated.pageLoadRules,
        directCallRules: generated.directCallRules,
        customEventRules: generated.customEventRules,
        dataElements: generated.dataElements,
        compileMs,
        bytes: { min: compiled.size.min, gzip: compiled.size.gzip, brotli: compiled.size.brotli },
        startup: pick('startup'),
        servedStartup: pick('servedStartup'),
        firstClick: pick('firstClick'),
        click: pick('click'),
        clickNoMatch: pick('clickNoMatch'),
        directCall: pick('directCall'),
        crossOriginIsolated: samples.every((s) => s.crossOriginIsolated),
      });
      log(`  scaling: ${size} rules, ${runs} loads, start-up median ${median(samples.map((s) => s.startup)).toFixed(2)} ms inline, ${median(samples.map((s) => s.servedStartup)).toFixed(2)} ms served`);
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}
