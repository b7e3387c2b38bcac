import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index';
import { checkCustomerIds, idHalves, identityOptions, mintVisitorId, OPT_OUT_COOKIE } from '../src/identity';
import { identityRoutes } from '../src/routes/identity';
import { repoProperty } from './collector-helpers';
import { testConfig } from './support/config';

// The identity service (docs/IDENTITY.md, SPEC §7, §9): minting, opt-out, customer ids, CORS and
// caching, and that it keeps and logs nothing about the visitor.

const SETTINGS = { locationHint: 6, ttlSeconds: 604_800, optOutTtlSeconds: 7_200 };
const lines: Array<Record<string, unknown>> = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } } });
  identityRoutes(app, identityOptions(SETTINGS, [repoProperty('health-site'), repoProperty('minimal')], (message, detail) => app.log.warn(detail, message)));
  await app.ready();
});
afterAll(() => app.close());

const WWW = 'http://www.health.localhost:8080';
const inject = (method: 'GET' | 'POST' | 'DELETE' | 'OPTIONS', url: string, headers: Record<string, string> = {}, payload?: string) =>
  app.inject({ method, url, headers: { host: 'localhost:8080', ...headers }, payload });
const json = (res: { body: string }) => JSON.parse(res.body) as Record<string, unknown>;

describe('minting (CONTRACT §5)', () => {
  const N = 20_000;
  const ids = Array.from({ length: N }, () => mintVisitorId());

  it('38 decimal digits, all different', () => {
    for (const id of ids) expect(id).toMatch(/^\d{38}$/);
    expect(new Set(ids).size).toBe(N);
  });

  it('carries 126 random bits: two 63-bit halves from 16 random bytes, every bit set about half the time', () => {
    const asked: number[] = [];
    expect(mintVisitorId((size) => (asked.push(size), Buffer.alloc(size, 0xff)))).toBe('9223372036854775807'.repeat(2));
    expect(mintVisitorId((size) => Buffer.alloc(size, 0))).toBe('0'.repeat(38));
    expect(asked).toEqual([16]);
    const ones = new Array<number>(126).fill(0);
    for (const id of ids) {
      idHalves(id).forEach((half, h) => {
        expect(half < 2n ** 63n).toBe(true);
        for (let bit = 0; bit < 63; bit++) if ((half >> BigInt(bit)) & 1n) ones[h * 63 + bit]!++;
      });
    }
    // Each bit is a fair coin: within 5 standard deviations of N/2 (a false alarm about once in 3 million runs per bit).
    const sigma = Math.sqrt(N / 4);
    for (const count of ones) expect(Math.abs(count - N / 2)).toBeLessThan(5 * sigma);
  });

  it('spreads the last digit of each half evenly (chi-square, 9 degrees of freedom)', () => {
    for (const at of [18, 37]) {
      const counts = new Array<number>(10).fill(0);
      for (const id of ids) counts[Number(id[at])]!++;
      const expected = N / 10;
      const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
      // p = 0.0001 at 33.7 for 9 degrees of freedom.
      expect(chi2).toBeLessThan(33.7);
    }
  });
});

describe('GET /id/v1/visitor', () => {
  it('answers an id, the location hint, a blob and their lifetimes as JSON, never cached', async () => {
    const res = await inject('GET', '/id/v1/visitor?container=0');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json(res);
    expect(body).toEqual({ mid: expect.stringMatching(/^\d{38}$/), locationHint: 6, blob: expect.stringMatching(/^[\w-]{22}$/), ttl: 604_800, optOut: false, optOutTtl: 7_200 });
    const again = json(await inject('GET', '/id/v1/visitor'));
    expect(again.mid).not.toBe(body.mid);
  });

  it("keeps the page's own id when it renews the hint and blob; a malformed one is replaced", async () => {
    const mid = '12345678901234567890123456789012345678';
    expect(json(await inject('GET', `/id/v1/visitor?mid=${mid}`)).mid).toBe(mid);
    expect(json(await inject('GET', '/id/v1/visitor?mid=123')).mid).toMatch(/^\d{38}$/);
    expect(json(await inject('GET', '/id/v1/visitor?mid=123')).mid).not.toBe('123');
  });

  it('refuses an ID sync container id that is not an integer', async () => {
    const res = await inject('GET', '/id/v1/visitor?container=abc');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: { code: 'BAD_REQUEST', message: 'The request is not valid: The ID sync container ID is not a valid integer.' } });
  });
});

describe('CORS', () => {
  it('lets the demo hosts and the property hosts read answers with their cookies; nobody else', async () => {
    for (const origin of [WWW, 'http://apply.service.gov.localhost:8080', 'http://partner-one.test.localhost:8080', 'https://www.health.localhost']) {
      const res = await inject('GET', '/id/v1/opt-out', { origin });
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers.vary).toBe('Origin');
    }
    for (const origin of ['https://evil.example', 'http://health.localhost.evil.example', 'null']) {
      expect((await inject('GET', '/id/v1/opt-out', { origin })).headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    const preflight = await inject('OPTIONS', '/id/v1/opt-out', { origin: WWW, 'access-control-request-method': 'DELETE' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, DELETE');
    expect(preflight.headers['access-control-allow-origin']).toBe(WWW);
  });
});

describe('opt-out (SPEC §7, §9)', () => {
  it('POST opts out with a cookie of the service; then the status says so, and no id is minted; DELETE opts back in', async () => {
    expect(json(await inject('GET', '/id/v1/opt-out'))).toEqual({ optOut: false, optOutTtl: 7_200 });
    const out = await inject('POST', '/id/v1/opt-out', { origin: WWW });
    expect(json(out)).toEqual({ optOut: true, optOutTtl: 7_200 });
    const cookie = String(out.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${OPT_OUT_COOKIE}=1; Max-Age=\\d+; Path=/id/v1/; HttpOnly; SameSite=Lax$`));
    const sent = { cookie: `other=x; ${OPT_OUT_COOKIE}=1` };
    expect(json(await inject('GET', '/id/v1/opt-out', sent))).toEqual({ optOut: true, optOutTtl: 7_200 });
    expect(json(await inject('GET', '/id/v1/visitor', sent))).toEqual({ optOut: true, optOutTtl: 7_200 });
    const back = await inject('DELETE', '/id/v1/opt-out', sent);
    expect(json(back)).toEqual({ optOut: false, optOutTtl: 7_200 });
    expect(String(back.headers['set-cookie'])).toMatch(new RegExp(`^${OPT_OUT_COOKIE}=; Max-Age=0;`));
  });
});

describe('customer ids (SPEC §7, §8)', () => {
  const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8' }) =>
    inject('POST', '/id/v1/customer-ids', headers, typeof body === 'string' ? body : JSON.stringify(body));
  const rejectedLines = () => lines.filter((l) => l.msg === 'Rejected these customer ids');

  it('accepts a declared type with an id, as text/plain (no preflight) or JSON; logs nothing', async () => {
    const before = rejectedLines().length;
    const res = await post({ customerIds: { stitching: { id: 'abcdef123456', authState: 1 } } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ optOut: false, accepted: ['stitching'], rejected: [], ttl: 86_400 });
    expect(json(await post({ customerIds: { stitching: 'abcdef123456' } }, { 'content-type': 'application/json' })).accepted).toEqual(['stitching']);
    expect(rejectedLines()).toHaveLength(before);
  });

  it("refuses an empty id, an unknown type and an oversized one, and logs 'Rejected these customer ids' with the reasons, never the ids", async () => {
    const res = await post({
      customerIds: {
        stitching: { id: '   ', authState: 1 },
        crm: { id: 'crm-secret-42', authState: 1 },
        'stitching.x': 'y'.repeat(101),
      },
    });
    const rejected = [
      { type: 'stitching', reason: 'empty id' },
      { type: 'crm', reason: 'unknown type' },
      { type: 'stitching.x', reason: 'oversized' },
    ];
    expect(json(res)).toEqual({ optOut: false, accepted: [], rejected, ttl: 86_400 });
    const line = rejectedLines().at(-1)!;
    expect(line.level).toBe(40);
    expect(line.rejected).toEqual(rejected);
    expect(JSON.stringify(lines)).not.toContain('crm-secret-42');
    expect(JSON.stringify(lines)).not.toContain('yyyy');
  });

  it('refuses a bad authState, and more types than any site declares', () => {
    const known = new Set(['a']);
    expect(checkCustomerIds({ a: { id: 'x', authState: 7 } }, known).rejected).toEqual([{ type: 'a', reason: 'invalid authState' }]);
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [i ? `t${i}` : 'a', 'x']));
    const verdict = checkCustomerIds(many, known);
    expect(verdict.accepted).toEqual(['a']);
    expect(verdict.rejected.filter((r) => r.reason === 'oversized')).toHaveLength(5);
  });

  it('answers 400 to a body that is not an object of ids, and nothing to an opted-out visitor', async () => {
    expect((await post('not json')).statusCode).toBe(400);
    expect((await post({ customerIds: ['a'] })).statusCode).toBe(400);
    const out = await inject('POST', '/id/v1/customer-ids', { 'content-type': 'text/plain', cookie: `${OPT_OUT_COOKIE}=1` }, JSON.stringify({ customerIds: { stitching: 'abcdef123456' } }));
    expect(json(out)).toEqual({ optOut: true, accepted: [], rejected: [] });
  });
});

describe('on the server (CONTRACT §3)', () => {
  let server: RunningServer;
  let dataDir: string;
  const log: string[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-identity-'));
    server = await startServer(testConfig({ dataDir, logLevel: 'info' }), { logStream: { write: (line) => void log.push(line) } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (pathAndQuery: string, host: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, path: pathAndQuery, headers: { host: `${host}:${server.port}`, ...headers } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('answers on any host that is not a demo site, the demo hosts keep their pages; the containers ask it on this port', async () => {
    const mids: string[] = [];
    for (const host of ['localhost', 'id.health.localhost', '127.0.0.1']) {
      const res = await get(`/id/v1/visitor${mids.length ? `?mid=${mids[0]}` : ''}`, host, { 'user-agent': 'Visitor-Agent/1.0 (secret)', 'x-forwarded-for': '203.0.113.77' });
      expect(res.status, host).toBe(200);
      mids.push((JSON.parse(res.body) as { mid: string }).mid);
      expect(mids.at(-1)).toMatch(/^\d{38}$/);
    }
    expect((await get('/id/v1/visitor', 'www.health.localhost')).status).toBe(404);
    const container = await get('/containers/health-site/production.js', 'localhost');
    expect(container.body).toContain(`id.health.localhost:${server.port}`);
    // Nothing about the visitor reaches the log: no address, no user agent, no id.
    const text = log.join('');
    expect(text).toContain('/id/v1/visitor');
    for (const secret of ['Visitor-Agent', '203.0.113.77', 'remoteAddress', 'user-agent', ...mids]) expect(text).not.toContain(secret);
  });
});
