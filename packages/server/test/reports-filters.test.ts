/**
 * Reports narrowed to one environment (report suite) and host, and each report as CSV, over real
 * HTTP (issue 19 item 1, docs/ADMIN-API.md "Reports"): the parameters, their 400s, the CSV's
 * headers, escaping (RFC 4180) and protection against formulas.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index';
import type { NewHit } from '../src/storage';
import { AdminClient } from './support/admin-client';
import { testConfig } from './support/config';

const PASSWORD = 'correct horse battery staple';
const PROD_HOST = 'metrics.health.localhost';
const STAGING_HOST = 'staging-metrics.health.localhost';
/** The report suites of every environment of the properties the server loads (properties/). */
const SUITES = 'nhsukdev, nhsukprod, nhsukstaging, twminimaldev, twminimalprod, twminimalstage';

function page(day: string, pageName: string, fields: Partial<NewHit> = {}, visitor = 'v1'): NewHit {
  return {
    receivedAt: `${day}T10:00:00.000Z`,
    host: PROD_HOST,
    reportSuites: 'nhsukprod',
    hitType: 'page',
    linkType: null,
    linkName: null,
    pageName,
    pageUrl: null,
    siteSection: 'conditions',
    events: 'event1',
    variables: { pageName, marketingCloudVisitorID: visitor, events: ['event1'] },
    contextData: {},
    query: '',
    clientIp: null,
    userAgent: null,
    ...fields,
  };
}

describe('reports by environment and host, and as CSV', () => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  let viewer: AdminClient;
  let anonymous: AdminClient;

  beforeAll(async () => {
    const config = testConfig({ loginAttemptsPerMinute: 1000, firstAdmin: { username: 'root', password: PASSWORD } });
    server = await startServer(config, { logger: false });
    cleanup = async () => rmSync(config.dataDir, { recursive: true, force: true });
    const base = `http://127.0.0.1:${server.port}`;
    const admin = new AdminClient(base);
    expect((await admin.signIn('root', PASSWORD)).status).toBe(200);
    expect((await admin.post('/api/admin/users', { username: 'vera', password: PASSWORD, role: 'viewer' })).status).toBe(201);
    viewer = new AdminClient(base);
    expect((await viewer.signIn('vera', PASSWORD)).status).toBe(200);
    anonymous = new AdminClient(base);
    // Five page views on production (three visitors), one on staging: the six the page used to show.
    await server.storage.insertHits([
      page('2026-11-20', 'nhs:conditions:asthma', {}, 'v1'),
      page('2026-11-20', '=HYPERLINK("http://evil.example","Click")', {}, 'v2'),
      page('2026-11-21', '+44 helpline', {}, 'v3'),
      page('2026-11-21', '-1, "quoted"\nnext line', {}, 'v1'),
      page('2026-11-21', '@SUM(A1:A9)', { siteSection: null }, 'v2'),
      page('2026-11-21', 'nhs:conditions:asthma', { host: STAGING_HOST, reportSuites: 'nhsukstaging' }, 'v9'),
    ]);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  const range = 'from=2026-11-20&to=2026-11-21';
  const pageViews = (body: { pageViewsByDay: Array<{ pageViews: number }> }) => body.pageViewsByDay.reduce((sum, d) => sum + d.pageViews, 0);
  type Body = { pageViewsByDay: Array<{ pageViews: number }>; uniqueVisitors: { visitors: number }; hosts: string[]; range: Record<string, string> };

  it('narrows every report to a report suite, and to a host; lists the hosts of the report suite', async () => {
    const all = await viewer.get<Body>(`/api/admin/reports?${range}`);
    expect([all.status, pageViews(all.body), all.body.uniqueVisitors.visitors]).toEqual([200, 6, 4]);
    expect(all.body.hosts).toEqual([PROD_HOST, STAGING_HOST]);

    const prod = await viewer.get<Body>(`/api/admin/reports?${range}&reportSuite=nhsukprod`);
    expect([prod.status, pageViews(prod.body), prod.body.uniqueVisitors.visitors]).toEqual([200, 5, 3]);
    expect(prod.body.range).toEqual({ from: '2026-11-20', to: '2026-11-21', reportSuite: 'nhsukprod' });
    expect(prod.body.hosts).toEqual([PROD_HOST]);
    expect(prod.body).toMatchObject({ pageViewsBySection: [{ section: 'conditions', pageViews: 4 }, { section: null, pageViews: 1 }] });

    const staging = await viewer.get<Body>(`/api/admin/reports?${range}&reportSuite=nhsukstaging`);
    expect([staging.status, pageViews(staging.body), staging.body.uniqueVisitors.visitors]).toEqual([200, 1, 1]);

    const byHost = await viewer.get<Body>(`/api/admin/reports?${range}&host=${STAGING_HOST}`);
    expect([byHost.status, pageViews(byHost.body), byHost.body.uniqueVisitors.visitors]).toEqual([200, 1, 1]);
    const neither = await viewer.get<Body>(`/api/admin/reports?${range}&reportSuite=nhsukprod&host=${STAGING_HOST}`);
    expect([neither.status, pageViews(neither.body), neither.body.uniqueVisitors.visitors]).toEqual([200, 0, 0]);
  });

  it('refuses an unknown or malformed report suite or host with a clear 400, on the JSON and the CSV', async () => {
    for (const path of ['/api/admin/reports', '/api/admin/reports/topPages.csv']) {
      for (const [query, message] of [
        ['reportSuite=nhsuk', `reportSuite "nhsuk" is not a report suite of any environment; known: ${SUITES}`],
        ['reportSuite=nhsukprod%27--', `reportSuite "nhsukprod'--" is not a report suite of any environment; known: ${SUITES}`],
        ['reportSuite=nhsukprod&reportSuite=nhsukstaging', 'reportSuite must be given once'],
        ['host=www.health.localhost', `host "www.health.localhost" has received no hits; known: ${PROD_HOST}, ${STAGING_HOST}`],
        ['host=METRICS%20HEALTH', `host "METRICS HEALTH" has received no hits; known: ${PROD_HOST}, ${STAGING_HOST}`],
      ]) {
        const bad = await viewer.get<{ error: { code: string; message: string } }>(`${path}?${range}&${query}`);
        expect([path, bad.status, bad.body.error.code, bad.body.error.message]).toEqual([path, 400, 'BAD_REQUEST', `The request is not valid: ${message}`]);
      }
    }
  });

  it('downloads a report as CSV with the same filters and range: header row, RFC 4180 escaping, no formulas', async () => {
    const csv = await viewer.get<string>(`/api/admin/reports/topPages.csv?${range}&reportSuite=nhsukprod&host=${PROD_HOST}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="tagwell_topPages_nhsukprod_${PROD_HOST}_2026-11-20_2026-11-21.csv"`);
    expect(csv.headers.get('cache-control')).toBe('no-store');
    expect(csv.body).toBe(
      [
        'pageName,pageViews',
        "'+44 helpline,1",
        `"'-1, ""quoted""\nnext line",1`,
        `"'=HYPERLINK(""http://evil.example"",""Click"")",1`,
        "'@SUM(A1:A9),1",
        'nhs:conditions:asthma,1',
        '',
      ].join('\r\n'),
    );
    // The same numbers as the JSON report.
    const staging = await viewer.get<string>(`/api/admin/reports/pageViewsByDay.csv?${range}&reportSuite=nhsukstaging`);
    expect(staging.body).toBe('day,pageViews\r\n2026-11-21,1\r\n');
    const sections = await viewer.get<string>(`/api/admin/reports/pageViewsBySection.csv?${range}&reportSuite=nhsukprod`);
    expect(sections.body).toBe('section,pageViews\r\nconditions,4\r\n,1\r\n');
    const visitors = await viewer.get<string>(`/api/admin/reports/uniqueVisitors.csv?reportSuite=nhsukprod`);
    expect(visitors.body).toMatch(/^visitors,relativeStandardError\r\n3,0\.\d+\r\n$/);
    expect(visitors.headers.get('content-disposition')).toBe('attachment; filename="tagwell_uniqueVisitors_nhsukprod_start_today.csv"');
    for (const report of ['searches', 'toolFunnel', 'feedbackByPage', 'consentOptOuts']) {
      expect((await viewer.get(`/api/admin/reports/${report}.csv?${range}`)).status, report).toBe(200);
    }
  });

  it('needs the same sign-in as the JSON reports, and names the reports there are', async () => {
    const anon = await anonymous.get<{ error: { code: string } }>(`/api/admin/reports/topPages.csv?${range}`);
    expect([anon.status, anon.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const unknown = await viewer.get<{ error: { code: string; message: string } }>('/api/admin/reports/hits.csv');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('no report "hits.csv"; reports: pageViewsByDay.csv, pageViewsBySection.csv, topPages.csv');
    expect((await viewer.get('/api/admin/reports/constructor.csv')).status).toBe(404);
  });
});
