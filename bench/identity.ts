// The visitor identity (docs/IDENTITY.md) in the bench: what the module adds to the health site's
// production container, and how long a first visit's page view waits for its id (the identity
// service on the same loopback server, the page throttled like §2).
import { compileContainer, loadProperty } from '@tagwell/compiler';
import { launchBareChromium } from './bare-chromium';
import { partCost } from './bytes';
import { HEALTH_PROPERTY, startSite, VARIANTS } from './containers';
import { isPageView } from './server';
import { summarise, type Summary } from './stats';

export interface IdentityResult {
  /** The production container with the identity minus the same container without it. */
  bytes: { min: number; gzip: number; brotli: number };
  /** Minified bytes of the identity's own modules in the bundle. */
  moduleMin: number;
  runs: number;
  /**
   * ms the first request of a new visitor's page that had to wait for the id waited (0 when the id came first):
   * on the demo page the personalisation's decision request, which asks for it in the head; else the page view.
   */
  wait: Summary;
  /** ms from DOMContentLoaded to the page view's request (resource timing): the page view's own wait included. Absent before 2026-11-28, night. */
  pageView?: Summary;
  /** ms of the page's request to the identity service (resource timing). */
  request: Summary;
  /** First visits in which a request had to wait for the id at all. */
  waited: number;
  /** First visits whose page view carried an id. */
  withId: number;
}

const WAITED = /^Identity: a hit waited (\d+) ms for the id$/;

/** In the page once its page view has left: the container's log lines and the identity request's duration. */
const readPage = () => {
  const satellite = (window as unknown as { _satellite: { logger: { history: Array<[string, string]> } } })._satellite;
  const resources = performance.getEntriesByType('resource');
  const request = resources.find((e) => e.name.includes('/id/v1/visitor'));
  const pageView = resources.find((e) => e.name.includes('/b/ss/') && !/[?&]pe=/.test(e.name));
  const ready = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventStart;
  return {
    lines: satellite.logger.history.map(([, message]) => message),
    request: request ? request.duration : -1,
    pageView: pageView && ready ? pageView.startTime - ready : -1,
  };
};

/** First visits in the bare Chromium of the page cost (bench/bare-chromium.ts). */
export async function measureIdentity(runs: number, log: (line: string) => void): Promise<IdentityResult> {
  const { property, dir } = loadProperty(HEALTH_PROPERTY);
  const withIt = await compileContainer(property, 'production', { propertyDir: dir });
  const without = await compileContainer({ ...property, settings: { ...property.settings, identity: undefined } }, 'production', { propertyDir: dir });
  const moduleMin = Object.entries(withIt.size.modules)
    .filter(([file]) => file.includes('/runtime/src/identity/'))
    .reduce((sum, [, bytes]) => sum + bytes, 0);

  const site = await startSite(VARIANTS['tagwell-production']);
  const browser = await launchBareChromium();
  const waits: number[] = [];
  const requests: number[] = [];
  const pageViews: number[] = [];
  let withId = 0;
  try {
    for (let run = -1; run < runs; run++) {
      const visitor = await browser.newPage();
      try {
        const from = site.server.hits.length;
        await visitor.goto(site.pageUrl);
        const view = await site.server.waitForHit(isPageView, from);
        const seen = await visitor.call(readPage, undefined);
        // The first run warms the server and Chromium up, and is not counted.
        if (run < 0) continue;
        const line = seen.lines.map((message) => WAITED.exec(message)).find(Boolean);
        waits.push(line ? Number(line[1]) : 0);
        if (seen.request >= 0) requests.push(seen.request);
        if (seen.pageView >= 0) pageViews.push(seen.pageView);
        if (/^\d{38}$/.test(view.params.get('mid') ?? '')) withId++;
      } finally {
        await visitor.close();
      }
      if ((run + 1) % 5 === 0 || run + 1 === runs) log(`  identity: ${Math.max(0, run + 1)}/${runs} first visits`);
    }
  } finally {
    await browser.close();
    await site.close();
  }
  const { min, gzip, brotli } = partCost('identity', '', withIt.js, without.js);
  return {
    bytes: { min, gzip, brotli },
    moduleMin,
    runs,
    wait: summarise(waits),
    request: summarise(requests),
    pageView: summarise(pageViews),
    waited: waits.filter((ms) => ms > 0).length,
    withId,
  };
}
