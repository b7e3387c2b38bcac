/**
 * Issue 16 items 3 and 4 in Debian's Chromium against `npm start`: the live demo's warm-up video played,
 * paused and played to its end, reported as a media session whose hits the collector accepts and the
 * media report counts; the site's own player and its refused events; post-track callbacks, one of which
 * throws. Pings are every 10 seconds while playing (SPEC §5, the real minimum): the page's clock is
 * Playwright's, paused, and moved on by the test while the 4-second video plays in real time.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { latestBeacons } from './support/beacons';
import { ADMIN, apiSession, useProduct } from './support/product';
import { giveConsent } from './support/consent';

const live = useProduct();

type Beacon = { hitType: string; linkType: string | null; linkName: string | null; contextData: Record<string, string>; query: string };
type MediaRow = { content: string; starts: number; completes: number; completionRate: number; timePlayed: number };



const START = new Date('2026-03-02T09:00:00Z').getTime();

/** A visitor with Statistics consent, on `path` of the live demo host, the page's clock installed (and running). */
async function visit(path: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await live.browser.browser.newContext();
  await giveConsent(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.clock.install({ time: START });
  await page.goto(`http://www.health.localhost:${live.product.port}${path}`);
  return { context, page, errors };
}

/** The stored media hits of one content, oldest first, once `done` holds of them (at most about 20 s). */
async function mediaHits(content: string, done: (hits: Beacon[]) => boolean): Promise<Beacon[]> {
  let hits: Beacon[] = [];
  for (let i = 0; i < 100; i++) {
    hits = (await latestBeacons<Beacon>(live.product.base, 200)).filter((b) => b.contextData['a.media.name'] === content).reverse();
    if (done(hits)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return hits;
}
const eventsOf = (hits: Beacon[]) => hits.map((h) => h.contextData['tw.media.event']);
const has = (event: string) => (hits: Beacon[]) => eventsOf(hits).includes(event);
const logOf = (page: Page) => page.evaluate(() => (window as unknown as { _satellite: { logger: { history: Array<[string, string]> } } })._satellite.logger.history);

it('reports the warm-up video played, paused and played to its end: pings every 10 s while playing, chapters, the completion and its play time', async () => {
  const { context, page, errors } = await visit('/live-well/exercise/warm-up-video');
  await page.waitForFunction(() => typeof (window as unknown as { _satellite?: { sendMediaEvent?: unknown } })._satellite?.sendMediaEvent === 'function');
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(START + 60_000);
  const video = page.locator('video[data-media-name="Warm-up exercises"]');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await mediaHits('Warm-up exercises', has('play'));
  // SPEC §5: the first ping 10 seconds into play, the next 10 seconds later; none before.
  await page.clock.runFor(9_000);
  await page.clock.runFor(11_000);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await mediaHits('Warm-up exercises', has('pauseStart'));
  // Paused: no ping, and no play time, however long.
  await page.clock.runFor(60_000);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await page.waitForFunction(() => document.querySelector('video')!.ended, undefined, { timeout: 20_000 });
  const hits = await mediaHits('Warm-up exercises', has('sessionComplete'));

  const main = eventsOf(hits).filter((e) => !e!.startsWith('chapter'));
  expect(main).toEqual(['sessionStart', 'play', 'ping', 'ping', 'pauseStart', 'play', 'sessionComplete']);
  const [start, , ping] = hits.filter((h) => !h.contextData['tw.media.event']!.startsWith('chapter'));
  expect(start!.contextData).toMatchObject({ 'a.media.view': 'true', 'a.media.length': '4', 'a.media.playerName': 'NHS video player', 'a.media.channel': 'NHS website', 'media.sdkVersion': '1.0.0' });
  expect(Number(ping!.contextData['tw.media.playhead'])).toBeLessThan(4);
  // Played for the 20 seconds of the page's clock that passed while playing; the 60 paused ones left out.
  expect(hits.at(-1)!.contextData).toMatchObject({ 'a.media.complete': 'true', 'a.media.timePlayed': '20', 'a.media.length': '4' });
  // The chapters track: each chapter started, and completed as the next starts or the content ends.
  const chapters = hits.filter((h) => h.contextData['tw.media.event']!.startsWith('chapter')).map((h) => `${h.contextData['tw.media.event']} ${h.contextData['a.media.chapter.name']}`);
  expect(chapters).toEqual(['chapterStart Neck rolls', 'chapterComplete Neck rolls', 'chapterStart Arm circles', 'chapterComplete Arm circles']);
  // Custom link hits, named for their event.
  expect(hits.every((h) => h.hitType === 'link' && h.linkType === 'o' && h.linkName === `Media ${h.contextData['tw.media.event']}`)).toBe(true);

  const api = await apiSession(live.product.base, ADMIN.username, ADMIN.password);
  const report = await api<{ mediaByContent: MediaRow[] }>('GET', '/api/admin/reports?reportSuite=nhsukprod');
  expect(report.body.mediaByContent).toContainEqual({ content: 'Warm-up exercises', starts: 1, completes: 1, completionRate: 1, timePlayed: 20 });
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

it("the site's own player: its events reported, one that does not match its schema refused in the page's log; post-track callbacks run after each hit, one that throws logged", async () => {
  const { context, page, errors } = await visit('/live-well/exercise/');
  await page.waitForFunction(() => typeof (window as unknown as { _satellite?: { registerPostTrackCallback?: unknown } })._satellite?.registerPostTrackCallback === 'function');
  const results = await page.evaluate(() => {
    type Sat = { sendMediaEvent(event: unknown): boolean; registerPostTrackCallback(fn: (url: string) => void): void };
    const satellite = (window as unknown as { _satellite: Sat })._satellite;
    const heard: { first: string[]; last: string[] } = { first: [], last: [] };
    (window as unknown as { heard: typeof heard }).heard = heard;
    satellite.registerPostTrackCallback((url) => heard.first.push(url));
    satellite.registerPostTrackCallback(() => {
      throw new Error('site bug');
    });
    satellite.registerPostTrackCallback((url) => heard.last.push(url));
    return [
      satellite.sendMediaEvent({ playerId: 'podcast', type: 'sessionStart', name: 'Sleep podcast', length: 900 }),
      satellite.sendMediaEvent({ playerId: 'podcast', type: 'play', playhead: 0 }),
      satellite.sendMediaEvent({ playerId: 'podcast', type: 'play', playhead: 'ten' }),
      satellite.sendMediaEvent({ playerId: 'radio', type: 'pauseStart' }),
      satellite.sendMediaEvent({ playerId: 'podcast', type: 'sessionEnd', playhead: 12 }),
    ];
  });
  expect(results).toEqual([true, true, false, false, true]);
  const hits = await mediaHits('Sleep podcast', has('sessionEnd'));
  expect(eventsOf(hits)).toEqual(['sessionStart', 'play', 'sessionEnd']);
  expect(hits.at(-1)!.contextData['tw.media.playhead']).toBe('12');

  const log = await logOf(page);
  // In the order of the calls: each hit's callbacks run as it is sent.
  expect(log.filter(([level]) => level === 'error').map(([, message]) => message)).toEqual([
    'Error in post-track callback site bug',
    'Error in post-track callback site bug',
    'The event does not match the expected schema. playhead must be a number of seconds, 0 or more',
    'The event does not match the expected schema. player "radio" has no session: send sessionStart first',
    'Error in post-track callback site bug',
  ]);
  // The callbacks before and after the one that throws each heard the three hits, as they were sent.
  const heard = await page.evaluate(() => (window as unknown as { heard: { first: string[]; last: string[] } }).heard);
  expect(heard.first).toHaveLength(3);
  expect(heard.last).toEqual(heard.first);
  const sent = heard.first.map((url) => new URL(url));
  expect(sent.every((url) => url.host === `metrics.health.localhost:${live.product.port}` && url.pathname.startsWith('/b/ss/nhsukprod/1/'))).toBe(true);
  expect(sent.map((url) => url.searchParams.get('pev2'))).toEqual(['Media sessionStart', 'Media play', 'Media sessionEnd']);
  expect(hits.map((h) => h.query)).toEqual(sent.map((url) => url.search.slice(1)));
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
