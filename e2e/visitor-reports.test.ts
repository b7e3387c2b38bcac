/**
 * Visitor reports in the console, end to end against `npm start` (issue 13 item 4, issue 18 item
 * 3): hits with known visitor ids sent through the collector appear on the Reports page as unique
 * visitors per day, section and page, all new on their first visit; the page says how long raw
 * hits are kept (RETENTION_DAYS); axe finds no serious or critical violation.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ADMIN, seriousA11yViolations, useProduct } from './support/product';

const live = useProduct({ RETENTION_DAYS: '30' });



/** Three visitors, as the identity service writes their ids: 38 digits. */
const VISITORS = ['11111111111111111111111111111111111111', '22222222222222222222222222222222222222', '33333333333333333333333333333333333333'];

/** A page view through the collector, as the health site's container sends it. */
async function pageView(visitor: string, pageName: string, section: string): Promise<void> {
  const url = `http://www.health.localhost:${live.product.port}/${pageName.replaceAll(':', '/')}`;
  const query = `AQB=1&ndh=1&pageName=${encodeURIComponent(pageName)}&g=${encodeURIComponent(url)}&c5=${section}&cc=GBP&events=event1&mid=${visitor}&AQE=1`;
  const answer = await fetch(`http://127.0.0.1:${live.product.port}/b/ss/nhsukprod/1/TW-e2e/s1?${query}`, { headers: { host: `metrics.health.localhost:${live.product.port}` } });
  expect(answer.status).toBe(200);
}

const rowsOf = async (page: Page, region: string) => {
  const card = page.getByRole('region', { name: region });
  await card.getByText('Show the numbers').click();
  return card.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText)));
};

it('shows the visitors of hits with known ids, new and repeat, per day, section and page, and the retention period', async () => {
  await pageView(VISITORS[0]!, 'e2e:visitors:one', 'e2e-a');
  await pageView(VISITORS[0]!, 'e2e:visitors:two', 'e2e-a');
  await pageView(VISITORS[1]!, 'e2e:visitors:one', 'e2e-a');
  await pageView(VISITORS[2]!, 'e2e:visitors:three', 'e2e-b');
  const today = new Date().toISOString().slice(0, 10);

  const context = await live.browser.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${live.product.base}/console/sign-in`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
    await page.getByRole('link', { name: 'Reports' }).click();

    await page.getByText('Raw hits are kept 30 days; totals are kept.').waitFor();
    const byDay = page.getByRole('region', { name: 'Visitors by day' });
    await byDay.getByRole('img', { name: /^Line chart of visitors/ }).waitFor();
    expect(await byDay.locator('svg.recharts-surface').count()).toBeGreaterThan(0);
    const days = await rowsOf(page, 'Visitors by day');
    // The last 30 days, today last: three visitors, all on their first visit.
    expect(days.at(-1)!.slice(1)).toEqual(['3', '3', '0']);
    expect(await byDay.locator('tbody tr').last().locator('time').getAttribute('datetime')).toBe(today);
    expect(days.slice(0, -1).every((row) => row.slice(1).join() === '0,0,0')).toBe(true);

    expect(await rowsOf(page, 'Visitors by section')).toEqual([
      ['e2e-a', '2', '2', '0'],
      ['e2e-b', '1', '1', '0'],
    ]);
    const pages = page.getByRole('region', { name: 'Visitors of the top pages' });
    const pageRows = await pages.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText)));
    expect(pageRows).toEqual([
      ['e2e:visitors:one', '2', '2'],
      ['e2e:visitors:three', '1', '1'],
      ['e2e:visitors:two', '1', '1'],
    ]);
    expect(await pages.locator('a[download]').getAttribute('href')).toMatch(/^\/api\/admin\/reports\/visitorsByPage\.csv\?from=.*&reportSuite=nhsukprod$/);

    const violations = await seriousA11yViolations(page);
    expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  } finally {
    await context.close();
  }
});
