import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage, startServer } from '../src/index';
import { testConfig } from './support/config';
import { createDatabase, dropDatabase } from './support/postgres';

// Issue 4 §3: a 2xx only after the hit is committed; SIGKILL under load loses no acknowledged
// hit; with the database unreachable the collector answers 503, never 2xx.

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const main = path.join(root, 'packages', 'server', 'src', 'main.ts');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const hit = (port: number, pageName: string) =>
  new Promise<number>((resolve) => {
    const query = `AQB=1&ndh=1&pageName=${encodeURIComponent(pageName)}&cc=GBP&events=event1&AQE=1`;
    const req = httpRequest({ host: '127.0.0.1', port, path: `/b/ss/nhsukprod/1/TW-0.1.0/s1?${query}`, headers: { host: `metrics.health.localhost:${port}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });

/** Starts `npm start`'s entry point and resolves with its port once it prints its URLs. */
function startProcess(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [main], { cwd: root, env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /www\.health\.localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it started: ${out}`)));
  });
}

describe('durability', () => {
  it('keeps every acknowledged hit when the server is killed with SIGKILL under load', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-kill-'));
    dirs.push(dataDir);
    const { child, port } = await startProcess(dataDir);
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    // Eight clients send as fast as they are answered, until the server dies.
    const client = async (n: number) => {
      for (let i = 0; !killed && i < 100_000; i++) {
        const name = `kill:${n}:${i}`;
        sent++;
        if ((await hit(port, name)) === 200) acknowledged.push(name);
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    child.kill('SIGKILL');
    killed = true;
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThan(100);

    // Restarted on the same files: every hit that got its 200 is there.
    const storage = await openStorage({ dataDir });
    const stored = new Set((await storage.latestHits({ limit: sent + 10 })).map((h) => h.pageName));
    await storage.close();
    const lost = acknowledged.filter((name) => !stored.has(name));
    expect(lost).toEqual([]);
  }, 60_000);

  it('answers 503, never 2xx, when the database is unreachable (PostgreSQL)', async () => {
    const databaseUrl = await createDatabase('tagwell_unreachable');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-503-'));
    dirs.push(dataDir);
    const server = await startServer(testConfig({ dataDir, databaseUrl }), { logger: false });
    try {
      expect(await hit(server.port, 'before')).toBe(200);
      await dropDatabase(databaseUrl);
      expect(await hit(server.port, 'after')).toBe(503);
    } finally {
      await server.stop().catch(() => undefined);
    }
  }, 60_000);
});
