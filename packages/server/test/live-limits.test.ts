/**
 * Issue 11 item 3: the live stream has backpressure and a cap, and the beacon API's answers are
 * bounded. Readers that never read cannot make the server hold every hit for them.
 */
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../src/app/config';
import { startServer, type RunningServer } from '../src/index';
import { READER, testConfig } from './support/config';
import { heapUsedAfterGc, MB } from './support/heap';
import { pool, send } from './support/http';

const limits: Limits = { ...DEFAULT_LIMITS, maxStreams: 10, streamBufferBytes: 256 * 1024, beaconsMaxBytes: 200 * 1024 };

let server: RunningServer;
let dataDir: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const config = testConfig({ limits });
  dataDir = config.dataDir;
  server = await startServer(config, { logger: false });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const PATH = '/b/ss/nhsukprod/1/TW-0.1.0/s1';
const hitQuery = (pageName: string) =>
  `AQB=1&ndh=1&t=22%2F10%2F2026%209%3A0%3A0%200%200&ce=UTF-8&pageName=${encodeURIComponent(pageName)}&cc=GBP&ch=conditions&c1=chickenpox&c5=web&v88=Y&events=event1&AQE=1`;
const postHit = (pageName: string) => send(server.port, PATH, { method: 'POST', body: hitQuery(pageName), headers: { 'content-type': 'text/plain' } });

/** Opens a live stream over a raw socket that never reads from it. */
function idleStream(): Socket {
  const socket = connect(server.port, '127.0.0.1', () => {
    socket.write(`GET /api/stream HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${READER.authorization}\r\n\r\n`);
    socket.pause();
  });
  socket.on('error', () => undefined);
  sockets.push(socket);
  return socket;
}

describe('the live stream (item 3)', () => {
  it('caps the streams open at once, drops readers that do not keep up, and keeps memory bounded', async () => {
    for (let i = 0; i < limits.maxStreams; i++) idleStream();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // One more than the cap: refused, with when to try again.
    const extra = await send(server.port, '/api/stream', { headers: READER });
    expect(extra.status).toBe(503);
    expect(extra.headers['retry-after']).toBe('10');
    expect(JSON.parse(extra.body)).toEqual({ error: { code: 'TOO_MANY_STREAMS', message: 'Too many live streams are open; try again later' } });

    const baseline = heapUsedAfterGc();
    const big = 'p'.repeat(16 * 1024);
    const started = Date.now();
    const answers = await pool(1500, 8, (i) => postHit(`conditions:${i}:${big}`));
    const seconds = (Date.now() - started) / 1000;
    expect(answers.every((a) => a.status === 204)).toBe(true);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5000);
    const growth = heapUsedAfterGc() - baseline;
    console.log(`1500 hits of 16 KB to ${limits.maxStreams} readers that never read: ${seconds.toFixed(1)} s, heap growth ${(growth / MB).toFixed(1)} MB`);
    // 1500 hits x 16 KB x 10 readers would be 240 MB held for readers that never read.
    expect(growth).toBeLessThan(40 * MB);

    // The readers that fell behind were dropped, so their places are free again; a reader that
    // keeps up stays, and gets every hit once.
    for (const socket of sockets.splice(0)) socket.destroy();
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${server.port}/api/stream?pageHost=www.health.localhost`, { headers: READER, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(': connected\n\n');
    const names = Array.from({ length: 50 }, (_, i) => `conditions:kept-${i}`);
    const sent = (async () => {
      for (const name of names) await send(server.port, `${PATH}?${hitQuery(name).replace('&AQE=1', `&g=${encodeURIComponent('https://www.health.localhost/x')}&AQE=1`)}`);
    })();
    let text = '';
    while (!text.includes('conditions:kept-49')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await sent;
    controller.abort();
    for (const name of names) expect(text.split(`"pageName":"${name}"`).length - 1, name).toBe(1);
  }, 120_000);
});

describe('the beacon API (item 3)', () => {
  it('answers at most beaconsMaxBytes, newest first, and says how many it left out', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/beacons?limit=1000`, { headers: READER });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(limits.beaconsMaxBytes);
    const { beacons } = JSON.parse(text) as { beacons: Array<{ id: string }> };
    expect(beacons.length).toBeGreaterThan(5);
    expect(Number(res.headers.get('x-beacons-omitted'))).toBe(1000 - beacons.length);
    const ids = beacons.map((b) => Number(b.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids[0]).toBe((await server.storage.latestHits({ limit: 1 }))[0]!.id);
    // And no more than beaconsMaxLimit beacons are ever asked for.
    const over = await fetch(`http://127.0.0.1:${server.port}/api/beacons?limit=${limits.beaconsMaxLimit + 1}`, { headers: READER });
    expect(over.status).toBe(400);
    expect(((await over.json()) as { error: { message: string } }).error.message).toMatch(/limit must be a whole number from 1 to 1000/);
  });

});
