// One click's main-thread work in each container, without CPU throttling: a figure the throttled page
// cost (§2) cannot resolve. Chromium's CPU throttling (third_party/blink/renderer/platform/scheduler/
// common/thread_cpu_throttler.cc) wakes the page's main thread with a signal at intervals of 200 µs or
// more and holds it, busy, three times as long as it ran since the last one (4x), counting at most 1 ms
// of run. A click's work of a few hundred µs either ends between two signals, and §2 reads its real
// length, or takes a hold of up to 3 ms: §2's click figures are bimodal (0.5 to 0.7 ms, or 3 to 5), and
// their medians tell how often a click was held more than how long its work was. Here the feedback
// button is clicked many times on one settled page, each click in a task of its own, and each
// `element.click()` timed in the page; the page's own click handler is measured alone on a page with no
// container and taken off. The clock of a page that is not cross-origin isolated steps in 100 µs with
// jitter, so single clicks are coarse and the means over hundreds are what this reports.
import { launchBareChromium } from './bare-chromium';
import { startSite, VARIANTS, type Variant } from './containers';
import { CLICK } from './equivalent';
import { isLinkNamed, isPageView } from './server';

/** Time after the page view for window-loaded rules and late scripts, before the clicks (as §2). */
const SETTLE_MS = 800;

export interface ClickWorkResult {
  clicks: number;
  rounds: number;
  /** Mean µs of one click's dispatch on a page with no container: the page's own handler. */
  pageUs: number;
  /** Per container: mean µs of one click's dispatch less the page's own, and the link hits its clicks sent. */
  variants: Array<{ id: string; label: string; us: number; linkHits: number }>;
}

/** In the page: `clicks` clicks of `selector`, each after a timer, each dispatch's ms. */
const timeClicks = async ({ selector, clicks }: { selector: string; clicks: number }): Promise<number[]> => {
  const element = document.querySelector(selector) as HTMLElement;
  const out: number[] = [];
  for (let i = 0; i < clicks; i++) {
    await new Promise((resolve) => setTimeout(resolve, 3));
    const t = performance.now();
    element.click();
    out.push(performance.now() - t);
  }
  return out;
};

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * `rounds` pages of each variant in turn (A B C A B C ...), `clicks` clicks on each, unthrottled: the 2-rule
 * containers, Turbine's and the production one, and `before` (builds from another commit, `--against`) too.
 */
export async function measureClickWork(clicks: number, rounds: number, before: readonly Variant[] = []): Promise<ClickWorkResult> {
  const variants: Variant[] = [VARIANTS.none, ...before, VARIANTS['tagwell-equivalent'], VARIANTS['adobe-equivalent'], VARIANTS['tagwell-production']];
  const sites = await Promise.all(variants.map(startSite));
  const browser = await launchBareChromium();
  const times = sites.map(() => [] as number[]);
  const linkHits = sites.map(() => 0);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [i, site] of sites.entries()) {
        const visitor = await browser.newPage();
        try {
          await visitor.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
          const from = site.server.hits.length;
          await visitor.goto(site.pageUrl);
          if (site.containerUrl) await site.server.waitForHit(isPageView, from);
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const clicked = site.server.hits.length;
          times[i]!.push(...(await visitor.call(timeClicks, { selector: CLICK.selector, clicks })));
          // Every click of a container sends its link hit; the last ones may still be on their way. A click that
          // sent none did not do the work measured, so its figure would flatter the container: the run stops.
          const sent = () => site.server.hits.slice(clicked).filter(isLinkNamed(CLICK.linkName)).length;
          for (let waited = 0; site.containerUrl && sent() < clicks && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
          if (site.containerUrl && sent() < clicks) throw new Error(`${site.variant.id}: ${sent()} link hits for ${clicks} clicks`);
          linkHits[i]! += sent();
          const errors = await visitor.errors();
          if (errors.length) throw new Error(`${site.variant.id}: the page threw ${errors.join('; ')}`);
        } finally {
          await visitor.close();
        }
      }
    }
    const pageMs = mean(times[0]!);
    return {
      clicks,
      rounds,
      pageUs: pageMs * 1000,
      variants: sites.slice(1).map((site, k) => ({ id: site.variant.id, label: site.variant.label, us: (mean(times[k + 1]!) - pageMs) * 1000, linkHits: linkHits[k + 1]! })),
    };
  } finally {
    await browser.close();
    await Promise.all(sites.map((site) => site.close()));
  }
}
