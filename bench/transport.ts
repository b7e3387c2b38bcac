// What one hit's send call costs the main thread, by transport. Our runtime sends a hit that fits
// in a GET as an image (as AppMeasurement and the bench's Adobe modules do), and uses sendBeacon
// only while the page is left, for exit links, and to POST a long hit as a form body
// (analytics/transport.ts); fetch keepalive is measured for comparison. Explains part of the
// click-to-link-hit figures.
import { launchBareChromium } from './bare-chromium';
import { startBenchServer } from './server';
import { summarise, type Summary } from './stats';

export interface TransportResult {
  beacon: Summary;
  /** sendBeacon with a long hit (3,000 characters) as an application/x-www-form-urlencoded body. */
  post: Summary;
  fetch: Summary;
  image: Summary;
}

const SENDS = 5;

/** In the page: each transport's send call, timed `sends` times in turn. */
const timeSends = async (sends: number): Promise<number[][]> => {
  const url = `${location.origin}/b/ss/benchtransport/1/BENCH/s1?AQB=1&ndh=1&pageName=transport&g=${encodeURIComponent(location.href)}&AQE=1`;
  const long = `AQB=1&ndh=1&pageName=transport&v1=${'x'.repeat(3000)}&AQE=1`;
  const out: number[][] = [[], [], [], []];
  const senders = [
    (u: string) => navigator.sendBeacon(u),
    (u: string) => navigator.sendBeacon(u.slice(0, u.indexOf('?')), new Blob([long], { type: 'application/x-www-form-urlencoded' })),
    (u: string) => fetch(u, { keepalive: true, mode: 'no-cors', credentials: 'include' }).catch(() => undefined),
    (u: string) => (new Image().src = u),
  ];
  for (let k = 0; k < sends; k++) {
    for (const [i, send] of senders.entries()) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const t = performance.now();
      send(`${url}&k=${k}-${i}`);
      out[i]!.push(performance.now() - t);
    }
  }
  return out;
};

/** In a bare Chromium (bench/bare-chromium.ts), as the page cost: DevTools' own work on each request is not the transport's. */
export async function measureTransport(runs: number): Promise<TransportResult> {
  const server = await startBenchServer();
  const browser = await launchBareChromium();
  // Cross-origin isolated: 5 µs clock steps.
  server.pages.set('/transport', { html: '<!doctype html><html lang="en"><title>Transport</title><p>Transport</p></html>', headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } });
  const all: Record<keyof TransportResult, number[]> = { beacon: [], post: [], fetch: [], image: [] };
  try {
    for (let run = 0; run < runs; run++) {
      const visitor = await browser.newPage();
      try {
        await visitor.goto(server.url('www.health.localhost', '/transport'));
        const times = await visitor.call(timeSends, SENDS);
        all.beacon.push(...times[0]!);
        all.post.push(...times[1]!);
        all.fetch.push(...times[2]!);
        all.image.push(...times[3]!);
      } finally {
        await visitor.close();
      }
    }
    return { beacon: summarise(all.beacon), post: summarise(all.post), fetch: summarise(all.fetch), image: summarise(all.image) };
  } finally {
    await browser.close();
    await server.close();
  }
}
