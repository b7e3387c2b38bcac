// What a visitor's event history costs the page (docs/PERSONALISATION.md, "Event history"): the
// health-site production container on the demo page at the bench's CPU throttling, for a visitor who
// holds no history and for visitors who hold a long one, up to SPEC §9's 2097152 bytes. The history is
// made in the page before its scripts run (one key per event, its times a few seconds to 29 days old,
// spread over 1000 events), and every task over 50 ms from then to 2.5 s after the page view is summed
// (the Long Tasks API: the page's own tasks count too, which the visitor without a history shows). The
// peer is that visitor: the same container, the same page, an empty history.
import { launchBareChromium } from './bare-chromium';
import { startSite, VARIANTS, type Variant } from './containers';
import { isPageView } from './server';
import { summarise, type Summary } from './stats';

/** How long after the page view tasks are still summed: the history written after it, and the window-loaded rules. */
const AFTER_PAGE_VIEW_MS = 2500;
/** Events the made history spreads its times over (SPEC §9 keeps 1000). */
const EVENTS = 1000;

export interface HistoryResult {
  loads: number;
  /** Per container and history: the stored text's bytes after the visit, and per load the tasks over 50 ms. */
  rows: Array<{ id: string; label: string; times: number; storedBytes: number; longTaskMs: Summary; longestMs: Summary }>;
}

/** In the page, before its scripts: `times` times made into the history, then long tasks observed from then on. */
const makeHistory = (times: number) => `(() => {
  if (${times} && localStorage.getItem('tw_history') === null) {
    const now = Date.now(), store = {}, step = Math.floor((29 * 864e5) / ${times});
    for (let i = 0; i < ${times}; i++) (store[(1e6 + (i % ${EVENTS})).toString(36)] ||= []).push(now - 1000 - i * step);
    localStorage.setItem('tw_history', JSON.stringify(store));
  }
  const from = performance.now(), long = (window.__benchLong = []);
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.startTime >= from) long.push(e.duration); }).observe({ type: 'longtask' });
})();`;

/** `loads` visits for each history size of each container, interleaved (A B A B ...). */
export async function measureHistory(sizes: readonly number[], loads: number, before: readonly Variant[] = []): Promise<HistoryResult> {
  const variants = [...before, VARIANTS['tagwell-production']];
  const sites = await Promise.all(variants.map(startSite));
  const browser = await launchBareChromium();
  const runs = sites.flatMap((site) => sizes.map((times) => ({ site, times, total: [] as number[], longest: [] as number[], storedBytes: 0 })));
  try {
    for (let load = 0; load < loads; load++) {
      for (const run of runs) {
        const visitor = await browser.newPage(makeHistory(run.times));
        try {
          const from = run.site.server.hits.length;
          await visitor.goto(run.site.pageUrl);
          await run.site.server.waitForHit(isPageView, from);
          await new Promise((resolve) => setTimeout(resolve, AFTER_PAGE_VIEW_MS));
          const [long, stored] = await visitor.evaluate<[number[], number]>(`[window.__benchLong, (localStorage.getItem('tw_history') || '').length]`);
          run.total.push(long.reduce((sum, d) => sum + d, 0));
          run.longest.push(Math.max(0, ...long));
          run.storedBytes = stored;
          const errors = await visitor.errors();
          if (errors.length) throw new Error(`${run.site.variant.id}: the page threw ${errors.join('; ')}`);
        } finally {
          await visitor.close();
        }
      }
    }
    return {
      loads,
      rows: runs.map((run) => ({
        id: run.site.variant.id,
        label: run.site.variant.label,
        times: run.times,
        storedBytes: run.storedBytes,
        longTaskMs: summarise(run.total),
        longestMs: summarise(run.longest),
      })),
    };
  } finally {
    await browser.close();
    await Promise.all(sites.map((site) => site.close()));
  }
}
