import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index';
import { READER, testConfig } from './support/config';

// The server over real HTTP with a real SQLite file: containers, demo site, collector, beacon API, live stream.

let server: RunningServer;
let dataDir: string;
let base: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-server-'));
  server = await startServer(testConfig({ dataDir }), { logger: false });
  base = `http://127.0.0.1:${server.port}`;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A real HTTP request with the Host header set (fetch cannot set it). */
function request(pathAndQuery: string, init: { method?: string; headers?: Record<string, string>; body?: string; host?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, path: pathAndQuery, method: init.method ?? 'GET', headers: { host: `${init.host ?? 'metrics.health.localhost'}:${server.port}`, ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const hitQuery = (pageName: string, extra = '') => `AQB=1&ndh=1&t=22%2F10%2F2026%209%3A0%3A0%200%200&ce=UTF-8&pageName=${encodeURIComponent(pageName)}&cc=GBP&ch=conditions&c1=chickenpox&c5=web&v88=Y&events=event1${extra}&AQE=1`;
const collect = async (query: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}, host = 'metrics.health.localhost') => {
  const res = await request(`/b/ss/nhsukprod/1/TW-0.1.0/s${Math.floor(Math.random() * 1e9)}${init.method === 'POST' ? '' : `?${query}`}`, { ...init, host });
  return { ...res, json: () => JSON.parse(res.body.toString()) as unknown };
};

describe('containers (CONTRACT §2)', () => {
  it('serves each environment with an ETag and a short cache, and the versioned URL for a year', async () => {
    const res = await fetch(`${base}/containers/health-site/production.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = res.headers.get('etag')!;
    const body = await res.text();
    expect(body).toContain(`metrics.health.localhost:${server.port}`);
    expect((await fetch(`${base}/containers/health-site/production.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // One ETag per representation ("<buildId>", "<buildId>-gzip", "<buildId>-br"); fetch asks for gzip.
    const buildId = etag.replace(/"|-\w+"$/g, '');
    const versioned = await fetch(`${base}/containers/health-site/production.${buildId}.js`);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await versioned.text()).toBe(body);
    for (const env of ['staging', 'development']) expect((await fetch(`${base}/containers/health-site/${env}.js`)).status).toBe(200);
    expect((await fetch(`${base}/containers/health-site/production.js.map`, { headers: READER })).status).toBe(200);
    expect((await fetch(`${base}/containers/health-site/live.js`)).status).toBe(404);
    expect((await fetch(`${base}/containers/nope/production.js`)).status).toBe(404);
  });
});

describe('demo site (CONTRACT §3)', () => {
  it('serves the pages by Host header under a nonce-only CSP, and vendor stand-ins', async () => {
    const page = await request('/conditions/chickenpox', { host: 'www.health.localhost' });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/^script-src 'nonce-[^']+'/);
    expect(page.body.toString()).toContain('/containers/health-site/production.js');
    const staging = await request('/', { host: 'staging.health.localhost' });
    expect(staging.body.toString()).toContain('/containers/health-site/staging.js');
    const vendor = await request('/survey/intercept.js', { host: 'vendor.localhost' });
    expect(vendor.body.toString()).toMatch(/Demo stand-in/);
    // The server's own routes stay the server's on a demo host.
    expect((await request('/api/beacons?limit=1', { host: 'www.health.localhost', headers: READER })).status).toBe(200);
  });
});

describe('collector (CONTRACT §2, §4)', () => {
  it('answers a GET with a 1x1 GIF once the hit is stored, and the beacon API returns it as CONTRACT §2 says', async () => {
    const res = await collect(hitQuery('conditions:chickenpox', '&v10=ls1%204ap'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.body.subarray(0, 6).toString()).toBe('GIF89a');
    const { beacons } = (await (await fetch(`${base}/api/beacons?limit=1`, { headers: READER })).json()) as { beacons: Array<Record<string, unknown>> };
    expect(Object.keys(beacons[0]!).sort()).toEqual(['contextData', 'hitType', 'id', 'linkName', 'linkType', 'query', 'receivedAt', 'reportSuites', 'variables'].sort());
    expect(beacons[0]).toMatchObject({
      reportSuites: ['nhsukprod'],
      hitType: 'page',
      linkType: null,
      linkName: null,
      variables: { pageName: 'conditions:chickenpox', channel: 'conditions', prop1: 'chickenpox', prop5: 'web', eVar88: 'Y', events: ['event1'], currencyCode: 'GBP' },
    });
    // Defence in depth (issue 4 §6): a postcode that reached the collector is hidden again.
    expect((beacons[0]!.variables as Record<string, unknown>).eVar10).toBe('postcode na');
    expect(beacons[0]!.query).not.toMatch(/ls1/i);
    expect(Date.parse(beacons[0]!.receivedAt as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers a POSTed urlencoded link hit with 204 and CORS for sendBeacon', async () => {
    const res = await collect('', {
      method: 'POST',
      body: hitQuery('conditions:hives', '&pe=lnk_o&pev1=https%3A%2F%2Fwww.health.localhost%2F&pev2=Find%20a%20Pharmacy').replace('events=event1', 'events=event17'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://www.health.localhost' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://www.health.localhost');
    const { beacons } = (await (await fetch(`${base}/api/beacons?limit=1`, { headers: READER })).json()) as { beacons: Array<Record<string, unknown>> };
    expect(beacons[0]).toMatchObject({ hitType: 'link', linkType: 'o', linkName: 'Find a Pharmacy' });
  });

  it("accepts sendBeacon's bodiless POST with the query in the URL and no Content-Type", async () => {
    const res = await request(`/b/ss/nhsukprod/1/TW-0.1.0/s42?${hitQuery('conditions:beaconed')}`, { method: 'POST' });
    expect(res.status).toBe(204);
    const { beacons } = (await (await fetch(`${base}/api/beacons?limit=1`, { headers: READER })).json()) as { beacons: Array<{ variables: Record<string, unknown> }> };
    expect(beacons[0]!.variables.pageName).toBe('conditions:beaconed');
  });

  it('rejects what does not match the SDR with a 4xx, and keeps it with its reason', async () => {
    const before = await server.storage.countRejected();
    const cases: Array<[{ status: number; json(): unknown }, number]> = [
      [await collect(hitQuery('x').replace('cc=GBP', 'cc=USD')), 400],
      [await collect(hitQuery('x', '&v251=oops')), 400],
      [await collect(hitQuery('x').replace('events=event1', 'events=event1,,=3')), 400],
      [await collect(hitQuery('x').replace('AQB=1&', '')), 400],
      [await collect('', { method: 'POST', body: '{"not":"urlencoded"}', headers: { 'content-type': 'application/json' } }), 415],
    ];
    for (const [res, status] of cases) {
      expect(res.status).toBe(status);
      const body = res.json() as { error: { code: string; message: string } };
      expect(body.error.code).toBe('HIT_REJECTED');
      expect(body.error.message).toMatch(/^The event does not match the expected schema\. /);
    }
    expect(await server.storage.countRejected()).toBe(before + cases.length);
    const [latest] = await server.storage.latestRejected(1);
    expect(latest!.reason).toBe('The event does not match the expected schema.');
  });

  it('never answers bad input with a 5xx', async () => {
    for (const query of ['%E0%A4%A', 'AQB=1&pageName=%&AQE=1', '&&&=&=', 'AQB=1&pageName=' + 'x'.repeat(5000) + '&AQE=1&AQE=1']) {
      const res = await collect(query);
      expect(res.status, query.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status, query.slice(0, 40)).toBeLessThan(500);
    }
    const oversized = await collect('', { method: 'POST', body: hitQuery('x', '&v1=' + 'x'.repeat(200_000)), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(oversized.status).toBe(413);
  });

  it('streams hits as they arrive, filtered by host (server-sent events)', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/stream?host=www.health.localhost`, { signal: controller.signal, headers: READER });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    await reader.read(); // the comment that opens the stream
    await collect(hitQuery('not:this:host'), {}, 'metrics.health.localhost');
    await collect(hitQuery('conditions:streamed'), {}, 'www.health.localhost');
    let text = '';
    while (!text.includes('conditions:streamed')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).toContain('event: hit');
    expect(text).not.toContain('not:this:host');
  });

  it("streams only the hits of one page host when asked (the debugger's filter)", async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/stream?pageHost=dev.health.localhost`, { signal: controller.signal, headers: READER });
    const reader = res.body!.getReader();
    await reader.read();
    const from = (page: string) => hitQuery(`page:${page}`, `&g=${encodeURIComponent(`http://${page}/conditions/asthma`)}`);
    await collect(from('www.health.localhost'), {}, 'metrics.health.localhost');
    await collect(from('dev.health.localhost'), {}, 'metrics.health.localhost');
    let text = '';
    while (!text.includes('page:dev.health.localhost')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).not.toContain('page:www.health.localhost');
  });

  it('rejects a bad limit on the beacon API with a clear error', async () => {
    const res = await fetch(`${base}/api/beacons?limit=abc`, { headers: READER });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/limit must be a whole number/);
  });
});
