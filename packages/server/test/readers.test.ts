/**
 * Issue 11 items 5 and 13: the stored hits, the live stream and the source maps are for readers
 * only, a signed-in console user or a script with TAGWELL_API_TOKEN (CONTRACT §2); 401 otherwise.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/app/config';
import { loadConfig, startServer } from '../src/index';
import { AdminClient } from './support/admin-client';
import { READER, TEST_API_TOKEN, testConfig } from './support/config';

const PASSWORD = 'correct horse battery staple';
const UNAUTHENTICATED = { error: { code: 'UNAUTHENTICATED', message: 'Sign in first: reading hits needs a signed-in user or the API token' } };
const READS = ['/api/beacons?limit=5', '/api/stream', '/containers/health-site/production.js.map'];

/** A GET that reads only the head of the answer (a stream never ends), then lets go of it. */
async function head(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; text: string; headers: Headers }> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const type = res.headers.get('content-type');
  let text = '';
  if (type?.startsWith('text/event-stream')) text = new TextDecoder().decode((await res.body!.getReader().read()).value);
  else text = await res.text();
  controller.abort();
  return { status: res.status, type, text, headers: res.headers };
}

async function start(apiToken: string | undefined) {
  const config = testConfig({ apiToken, firstAdmin: { username: 'root', password: PASSWORD } });
  const server = await startServer(config, { logger: false });
  const base = `http://127.0.0.1:${server.port}`;
  const admin = new AdminClient(base);
  expect((await admin.signIn('root', PASSWORD)).status).toBe(200);
  expect((await admin.post('/api/admin/users', { username: 'viewer', password: PASSWORD, role: 'viewer' })).status).toBe(201);
  const viewer = new AdminClient(base);
  expect((await viewer.signIn('viewer', PASSWORD)).status).toBe(200);
  return {
    server,
    base,
    viewer,
    async stop() {
      await server.stop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

describe('with an API token configured', () => {
  let product: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    product = await start(TEST_API_TOKEN);
  }, 60_000);
  afterAll(async () => product?.stop());

  it('refuses every read without a session or the token: 401, and no hit', async () => {
    const wrong: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${TEST_API_TOKEN}x` },
      { authorization: `Bearer ${TEST_API_TOKEN.slice(0, -1)}` },
      { authorization: 'Bearer ' },
      { authorization: `Basic ${Buffer.from(`root:${PASSWORD}`).toString('base64')}` },
      { authorization: TEST_API_TOKEN },
      { cookie: 'tw_session=not-a-session' },
      { 'x-api-token': TEST_API_TOKEN },
    ];
    for (const path of READS) {
      for (const headers of wrong) {
        const answer = await head(product.base + path, headers);
        expect([path, headers, answer.status, answer.type]).toEqual([path, headers, 401, 'application/json; charset=utf-8']);
        expect(JSON.parse(answer.text)).toEqual(UNAUTHENTICATED);
        expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="tagwell"');
      }
    }
  });

  it('answers a script that sends the token', async () => {
    for (const authorization of [`Bearer ${TEST_API_TOKEN}`, `bearer   ${TEST_API_TOKEN}`]) {
      const beacons = await head(`${product.base}/api/beacons?limit=5`, { authorization });
      expect(beacons.status).toBe(200);
      expect(JSON.parse(beacons.text)).toHaveProperty('beacons');
      const stream = await head(`${product.base}/api/stream`, { authorization });
      expect([stream.status, stream.type, stream.text]).toEqual([200, 'text/event-stream; charset=utf-8', ': connected\n\n']);
      const map = await head(`${product.base}/containers/health-site/production.js.map`, { authorization });
      expect(map.status).toBe(200);
      expect(JSON.parse(map.text)).toHaveProperty('sources');
      // Only to the caller who asked: no shared cache keeps it, and no other site reads it.
      expect(map.headers.get('cache-control')).toBe('private, max-age=60');
      expect(map.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('answers a signed-in user, whatever the role, through the console session cookie; not after sign-out', async () => {
    const cookie = product.viewer.cookie!;
    for (const path of READS) expect([path, (await head(product.base + path, { cookie })).status]).toEqual([path, 200]);
    expect((await product.viewer.call('DELETE', '/api/admin/session')).status).toBe(204);
    for (const path of READS) expect([path, (await head(product.base + path, { cookie })).status]).toEqual([path, 401]);
  });

  it('keeps the containers themselves public, and their versioned maps for readers too', async () => {
    const res = await fetch(`${product.base}/containers/health-site/production.js`);
    expect([res.status, res.headers.get('cache-control'), res.headers.get('access-control-allow-origin')]).toEqual([200, 'public, max-age=60', '*']);
    // One ETag per representation ("<buildId>", "<buildId>-gzip", "<buildId>-br"); fetch asks for gzip.
    const buildId = res.headers.get('etag')!.replace(/"|-\w+"$/g, '');
    const versioned = `${product.base}/containers/health-site/production.${buildId}.js.map`;
    expect((await head(versioned)).status).toBe(401);
    const map = await head(versioned, READER);
    expect([map.status, map.headers.get('cache-control')]).toEqual([200, 'private, max-age=31536000, immutable']);
  });
});

describe('without an API token', () => {
  let product: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    product = await start(undefined);
  }, 60_000);
  afterAll(async () => product?.stop());

  it('reads for signed-in users only: no bearer token opens it', async () => {
    for (const path of READS) {
      expect((await head(product.base + path, { authorization: 'Bearer ' })).status).toBe(401);
      expect((await head(product.base + path, READER)).status).toBe(401);
      expect((await head(product.base + path, { cookie: product.viewer.cookie! })).status).toBe(200);
    }
  });
});

describe('settings', () => {
  it('takes the API token and the limits from the environment, and refuses bad values at start', () => {
    const config = loadConfig({ TAGWELL_API_TOKEN: TEST_API_TOKEN, MAX_STREAMS: '4', MAX_HIT_BYTES: '8192', BEACONS_MAX_BYTES: '100000' });
    expect(config.apiToken).toBe(TEST_API_TOKEN);
    expect(config.limits).toEqual({ ...DEFAULT_LIMITS, maxStreams: 4, maxHitBytes: 8192, beaconsMaxBytes: 100_000 });
    expect(loadConfig({}).apiToken).toBeUndefined();
    expect(loadConfig({ TAGWELL_API_TOKEN: '' }).apiToken).toBeUndefined();
    expect(() => loadConfig({ TAGWELL_API_TOKEN: 'short' })).toThrow(/TAGWELL_API_TOKEN: needs at least 16 characters/);
    expect(() => loadConfig({ MAX_STREAMS: 'many' })).toThrow(/MAX_STREAMS/);
    expect(() => loadConfig({ MAX_CONTEXT_DEPTH: '0' })).toThrow(/MAX_CONTEXT_DEPTH/);
  });
});
