/**
 * Issue 19 item 8: with no users yet, anyone may learn that the first administrator is still to be
 * created (the sign-in page then says how), and nothing else; once there is a user, that is all it says.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index';
import { testConfig } from './support/config';

let server: RunningServer;
let dataDir: string;
let base: string;

beforeAll(async () => {
  const config = testConfig();
  dataDir = config.dataDir;
  server = await startServer(config, { logger: false });
  base = `http://127.0.0.1:${server.port}`;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers GET /api/admin/setup without a session: whether the first administrator is needed, and nothing else', async () => {
  const before = await fetch(`${base}/api/admin/setup`);
  expect([before.status, before.headers.get('cache-control'), await before.json()]).toEqual([200, 'no-store', { needsFirstAdmin: true }]);
  // Signing in still says only that the credentials are not right.
  const signIn = await fetch(`${base}/api/admin/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'ana', password: 'whatever it is' }) });
  expect([signIn.status, ((await signIn.json()) as { error: { code: string } }).error.code]).toEqual([401, 'INVALID_CREDENTIALS']);

  await server.storage.createUser({ username: 'ana', passwordHash: 'not-a-real-hash', role: 'publisher', admin: true });
  const after = await fetch(`${base}/api/admin/setup`);
  expect([after.status, await after.json()]).toEqual([200, { needsFirstAdmin: false }]);
  // Who am I stays for signed-in users only.
  expect((await fetch(`${base}/api/admin/session`)).status).toBe(401);
});
