/**
 * Several server processes on one PostgreSQL database (issue 4 item 4): both take hits at once and
 * every acknowledged hit is stored once; a version published through one is served by the other.
 */
import { afterAll, expect, it } from 'vitest';
import { openStorage } from '../src/index';
import { AdminClient } from './support/admin-client';
import { createDatabase, dropDatabase } from './support/postgres';
import { hit, killStartedProcesses, listeningPids, pidExists, startProcess, stopProcess, tryConnect } from './support/process';

const PASSWORD = 'correct horse battery staple';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  // A failed test leaves no server behind: SIGKILL whatever is still running, then drop the database.
  await killStartedProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('two servers write to one PostgreSQL database and serve the same publications', async () => {
  const databaseUrl = await createDatabase('tagwell_multi');
  cleanups.push(() => dropDatabase(databaseUrl));
  const env = { DATABASE_URL: databaseUrl, PUBLICATION_SYNC_SECONDS: '1', TAGWELL_ADMIN_USERNAME: 'root', TAGWELL_ADMIN_PASSWORD: PASSWORD };
  // Started together: the migration lock and the import must cope with a twin.
  const servers = await Promise.all([startProcess(env), startProcess(env)]);
  // Each child is the server that holds its port, not a launcher in front of it.
  for (const { child, port } of servers) expect(listeningPids(port)).toEqual([child.pid]);

  const acknowledged: string[] = [];
  await Promise.all(
    servers.flatMap(({ port }, s) =>
      Array.from({ length: 4 }, async (_, c) => {
        for (let i = 0; i < 100; i++) {
          const name = `multi:${s}:${c}:${i}`;
          if ((await hit(port, name)) === 200) acknowledged.push(name);
        }
      }),
    ),
  );
  expect(acknowledged.length).toBe(800);

  const storage = await openStorage({ databaseUrl });
  try {
    const hits = await storage.latestHits({ limit: 1000 });
    const names = hits.map((h) => h.pageName);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(hits.map((h) => h.id)).size).toBe(hits.length);
    expect(acknowledged.filter((name) => !names.includes(name))).toEqual([]);
    // One first administrator, whichever server made it.
    expect((await storage.listUsers()).map((u) => u.username)).toEqual(['root']);
    // And one import of each property file.
    expect((await storage.listPropertyVersions('health-site')).map((v) => v.version)).toEqual([1]);
  } finally {
    await storage.close();
  }

  // Publish on the first server; the second serves the new container within its sync interval.
  const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
  const before = await (await fetch(`http://127.0.0.1:${b.port}/containers/health-site/development.js`)).text();
  const client = new AdminClient(`http://127.0.0.1:${a.port}`);
  expect((await client.signIn('root', PASSWORD)).status).toBe(200);
  const latest = (await client.get<{ latest: { version: number; document: { title: string } } }>('/api/admin/properties/health-site')).body.latest;
  const saved = await client.post<{ version: number }>('/api/admin/properties/health-site/versions', {
    document: { ...latest.document, title: 'Published through server A' },
    baseVersion: latest.version,
  });
  expect(saved.status).toBe(201);
  const published = await client.post<{ deployment: { buildId: string } }>('/api/admin/properties/health-site/publications', {
    environment: 'development',
    version: saved.body.version,
  });
  expect(published.status).toBe(201);
  // Each server builds its own bytes (the demo's tracking server carries its port): ask B what it runs.
  const other = new AdminClient(`http://127.0.0.1:${b.port}`);
  expect((await other.signIn('root', PASSWORD)).status).toBe(200);
  const runningOnB = async () =>
    (await other.get<{ environments: { development?: { version: number } } }>('/api/admin/properties/health-site')).body.environments.development?.version;
  let version = await runningOnB();
  for (let i = 0; i < 40 && version !== saved.body.version; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    version = await runningOnB();
  }
  expect(version).toBe(saved.body.version);
  expect(published.body.deployment.buildId).toMatch(/^[0-9a-f]{12}$/);
  const after = await (await fetch(`http://127.0.0.1:${b.port}/containers/health-site/development.js`)).text();
  expect(after).not.toBe(before);

  // SIGTERM stops each server itself: it exits cleanly and its port is closed.
  for (const { child, port } of servers) {
    await stopProcess(child);
    expect([child.exitCode, pidExists(child.pid!), await tryConnect(port)]).toEqual([0, false, 'ECONNREFUSED']);
  }
}, 120_000);
