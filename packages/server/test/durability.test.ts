import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage, startServer } from '../src/index';
import { testConfig } from './support/config';
import { createDatabase, dropDatabase } from './support/postgres';
import { hit, killStartedProcesses, listeningPids, pidExists, signalAndWait, startProcess, tryConnect } from './support/process';

// Issue 4 §3: a 2xx only after the hit is committed; SIGKILL under load loses no acknowledged
// hit; with the database unreachable the collector answers 503, never 2xx.

const dirs: string[] = [];
afterAll(async () => {
  // A test that failed before its kill leaves no server behind.
  await killStartedProcesses();
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe('durability', () => {
  it('keeps every acknowledged hit when the server is killed with SIGKILL under load', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-kill-'));
    dirs.push(dataDir);
    const { child, port } = await startProcess({ DATA_DIR: dataDir });
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
    // The child is the process that serves (not a launcher in front of it).
    const pid = child.pid!;
    expect(listeningPids(port)).toEqual([pid]);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await signalAndWait(child, 'SIGKILL');
    killed = true;
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThan(100);

    // Gone before we count: killed by the signal, its pid free, nothing listening, the port refusing.
    expect(child.signalCode).toBe('SIGKILL');
    expect(pidExists(pid)).toBe(false);
    expect(listeningPids(port)).toEqual([]);
    expect(await tryConnect(port)).toBe('ECONNREFUSED');
    expect(await hit(port, 'after the kill')).toBe(0);

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
