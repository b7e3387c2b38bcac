/**
 * Issue 11 items 1, 2, 4 and 9 over real HTTP: one unauthenticated sender must not be able to hurt
 * other visitors. Hostile hits are refused by a limit before the work it bounds, each refusal is a
 * 4xx with a bounded record of its reason, the heap stays bounded over thousands of them, and a
 * normal hit sent meanwhile is answered within seconds.
 */
import { rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/app/config';
import { startServer, type RunningServer } from '../src/index';
import type { StoredRejected } from '../src/storage';
import { testConfig } from './support/config';
import { heapUsedAfterGc, MB } from './support/heap';
import { pool, send, sendRaw, type RequestInit } from './support/http';

const { maxHitBytes, maxUrlBytes, maxKeys, maxDepth, rejectedQueryBytes } = DEFAULT_LIMITS;

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  const config = testConfig();
  dataDir = config.dataDir;
  server = await startServer(config, { logger: false });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const PATH = '/b/ss/nhsukprod/1/TW-0.1.0/s1';
const hitQuery = (pageName: string) =>
  `AQB=1&ndh=1&t=22%2F10%2F2026%209%3A0%3A0%200%200&ce=UTF-8&pageName=${encodeURIComponent(pageName)}&cc=GBP&ch=conditions&c1=chickenpox&c5=web&v88=Y&events=event1&AQE=1`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const post = (body: string | Buffer, init: RequestInit = {}) => send(server.port, PATH, { method: 'POST', body, ...init, headers: { ...FORM, ...init.headers } });
const get = (query: string, init: RequestInit = {}) => send(server.port, `${PATH}?${query}`, init);
const normalHit = (pageName: string) => get(hitQuery(pageName));

/** Context data `depth` groups deep over `leaves` keys: 53 KB of it took 14 s to refuse, and made every key 7 KB long. */
const nested = (depth: number, leaves: number, group = 'x%40y') =>
  ['AQB=1', 'c.', ...Array.from({ length: depth }, () => `${group}.`), ...Array.from({ length: leaves }, () => 'k=1'), ...Array.from({ length: depth }, () => `.${group}`), '.c', 'AQE=1'].join('&');
const HOSTILE = nested(1833, 6800);

/** The records written since `before` records were counted, newest first. */
async function recordsSince(before: number): Promise<StoredRejected[]> {
  const count = await server.storage.countRejected();
  return count > before ? server.storage.latestRejected(count - before) : [];
}

async function latestHitId(): Promise<number> {
  return (await server.storage.latestHits({ limit: 1 }))[0]?.id ?? 0;
}

describe('limits on one hit, checked before the work they bound (item 1)', () => {
  it('refuses 53 KB of deeply nested context data at once, and records the limit it broke', async () => {
    expect(HOSTILE.length).toBeGreaterThan(50_000);
    expect(HOSTILE.length).toBeLessThan(maxHitBytes);
    const before = await server.storage.countRejected();
    const answer = await post(HOSTILE);
    expect(answer.status).toBe(400);
    expect(answer.ms).toBeLessThan(5000);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'HIT_REJECTED', message: `The event does not match the expected schema. Over ${maxKeys} keys` } });
    const [record] = await recordsSince(before);
    expect(record).toMatchObject({ reason: 'The event does not match the expected schema.', detail: `over ${maxKeys} keys`, host: 'metrics.health.localhost' });
    expect(record!.query.length).toBeLessThanOrEqual(3 * rejectedQueryBytes);
    expect(HOSTILE.startsWith(record!.query.slice(0, 20))).toBe(true);
  });

  it('refuses nesting deeper than the limit, and keys longer than it', async () => {
    const before = await server.storage.countRejected();
    expect((await post(nested(300, 300, 'g'))).status).toBe(400);
    expect((await get(`AQB=1&${'k'.repeat(DEFAULT_LIMITS.maxKeyLength + 1)}=1&AQE=1`)).status).toBe(400);
    const records = await recordsSince(before);
    expect(records.map((r) => r.detail)).toEqual([`key over ${DEFAULT_LIMITS.maxKeyLength} characters`, `context data nested deeper than ${maxDepth} levels`]);
  });

  it('answers a normal hit within seconds while hostile hits keep arriving', async () => {
    const hostile = pool(24, 6, () => post(HOSTILE));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const normal = await normalHit('conditions:meanwhile');
    expect(normal.status).toBe(200);
    expect(normal.ms).toBeLessThan(5000);
    const answers = await hostile;
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 400));
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5000);
  }, 60_000);
});

describe('every bad hit is a 4xx with a record of its reason (item 4)', () => {
  it('refuses a body over the limit without reading it (413), with or without a Content-Length, and records it', async () => {
    const before = await server.storage.countRejected();
    const body = Buffer.alloc(MB + 1, 'a');
    const declared = await post(body, { headers: { 'content-type': 'text/plain' } });
    const chunked = await post(body, { headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' } });
    const justOver = await post(`AQB=1&pageName=${'x'.repeat(maxHitBytes)}&AQE=1`);
    for (const answer of [declared, chunked, justOver]) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'HIT_REJECTED' } });
    }
    const records = await recordsSince(before);
    expect(records.map((r) => r.detail)).toEqual([`body over ${maxHitBytes} bytes`, `body over ${maxHitBytes} bytes`, `body over ${maxHitBytes} bytes`]);
    for (const record of records) expect(record.query.length).toBeLessThanOrEqual(rejectedQueryBytes);
  });

  it('keeps only the first bytes of a long rejected query, scrubbed', async () => {
    const before = await server.storage.countRejected();
    const answer = await post(`AQB=1&v1=jo.bloggs%40nhs.net&cc=USD&v2=${'y'.repeat(maxHitBytes - 100)}&AQE=1`);
    expect(answer.status).toBe(400);
    const [record] = await recordsSince(before);
    expect(record!.query.length).toBeLessThanOrEqual(rejectedQueryBytes);
    expect(record!.query.startsWith('AQB=1&v1=')).toBe(true);
    expect(record!.query).not.toMatch(/bloggs|nhs\.net/);
  });

  it('refuses a URL over the limit (414) and records it, also one past the server\'s header limit', async () => {
    const before = await server.storage.countRejected();
    const over = await get(`AQB=1&pageName=${'x'.repeat(maxUrlBytes)}&AQE=1`);
    const far = await sendRaw(server.port, Buffer.from(`GET ${PATH}?AQB=1&pageName=${'x'.repeat(4 * maxUrlBytes)}&AQE=1 HTTP/1.1\r\nHost: metrics.health.localhost\r\n\r\n`));
    expect(over.status).toBe(414);
    expect(JSON.parse(over.body)).toMatchObject({ error: { code: 'HIT_REJECTED' } });
    expect(far.status).toBe(414);
    const records = await recordsSince(before);
    expect(records.map((r) => r.detail)).toEqual([`URL over ${maxUrlBytes} bytes`, `URL over ${maxUrlBytes} bytes`]);
    // The parser refused the longer one before its Host header arrived.
    expect(records[1]!.host).toBe('metrics.health.localhost');
    for (const record of records) expect(record.query.length).toBeLessThanOrEqual(rejectedQueryBytes);
  });

  it('refuses a URL over the limit outside the collector too (414, nothing recorded), and answers with the same headers as any', async () => {
    const before = await server.storage.countRejected();
    const over = await send(server.port, `/api/health?pad=${'x'.repeat(maxUrlBytes)}`, { host: 'www.health.localhost' });
    expect(over.status).toBe(414);
    expect(JSON.parse(over.body)).toMatchObject({ error: { code: 'URL_TOO_LONG' } });
    expect(over.headers['connection']).toBe('close');
    expect(over.headers['x-content-type-options']).toBe('nosniff');
    expect(await server.storage.countRejected()).toBe(before);
    // A hit's answer and a refused hit's carry them as well.
    for (const answer of [await normalHit('conditions:headers-check'), await get(`AQB=1&pageName=${'x'.repeat(maxUrlBytes)}&AQE=1`)]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('refuses a URL with raw bytes that are not ASCII, and records it', async () => {
    const before = await server.storage.countRejected();
    const raw = Buffer.concat([Buffer.from(`GET ${PATH}?AQB=1&pageName=`), Buffer.from([0xc3, 0xa9, 0xff]), Buffer.from('&AQE=1 HTTP/1.1\r\nHost: metrics.health.localhost\r\n\r\n')]);
    expect((await sendRaw(server.port, raw)).status).toBe(400);
    const [record] = await recordsSince(before);
    expect(record!.detail).toMatch(/^not a valid HTTP request/);
  });

  it('records a collector path the router cannot decode', async () => {
    const before = await server.storage.countRejected();
    const answer = await send(server.port, '/b/ss/nhs%zzprod/1/TW/s1?AQB=1&AQE=1');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'HIT_REJECTED' } });
    const [record] = await recordsSince(before);
    expect(record).toMatchObject({ detail: 'bad path: malformed percent-encoding', query: 'AQB=1&AQE=1' });
  });

  it('stores nothing for a HEAD request: 405 and a record', async () => {
    const [hitsBefore, before] = [await latestHitId(), await server.storage.countRejected()];
    const answer = await send(server.port, `${PATH}?${hitQuery('conditions:head')}`, { method: 'HEAD' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, POST, OPTIONS');
    expect(await latestHitId()).toBe(hitsBefore);
    const [record] = await recordsSince(before);
    expect(record!.detail).toBe('method HEAD: expected GET or POST');
  });

  it('refuses a body that is not UTF-8 (400) and records it, instead of storing replacement characters', async () => {
    const [hitsBefore, before] = [await latestHitId(), await server.storage.countRejected()];
    const [head, tail] = hitQuery('PLACEHOLDER').split('PLACEHOLDER') as [string, string];
    // `café` in Latin-1: one byte, 0xE9, that starts no UTF-8 character.
    const answer = await post(Buffer.concat([Buffer.from(head), Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from(tail)]));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.message).toMatch(/Body is not valid UTF-8$/);
    expect(await latestHitId()).toBe(hitsBefore);
    const [record] = await recordsSince(before);
    expect(record!.detail).toBe('body is not valid UTF-8');
    // The same in UTF-8, raw rather than percent-encoded, is read as text.
    expect((await post(Buffer.from(`${head}café${tail}`))).status).toBe(204);
    expect((await server.storage.latestHits({ limit: 1 }))[0]!.pageName).toBe('café');
  });
});

describe('request headers are stored scrubbed and bounded (item 9)', () => {
  it('scrubs the User-Agent and the Host', async () => {
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) contact jo.bloggs@nhs.net LS1 4AP ${'z'.repeat(5000)}`;
    const answer = await get(hitQuery('conditions:headers'), { host: 'jo.bloggs@nhs.net', headers: { 'user-agent': userAgent } });
    expect(answer.status).toBe(200);
    const [stored] = await server.storage.latestHits({ limit: 1 });
    expect(stored!.pageName).toBe('conditions:headers');
    expect(stored!.userAgent).toMatch(/^Mozilla\/5\.0 \(X11; Linux x86_64\) contact /);
    expect(stored!.userAgent).not.toMatch(/bloggs|nhs\.net|LS1 4AP/);
    expect(stored!.userAgent!.length).toBeLessThanOrEqual(512);
    expect(stored!.host).not.toMatch(/bloggs|nhs\.net/);
  });
});

describe('a stored hit reads back as it came', () => {
  it('keeps a field whose value decodes to a control character, where a variable would refer to it', async () => {
    // `s` is no variable, so its value is stored decoded: U+0002 is also the record's mark for a reference.
    const query = hitQuery('conditions:control').replace('&AQE=1', '&s=%02x&c=%01&AQE=1');
    expect((await get(query)).status).toBe(200);
    const [stored] = await server.storage.latestHits({ limit: 1 });
    expect(stored!.query).toBe(query);
  });
});

describe('memory stays bounded under any sequence of bad hits (item 2)', () => {
  it('holds the heap steady over thousands of refused hits, and answers a normal hit meanwhile', async () => {
    // A keep-alive agent of its own, so the test's sockets are closed at the end.
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    // About a megabyte each, under the old body limit: every one a different key, which the scrub
    // cache used to keep whole.
    const big = Buffer.alloc(1_000_000, 'k');
    big.write('AQB=1&', 0);
    big.write('=1&AQE=1', big.length - 8);
    const kinds = [
      (i: number) => {
        big.write(i.toString(36).padStart(8, '0'), 6);
        return post(big, { agent, headers: { 'content-type': 'text/plain' } });
      },
      (i: number) => post(nested(1833, 6800, `x${i}%40y`).slice(0, maxHitBytes - 10), { agent }),
      (i: number) => get(`AQB=1&pageName=${i}${'u'.repeat(maxUrlBytes)}&AQE=1`, { agent }),
      (i: number) => post(Buffer.concat([Buffer.from(`AQB=1&pageName=${i}`), Buffer.from([0xff]), Buffer.alloc(20_000, 'w')]), { agent }),
    ];
    // Warm up first: one of each, so code and caches that are meant to stay are counted in the baseline.
    await pool(40, 8, (i) => kinds[i % kinds.length]!(i));
    const baseline = heapUsedAfterGc();
    const before = await server.storage.countRejected();
    const count = 3000;
    const started = Date.now();
    const flood = pool(count, 16, (i) => kinds[i % kinds.length]!(1000 + i));
    const normals: number[] = [];
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const normal = await normalHit(`conditions:during-flood-${i}`);
      expect(normal.status).toBe(200);
      normals.push(normal.ms);
    }
    const answers = await flood;
    const seconds = (Date.now() - started) / 1000;
    agent.destroy();
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].sort()).toEqual([400, 413, 414]);
    expect(await server.storage.countRejected()).toBe(before + count);
    const growth = heapUsedAfterGc() - baseline;
    console.log(`${count} refused hits in ${seconds.toFixed(1)} s; heap growth ${(growth / MB).toFixed(1)} MB; normal hits meanwhile ${normals.join(', ')} ms`);
    expect(growth).toBeLessThan(48 * MB);
    expect(Math.max(...normals)).toBeLessThan(5000);
  }, 120_000);
});
