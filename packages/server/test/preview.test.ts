/**
 * Issue 19 item 10 over real HTTP: a draft previewed on the live host. An editor starts a preview;
 * the start address sets a signed, expiring, HttpOnly cookie scoped to the property's containers;
 * with it the environment URL answers the draft's build, `private, no-store`, varying on Cookie;
 * without it, or with a tampered, expired or foreign cookie, production as before. Ending clears it.
 */
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_SECONDS, PreviewTokens, cookieValue } from '../src/preview';
import { startServer, type RunningServer } from '../src/index';
import { AdminClient } from './support/admin-client';
import { testConfig } from './support/config';

const PASSWORD = 'correct horse battery staple';
const SECRET = 'a preview secret of at least thirty-two characters';
const URL_PATH = '/containers/health-site/production.js';
let server: RunningServer;
let dataDir: string;
let editor: AdminClient;
let viewer: AdminClient;
let draftVersion: number;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET as a browser on the live demo host sends it, with the cookies given. */
function get(path: string, cookie?: string, host = 'www.health.localhost'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, headers: { host: `${host}:${server.port}`, ...(cookie && { cookie }) } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const now = () => Math.floor(Date.now() / 1000);
const sign = (claims: Partial<{ property: string; environment: 'development' | 'staging' | 'production'; version: number; expires: number }> = {}, secret = SECRET) =>
  new PreviewTokens(secret).sign({ property: 'health-site', environment: 'production', version: draftVersion, expires: now() + 600, ...claims });

beforeAll(async () => {
  const config = testConfig({ previewSecret: SECRET, loginAttemptsPerMinute: 1000, firstAdmin: { username: 'root', password: PASSWORD } });
  dataDir = config.dataDir;
  server = await startServer(config, { logger: false });
  const base = `http://127.0.0.1:${server.port}`;
  const admin = new AdminClient(base);
  expect((await admin.signIn('root', PASSWORD)).status).toBe(200);
  for (const role of ['editor', 'viewer'] as const) expect((await admin.post('/api/admin/users', { username: role, password: PASSWORD, role })).status).toBe(201);
  editor = new AdminClient(base);
  viewer = new AdminClient(base);
  expect((await editor.signIn('editor', PASSWORD)).status).toBe(200);
  expect((await viewer.signIn('viewer', PASSWORD)).status).toBe(200);
  // The draft: the "No" feedback link renamed, saved, not published.
  const latest = await editor.call<{ latest: { version: number; document: unknown } }>('GET', '/api/admin/properties/health-site');
  const document = JSON.parse(JSON.stringify(latest.body.latest.document).replaceAll('Feedback: No', 'Feedback: Draft No'));
  const saved = await editor.post('/api/admin/properties/health-site/versions', { document, baseVersion: latest.body.latest.version });
  expect(saved.status).toBe(201);
  draftVersion = (saved.body as { version: number }).version;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('starting a preview', () => {
  it('is for editors: a viewer is refused, bad input is a clear 400', async () => {
    expect((await viewer.post('/api/admin/properties/health-site/previews', { environment: 'production' })).status).toBe(403);
    const bad = await editor.post('/api/admin/properties/health-site/previews', { environment: 'live' });
    expect([bad.status, (bad.body as { error: { code: string } }).error.code]).toEqual([400, 'BAD_REQUEST']);
    const missing = await editor.post('/api/admin/properties/health-site/previews', { environment: 'production', version: 999 });
    expect(missing.status).toBe(404);
  });

  it('answers a start address whose cookie is signed, HttpOnly, scoped to the containers and expires in an hour', async () => {
    const started = await editor.post('/api/admin/properties/health-site/previews', { environment: 'production' });
    expect(started.status).toBe(201);
    const body = started.body as { version: number; environment: string; expiresAt: string; startPath: string; endPath: string };
    expect([body.version, body.environment]).toEqual([draftVersion, 'production']);
    expect(Math.abs(Date.parse(body.expiresAt) - (Date.now() + PREVIEW_SECONDS * 1000))).toBeLessThan(60_000);

    const start = await get(`${body.startPath}&next=${encodeURIComponent('/conditions/chickenpox')}`);
    expect([start.status, start.headers.location, start.headers['cache-control']]).toEqual([303, '/conditions/chickenpox', 'no-store']);
    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toMatch(/^tw_preview=[\w-]+\.[\w-]+; Path=\/containers\/health-site\/; Max-Age=(\d+); HttpOnly; SameSite=Lax$/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(maxAge).toBeGreaterThan(PREVIEW_SECONDS - 60);
    expect(maxAge).toBeLessThanOrEqual(PREVIEW_SECONDS);
    const token = cookieValue(setCookie.split(';')[0], 'tw_preview')!;
    expect(new PreviewTokens(SECRET).verify(token)).toMatchObject({ property: 'health-site', environment: 'production', version: draftVersion });

    // Never somewhere else afterwards: an address on another host is refused for the site's root.
    const away = await get(`${body.startPath}&next=${encodeURIComponent('//evil.example/')}`);
    expect(away.headers.location).toBe('/');
  });

  it('refuses a start address with a tampered or expired token, and sets no cookie', async () => {
    const token = sign();
    const [payload, mac] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify(['health-site', 'production', 1, now() + 600])).toString('base64url');
    for (const bad of [`${otherPayload}.${mac}`, `${payload}.${mac!.slice(0, -2)}AA`, sign({ expires: now() - 1 }), sign({}, 'another secret of at least thirty-two characters'), 'garbage']) {
      const answer = await get(`/containers/health-site/preview?token=${encodeURIComponent(bad)}`);
      expect([answer.status, answer.headers['set-cookie'], JSON.parse(answer.body).error.code]).toEqual([400, undefined, 'PREVIEW_INVALID']);
    }
  });
});

describe('the environment URL', () => {
  it('serves the previewed draft to the cookie, private and never stored, and production to everyone else', async () => {
    const production = await get(URL_PATH);
    expect(production.status).toBe(200);
    expect(production.body).toContain('Feedback: No');
    expect(production.body).not.toContain('Feedback: Draft No');
    expect(production.headers['cache-control']).toBe('public, max-age=60');
    expect(String(production.headers.vary).toLowerCase()).toContain('cookie');

    const preview = await get(URL_PATH, `other=1; tw_preview=${sign()}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('Feedback: Draft No');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(String(preview.headers.vary).toLowerCase()).toContain('cookie');
    expect(preview.headers.etag).not.toBe(production.headers.etag);
    expect(preview.headers['content-type']).toBe('text/javascript; charset=utf-8');

    // The versioned URL never changes with the cookie.
    const buildId = server.containers.get('health-site', 'production')!.buildId;
    const versioned = await get(`/containers/health-site/production.${buildId}.js`, `tw_preview=${sign()}`);
    expect(versioned.body).toBe(production.body);
  });

  it('serves production, with no error, to a tampered, expired, foreign or other-environment cookie', async () => {
    const production = await get(URL_PATH);
    const token = sign();
    // The same cookie, untouched, gets the draft.
    expect((await get(URL_PATH, `tw_preview=${token}`)).body).toContain('Feedback: Draft No');
    const [payload, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify(['health-site', 'production', draftVersion, now() + 99_999])).toString('base64url')}.${mac}`;
    for (const cookie of [
      `tw_preview=${payload}.${mac!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `tw_preview=${forged}`,
      `tw_preview=${sign({ expires: now() - 1 })}`,
      `tw_preview=${sign({}, 'another secret of at least thirty-two characters')}`,
      `tw_preview=${sign({ environment: 'staging' })}`,
      `tw_preview=${sign({ property: 'another-property' })}`,
      `tw_preview=${sign({ version: 999 })}`,
      'tw_preview=%%%',
    ]) {
      const answer = await get(URL_PATH, cookie);
      expect([cookie, answer.status, answer.headers['cache-control'], answer.body === production.body]).toEqual([cookie, 200, 'public, max-age=60', true]);
    }
  });

  it('ends the preview: the end address clears the cookie', async () => {
    const end = await get('/containers/health-site/preview/end?next=%2Fconditions%2Fasthma');
    expect([end.status, end.headers.location]).toEqual([303, '/conditions/asthma']);
    expect(String(end.headers['set-cookie'])).toBe('tw_preview=; Path=/containers/health-site/; Max-Age=0; HttpOnly; SameSite=Lax');
  });
});
