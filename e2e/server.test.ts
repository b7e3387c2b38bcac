import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig, startServer, type RunningServer } from '@tagwell/server';
import { E2E_API_TOKEN, latestBeacons } from './support/beacons';
import { launchBrowser } from './support/browser';
import { giveConsent } from './support/consent';

// `npm start`'s server end to end: a visitor on the demo site, the container it serves, the
// collector that stores the hit, and the beacon API that returns it (CONTRACT §2, §3).

let server: RunningServer;
let dataDir: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-e2e-server-'));
  server = await startServer(
    { ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent', TAGWELL_API_TOKEN: E2E_API_TOKEN }), dataDir, propertiesDir: path.resolve(import.meta.dirname, '..', 'properties') },
    { logger: false },
  );
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a page view on the demo site reaches the beacon API, with its link click after it', async () => {
  const context = await browser.browser.newContext();
  await giveConsent(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://www.health.localhost:${server.port}/conditions/chickenpox`);
  await page.click('.app-feedback__no');
  type Beacon = { hitType: string; linkName: string | null; variables: Record<string, unknown> };
  const latest = () => latestBeacons<Beacon>(`http://127.0.0.1:${server.port}`, 10);
  let beacons: Beacon[] = [];
  for (let i = 0; i < 50 && !beacons.some((b) => b.linkName === 'Feedback: No'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    beacons = await latest();
  }
  const view = beacons.find((b) => b.hitType === 'page' && b.variables.pageName === 'conditions:chickenpox');
  expect(view?.variables).toMatchObject({ channel: 'conditions', prop5: 'web', currencyCode: 'GBP', events: ['event1'] });
  const feedback = beacons.find((b) => b.linkName === 'Feedback: No');
  // The visitor id from this server's identity service (docs/IDENTITY.md) is stored with the hit.
  expect(view?.variables.marketingCloudVisitorID).toMatch(/^\d{38}$/);
  expect(feedback?.variables.marketingCloudVisitorID).toBe(view?.variables.marketingCloudVisitorID);
  expect(feedback?.variables).toMatchObject({ eVar35: 'no', events: ['event25'] });
  // Newest first (CONTRACT §2).
  expect(beacons.indexOf(feedback!)).toBeLessThan(beacons.indexOf(view!));
  expect(errors).toEqual([]);
  await context.close();
});
