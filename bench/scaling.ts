// Scaling with the property: bundle size, start-up and the cost of one event for generated
// properties of growing size, measured in the page with performance.now().
import { compileContainer } from '@tagwell/compiler';
import { launchBareChromium, type BareChromium } from './bare-chromium';
import { generateProperty, type GeneratedProperty } from './generate-property';
import { isLinkNamed, startBenchServer, type BenchServer } from './server';
import { median, summarise, type Summary } from './stats';

const HOST = 'www.health.localhost';
/** Events dispatched per timed block, and blocks per page load: timer resolution and the beacon quota both fit. */
const BLOCK = 10;
const BLOCKS = 5;

export interface ScaleSample {
  startup: number;
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
  firstClick: Summary;
  click: Summary;
  clickNoMatch: Summary;
  directCall: Summary;
  crossOriginIsolated: boolean;
}

/**
 * The container inline between two performance.now() marks: start-up is parse, compile, run and
 * the library-loaded microtask, without the network. Cross-origin isolated, so the clock ticks in
 * 5 µs steps rather than 100 µs.
 */
function scalePage(generated: GeneratedProperty, container: string): string {
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
<script>${container.replace(/<\/script/gi, '<\\/script')}</script>
<script>window.__bench.t1 = performance.now();</script>
</head><body><header><nav><ul>${filler}</ul></nav></header>
<main><div class="page"><section class="content"><div class="grid"><div class="column"><article><div class="actions"><p>
${generated.target.html} <button type="button" id="no-rule-target">Nothing</button>
</p></div></article></div></div></section></div></main></body></html>`;
}

/** In the page, after its load: the first click, then blocks of clicks, clicks no rule matches and direct calls. */
const timeEvents = async ({ selector, directCall, block, blocks }: { selector: string; directCall: string; block: number; blocks: number }): Promise<ScaleSample> => {
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

/** One load in the bare Chromium of the page cost (bench/bare-chromium.ts): DevTools' own work is not the container's. */
async function loadOnce(browser: BareChromium, server: BenchServer, generated: GeneratedProperty, path: string): Promise<ScaleSample> {
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
      server.pages.set(path, {
        html: scalePage(generated, compiled.js),
        headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
      });
      await loadOnce(browser, server, generated, path);
      const samples: ScaleSample[] = [];
      for (let run = 0; run < runs; run++) samples.push(await loadOnce(browser, server, generated, path));
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
        firstClick: pick('firstClick'),
        click: pick('click'),
        clickNoMatch: pick('clickNoMatch'),
        directCall: pick('directCall'),
        crossOriginIsolated: samples.every((s) => s.crossOriginIsolated),
      });
      log(`  scaling: ${size} rules, ${runs} loads, start-up median ${median(samples.map((s) => s.startup)).toFixed(2)} ms`);
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}
