/**
 * Issue 19 item 11, over real HTTP with each Accept-Encoding: containers, the console's files and
 * JSON answers go brotli or gzip compressed, each representation with its own ETag and `Vary:
 * Accept-Encoding`; versioned containers are immutable, environment URLs revalidate; the collector's
 * GIF and 204 answers and the live stream are never compressed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiate } from '../src/app/compression';
import { startServer, type RunningServer } from '../src/index';
import { READER, testConfig } from './support/config';

const PASSWORD = 'correct horse battery staple';
const CHROMIUM = 'gzip, deflate, br, zstd';
const dirs: string[] = [];
let server: RunningServer;
let cookie: string;
let built: { br: Buffer; gz: Buffer };

/** A console build: a page, an asset with the build's .br and .gz beside it, and one without. */
function consoleBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tagwell-console-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  const script = Array.from({ length: 2000 }, (_, i) => `export const value${i} = "the console's code, line ${i}";`).join('\n');
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>console</title><script type="module" src="/console/assets/app-1234.js"></script>${' '.repeat(2000)}`);
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), script);
  // Marked, so the test can tell the build's forms from anything compressed at request time.
  built = { br: brotliCompressSync(`${script}// built`), gz: gzipSync(`${script}// built`) };
  writeFileSync(path.join(dir, 'assets', 'app-1234.js.br'), built.br);
  writeFileSync(path.join(dir, 'assets', 'app-1234.js.gz'), built.gz);
  writeFileSync(path.join(dir, 'assets', 'styles-5678.css'), Array.from({ length: 500 }, (_, i) => `.c${i} { color: red; }`).join('\n'));
  return dir;
}

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came over the wire, still encoded. */
  body: Buffer;
}

function get(pathAndQuery: string, headers: Record<string, string> = {}, init: { method?: string; host?: string; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, path: pathAndQuery, method: init.method ?? 'GET', headers: { host: `${init.host ?? 'localhost'}:${server.port}`, ...headers } },
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

const decode = (raw: Raw): Buffer => {
  const coding = raw.headers['content-encoding'];
  return coding === 'br' ? brotliDecompressSync(raw.body) : coding === 'gzip' ? gunzipSync(raw.body) : raw.body;
};
const vary = (raw: Raw) => String(raw.headers.vary ?? '').toLowerCase();

beforeAll(async () => {
  const config = testConfig({ consoleDir: consoleBuild(), firstAdmin: { username: 'root', password: PASSWORD } });
  dirs.push(config.dataDir);
  server = await startServer(config, { logger: false });
  const signIn = await fetch(`http://127.0.0.1:${server.port}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: PASSWORD }),
  });
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('Accept-Encoding', () => {
  it('picks the highest q-value, brotli before gzip on a tie, identity when nothing else is acceptable', () => {
    expect(negotiate(undefined)).toBe('identity');
    expect(negotiate('')).toBe('identity');
    expect(negotiate(CHROMIUM)).toBe('br');
    expect(negotiate('gzip, deflate')).toBe('gzip');
    expect(negotiate('x-gzip')).toBe('gzip');
    expect(negotiate('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiate('br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiate('*')).toBe('br');
    expect(negotiate('*;q=0, identity')).toBe('identity');
    expect(negotiate('identity;q=1, br;q=0.5')).toBe('identity');
    expect(negotiate('deflate')).toBe('identity');
    expect(negotiate('BR')).toBe('br');
    expect(negotiate(CHROMIUM, ['identity', 'gzip'])).toBe('gzip');
  });
});

describe('containers', () => {
  it('go brotli to Chromium, gzip to a gzip-only client, as they are otherwise; an ETag per representation and Vary', async () => {
    const plain = await get('/containers/health-site/production.js');
    const buildId = server.containers.get('health-site', 'production')!.buildId;
    expect([plain.status, plain.headers['content-encoding'], plain.headers.etag]).toEqual([200, undefined, `"${buildId}"`]);
    expect(vary(plain)).toContain('accept-encoding');
    const br = await get('/containers/health-site/production.js', { 'accept-encoding': CHROMIUM });
    const gz = await get('/containers/health-site/production.js', { 'accept-encoding': 'gzip, deflate' });
    expect([br.headers['content-encoding'], br.headers.etag]).toEqual(['br', `"${buildId}-br"`]);
    expect([gz.headers['content-encoding'], gz.headers.etag]).toEqual(['gzip', `"${buildId}-gzip"`]);
    for (const answer of [br, gz]) {
      expect(decode(answer).equals(plain.body)).toBe(true);
      expect(vary(answer)).toContain('accept-encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect([answer.headers['content-type'], answer.headers['cache-control'], answer.headers['access-control-allow-origin']]).toEqual([
        'text/javascript; charset=utf-8',
        'public, max-age=60',
        '*',
      ]);
    }
    // The health-site production container: brotli and gzip each under about a third of it.
    expect(plain.body.length).toBeGreaterThan(30_000);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(gz.body.length).toBeLessThan(plain.body.length * 0.37);
    expect(br.body.length).toBeLessThan(gz.body.length);
  });

  it('revalidate: 304 for the ETag of the representation the client would get, 200 for another', async () => {
    const url = '/containers/health-site/production.js';
    const { headers } = await get(url, { 'accept-encoding': CHROMIUM });
    const same = await get(url, { 'accept-encoding': CHROMIUM, 'if-none-match': String(headers.etag) });
    expect([same.status, same.body.length, same.headers.etag, same.headers['cache-control']]).toEqual([304, 0, headers.etag, 'public, max-age=60']);
    expect(vary(same)).toContain('accept-encoding');
    expect((await get(url, { 'accept-encoding': CHROMIUM, 'if-none-match': `W/${String(headers.etag)}, "other"` })).status).toBe(304);
    // The client holds the brotli form but now takes gzip only: it gets the gzip form.
    const other = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': String(headers.etag) });
    expect([other.status, other.headers['content-encoding']]).toEqual([200, 'gzip']);
  });

  it('are compressed once per build, not per request; versioned URLs are immutable and compressed too', async () => {
    const container = server.containers.get('health-site', 'production')!;
    expect(server.containers.encoded(container)).toBe(server.containers.encoded(container));
    const versioned = await get(`/containers/health-site/production.${container.buildId}.js`, { 'accept-encoding': CHROMIUM });
    expect([versioned.status, versioned.headers['content-encoding'], versioned.headers['cache-control']]).toEqual([200, 'br', 'public, max-age=31536000, immutable']);
    expect(decode(versioned).toString()).toBe(container.js);
  });

  it('source maps go compressed to readers, private, varying on the credentials and the encoding', async () => {
    const map = await get('/containers/health-site/production.js.map', { ...READER, 'accept-encoding': 'gzip' });
    expect([map.status, map.headers['content-encoding'], map.headers['cache-control']]).toEqual([200, 'gzip', 'private, max-age=60']);
    expect(vary(map)).toBe('cookie, authorization, accept-encoding');
    expect(JSON.parse(decode(map).toString())).toHaveProperty('sources');
  });
});

describe("the console's files", () => {
  it("sends the build's own .br and .gz (nothing compressed per request), immutable, with an ETag per representation", async () => {
    const br = await get('/console/assets/app-1234.js', { 'accept-encoding': CHROMIUM });
    const gz = await get('/console/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate' });
    const plain = await get('/console/assets/app-1234.js');
    expect(br.body.equals(built.br)).toBe(true);
    expect(gz.body.equals(built.gz)).toBe(true);
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(vary(answer)).toContain('accept-encoding');
    }
    expect((await get('/console/assets/app-1234.js', { 'accept-encoding': CHROMIUM, 'if-none-match': String(br.headers.etag) })).status).toBe(304);
  });

  it('compresses a file the build left uncompressed once, at load; the page revalidates; a missing asset is a 404', async () => {
    const css = await get('/console/assets/styles-5678.css', { 'accept-encoding': CHROMIUM });
    expect([css.headers['content-encoding'], css.headers['content-type']]).toEqual(['br', 'text/css; charset=utf-8']);
    expect(decode(css).toString()).toContain('.c499 { color: red; }');
    const page = await get('/console/properties/health-site/rules', { 'accept-encoding': CHROMIUM });
    expect([page.status, page.headers['content-encoding'], page.headers['cache-control'], page.headers['content-type']]).toEqual([200, 'br', 'no-cache', 'text/html; charset=utf-8']);
    expect(decode(page).toString()).toContain('<title>console</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get('/console/', { 'accept-encoding': CHROMIUM, 'if-none-match': String(page.headers.etag) })).status).toBe(304);
    expect((await get('/console/assets/gone-0000.js', { 'accept-encoding': CHROMIUM })).status).toBe(404);
  });
});

describe('JSON answers', () => {
  it("are compressed from 1 KB on, in the coding the client takes; smaller ones, the collector's GIF and 204 and the live stream go as they are", async () => {
    const plain = await get('/api/admin/properties/health-site', { cookie });
    const br = await get('/api/admin/properties/health-site', { cookie, 'accept-encoding': CHROMIUM });
    const gz = await get('/api/admin/properties/health-site', { cookie, 'accept-encoding': 'gzip' });
    expect([plain.status, plain.headers['content-encoding'], br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual([200, undefined, 'br', 'gzip']);
    for (const answer of [plain, br, gz]) {
      expect(vary(answer)).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(decode(answer).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const small = await get('/api/health', { 'accept-encoding': CHROMIUM });
    expect([small.status, small.headers['content-encoding'], vary(small)]).toEqual([200, undefined, '']);

    // Never the collector's GIF or 204, nor the live stream.
    const query = `AQB=1&ndh=1&pageName=compression&g=${encodeURIComponent('http://www.health.localhost/')}&cc=GBP&AQE=1`;
    const gif = await get(`/b/ss/nhsukprod/1/TW-test/s1?${query}`, { 'accept-encoding': CHROMIUM }, { host: 'metrics.health.localhost' });
    expect([gif.status, gif.headers['content-type'], gif.headers['content-encoding']]).toEqual([200, 'image/gif', undefined]);
    const posted = await get(
      '/b/ss/nhsukprod/1/TW-test/s2',
      { 'accept-encoding': CHROMIUM, 'content-type': 'application/x-www-form-urlencoded' },
      { host: 'metrics.health.localhost', method: 'POST', body: query },
    );
    expect([posted.status, posted.headers['content-encoding']]).toEqual([204, undefined]);
    const stream = await new Promise<{ type: unknown; coding: unknown }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, path: '/api/stream', headers: { ...READER, 'accept-encoding': CHROMIUM } }, (res) => {
        resolve({ type: res.headers['content-type'], coding: res.headers['content-encoding'] });
        req.destroy();
      });
      req.on('error', reject);
      req.end();
    });
    expect(stream).toEqual({ type: 'text/event-stream; charset=utf-8', coding: undefined });
  });
});
