/**
 * Issue 16 item 3, SPEC §8: a media call in a container whose property configures no streaming media.
 * The health site's property without settings.streamingMedia, its containers built and served with the
 * demo site: the dev site's development container answers `_satellite.sendMediaEvent` with
 * `Streaming media is not configured.`; the live site's production container carries none of it; the
 * demo's video plays and nothing reports it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHealthSite, type HealthSite } from './support/health';

let site: HealthSite;

beforeAll(async () => {
  site = await startHealthSite({ tweak: (property) => ({ ...property, settings: { ...property.settings, streamingMedia: undefined } }) });
}, 120_000);
afterAll(async () => {
  await site?.close();
});

type Satellite = { sendMediaEvent?: (event: unknown) => boolean; logger: { history: Array<[string, string]> } };

it('logs `Streaming media is not configured.` for a media call on the dev site, and sends nothing', async () => {
  const { context, page, errors } = await site.visitor();
  const from = site.server.hits.length;
  await page.goto(site.url('dev.health.localhost', '/'));
  await page.waitForFunction(() => !!(window as unknown as { _satellite?: unknown })._satellite);
  const answer = await page.evaluate(() => {
    const satellite = (window as unknown as { _satellite: Satellite })._satellite;
    return satellite.sendMediaEvent!({ playerId: 'p', type: 'sessionStart', name: 'Warm-up exercises', length: 4 });
  });
  expect(answer).toBe(false);
  const log = await page.evaluate(() => (window as unknown as { _satellite: Satellite })._satellite.logger.history);
  expect(log).toContainEqual(['warn', 'Streaming media is not configured.']);
  expect(site.hitsSince(from, (hit) => hit.params.get('pev2')?.startsWith('Media ') ?? false)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

it('the live site’s production container has no media call, and the video it plays is not reported', async () => {
  const { context, page, errors } = await site.visitor();
  const from = site.server.hits.length;
  await page.goto(site.url('www.health.localhost', '/live-well/exercise/warm-up-video'));
  await page.waitForFunction(() => !!(window as unknown as { _satellite?: unknown })._satellite);
  expect(await page.evaluate(() => typeof (window as unknown as { _satellite: Satellite })._satellite.sendMediaEvent)).toBe('undefined');
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await page.waitForFunction(() => document.querySelector('video')!.ended, undefined, { timeout: 20_000 });
  // The page view arrived; no media hit did.
  await site.server.waitForHit((hit) => hit.params.get('pageName') === 'live-well:exercise:warm-up-video');
  expect(site.hitsSince(from, (hit) => hit.query.includes('media'))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
