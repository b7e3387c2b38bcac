/**
 * The admin API's edges (issue 4 item 8): security headers on the API and the console, the
 * console's build served at /console/, logs without secrets or full addresses, sign-in
 * throttling, the first administrator from env and from the CLI, and the property import.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../src/admin/cli';
import { openStorage, startServer, type RunningServer } from '../src/index';
import { startSession } from '../src/routes/admin/session';
import type { Storage } from '../src/storage';
import { AdminClient } from './support/admin-client';
import { ROOT, testConfig } from './support/config';

const PASSWORD = 'correct horse battery staple';
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function fakeConsoleBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tagwell-console-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title><script type="module" src="/console/assets/app-1234.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log("app")');
  return dir;
}

describe('one server with a console build and a log we can read', () => {
  let server: RunningServer;
  let base: string;
  const log: string[] = [];

  beforeAll(async () => {
    const config = testConfig({ consoleDir: fakeConsoleBuild(), logLevel: 'info', loginAttemptsPerMinute: 5, firstAdmin: { username: 'root', password: PASSWORD } });
    dirs.push(config.dataDir);
    server = await startServer(config, { logStream: { write: (line) => void log.push(line) } });
    base = `http://127.0.0.1:${server.port}`;
  }, 60_000);
  afterAll(() => server?.stop());

  it('serves the console with a strict CSP, no framing, and an opener policy that allows the debugger popup', async () => {
    const page = await fetch(`${base}/console/properties/health-site/rules`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>console</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('strict-transport-security')).toContain('max-age=');

    const asset = await fetch(`${base}/console/assets/app-1234.js`);
    expect(await asset.text()).toBe('console.log("app")');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/console`, { redirect: 'manual' })).headers.get('location')).toBe('/console/');
  });

  it('sends security headers and no-store on the admin API', async () => {
    const answer = await fetch(`${base}/api/admin/session`);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('logs requests without passwords, session tokens, CSRF tokens or client addresses', async () => {
    const client = new AdminClient(base);
    const signedIn = await client.signIn('root', PASSWORD);
    expect(signedIn.status).toBe(200);
    await client.get('/api/admin/properties');
    await fetch(`${base}/b/ss/nhsukprod/1/JS-2.22.0/s1?AQB=1&pageName=nhs%3Ahome&AQE=1`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    const text = log.join('');
    expect(text).toContain('"path":"/api/admin/properties"');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(client.cookie!.split('=')[1]!);
    expect(text).not.toContain(client.csrf!);
    // The server's own address appears (where it listens); no client address does.
    expect(text).not.toMatch(/remoteAddress|remotePort|"ip"|203\.0\.113\.9/);
    expect(text).not.toContain('pageName=');
  });
  it('throttles repeated sign-in attempts from one address', async () => {
    const client = new AdminClient(base);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.signIn('root', `wrong password ${i}`)).status);
    // Five attempts a minute from one address; the sign-in of the test above was the first.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const throttled = await client.signIn('root', PASSWORD);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many sign-in attempts; wait a minute and try again' } });
  });

});

it('answers 503 with a clear message when the console is not built', async () => {
  const config = testConfig({ consoleDir: path.join(tmpdir(), 'no-such-console-build') });
  dirs.push(config.dataDir);
  const server = await startServer(config, { logger: false });
  try {
    const answer = await fetch(`http://127.0.0.1:${server.port}/console/`);
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('CONSOLE_NOT_BUILT');
  } finally {
    await server.stop();
  }
});

describe('the first administrator and the property import', () => {
  it('creates the first administrator from the CLI, refuses a short password and a taken name', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-cli-'));
    dirs.push(dataDir);
    const storage = await openStorage({ dataDir });
    const errors: string[] = [];
    const original = { error: console.error, log: console.log, env: process.env.TAGWELL_PASSWORD };
    console.error = (msg: string) => void errors.push(msg);
    console.log = () => undefined;
    try {
      process.env.TAGWELL_PASSWORD = 'short';
      expect(await runAdminCli(['create-user', '--username', 'ana', '--role', 'publisher', '--admin'], storage)).toBe(1);
      expect(errors.pop()).toBe('admin: password needs at least 12 characters');
      process.env.TAGWELL_PASSWORD = 'passwordpassword';
      expect(await runAdminCli(['create-user', '--username', 'ana', '--role', 'publisher', '--admin'], storage)).toBe(1);
      expect(errors.pop()).toBe('admin: The password is too easy to guess. It is on a list of common passwords. Add more words that are less common.');
      process.env.TAGWELL_PASSWORD = 'ana.silva-ana.silva';
      expect(await runAdminCli(['create-user', '--username', 'ana.silva', '--role', 'viewer'], storage)).toBe(1);
      expect(errors.pop()).toBe('admin: The password is too easy to guess. It is mostly the username or the name of this product. Add more words that are less common.');
      process.env.TAGWELL_PASSWORD = PASSWORD;
      expect(await runAdminCli(['create-user', '--username', 'ana', '--role', 'publisher', '--admin'], storage)).toBe(0);
      expect(await runAdminCli(['create-user', '--username', 'ana', '--role', 'viewer'], storage)).toBe(1);
      expect(errors.pop()).toBe('admin: a user named ana already exists');
      expect(await runAdminCli(['create-user', '--username', 'bo', '--role', 'owner'], storage)).toBe(1);
      expect(errors.pop()).toBe('admin: role must be viewer, editor or publisher, not "owner"');
      expect(await runAdminCli(['frobnicate'], storage)).toBe(2);
    } finally {
      Object.assign(console, { error: original.error, log: original.log });
      if (original.env === undefined) delete process.env.TAGWELL_PASSWORD;
      else process.env.TAGWELL_PASSWORD = original.env;
    }
    const ana = await storage.findUserByUsername('ana');
    expect(ana).toMatchObject({ role: 'publisher', admin: true });
    expect(ana!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await storage.listAudit(5)).map((e) => [e.actor, e.action])).toEqual([['cli', 'user.create']]);
    await storage.close();
  });

  it('changes a password from the CLI only to a strong one, and ends the sessions of that user', async () => {
    const config = testConfig({ firstAdmin: { username: 'root', password: PASSWORD } });
    dirs.push(config.dataDir);
    const server = await startServer(config, { logger: false });
    const original = { error: console.error, log: console.log, env: process.env.TAGWELL_PASSWORD };
    const said: string[] = [];
    console.error = console.log = (msg: string) => void said.push(msg);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const [one, two] = [new AdminClient(base), new AdminClient(base)];
      for (const client of [one, two]) expect((await client.signIn('root', PASSWORD)).status).toBe(200);

      process.env.TAGWELL_PASSWORD = 'aaaaaaaaaaaa';
      expect(await runAdminCli(['set-password', '--username', 'root'], server.storage)).toBe(1);
      expect(said.pop()).toBe(
        'admin: The password is too easy to guess. Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.',
      );
      expect((await one.get('/api/admin/session')).status).toBe(200);

      process.env.TAGWELL_PASSWORD = 'amber walrus picnic 58';
      expect(await runAdminCli(['set-password', '--username', 'root'], server.storage)).toBe(0);
      expect(said.pop()).toBe('Changed the password of root; their sessions have ended.');
      for (const client of [one, two]) expect((await client.get('/api/admin/session')).status).toBe(401);
      expect((await one.signIn('root', PASSWORD)).status).toBe(401);
      expect((await one.signIn('root', 'amber walrus picnic 58')).status).toBe(200);
    } finally {
      Object.assign(console, { error: original.error, log: original.log });
      if (original.env === undefined) delete process.env.TAGWELL_PASSWORD;
      else process.env.TAGWELL_PASSWORD = original.env;
      await server.stop();
    }
  });

  it('gives no session for a password that changed while it was being checked', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-race-'));
    dirs.push(dataDir);
    const storage = await openStorage({ dataDir });
    try {
      // `checked` is the user as sign-in read it; the reset lands before the session is stored.
      const checked = await storage.createUser({ username: 'lee', passwordHash: 'hash-before', role: 'viewer' });
      await storage.updateUser(checked.id, { passwordHash: 'hash-after' });
      const deleted: string[] = [];
      const watched: Storage = { ...storage, deleteSession: (id) => (deleted.push(id), storage.deleteSession(id)) };
      const cookies: string[] = [];
      const reply = { setCookie: (name: string) => cookies.push(name) } as unknown as FastifyReply;
      expect(await startSession(watched, { protocol: 'http' } as FastifyRequest, reply, checked)).toBeUndefined();
      expect(cookies).toEqual([]);
      expect(deleted).toHaveLength(1);
      expect(await storage.findSession(deleted[0]!)).toBeUndefined();
      // With the current password it starts one.
      const current = (await storage.findUserById(checked.id))!;
      expect(await startSession(watched, { protocol: 'http' } as FastifyRequest, reply, current)).toMatchObject({ userId: checked.id });
      expect(cookies).toEqual(['tw_session']);
    } finally {
      await storage.close();
    }
  });

  it('refuses to start with a guessable first administrator password from env, saying why', async () => {
    const config = testConfig({ firstAdmin: { username: 'root', password: 'rootroot-1234' } });
    dirs.push(config.dataDir);
    const storage = await openStorage({ dataDir: config.dataDir });
    try {
      await expect(startServer(config, { storage, logger: false })).rejects.toThrow(
        'TAGWELL_ADMIN_PASSWORD: The password is too easy to guess. It is mostly the username or the name of this product. Add more words that are less common.',
      );
      expect(await storage.countUsers()).toBe(0);
    } finally {
      await storage.close();
    }
  });

  it('imports a property once, then a changed file as a new version on development only', async () => {
    const propertiesDir = mkdtempSync(path.join(tmpdir(), 'tagwell-props-'));
    dirs.push(propertiesDir);
    cpSync(path.join(ROOT, 'properties', 'minimal'), path.join(propertiesDir, 'minimal'), { recursive: true });
    const config = testConfig({ propertiesDir, firstAdmin: { username: 'root', password: PASSWORD } });
    dirs.push(config.dataDir);
    const deployed = async (server: RunningServer) =>
      Object.fromEntries(Object.entries(server.properties.deploymentsOf('minimal')).map(([env, d]) => [env, d!.version]));

    let server = await startServer(config, { logger: false });
    expect(await deployed(server)).toEqual({ development: 1, staging: 1, production: 1 });
    await server.stop();

    // Same file, other admin in env: nothing new, and the first administrator stays the only one.
    server = await startServer({ ...config, firstAdmin: { username: 'second', password: PASSWORD } }, { logger: false });
    expect(await deployed(server)).toEqual({ development: 1, staging: 1, production: 1 });
    expect((await server.storage.listUsers()).map((u) => u.username)).toEqual(['root']);
    await server.stop();

    const file = path.join(propertiesDir, 'minimal', 'property.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"title": "', '"title": "Changed: '));
    server = await startServer(config, { logger: false });
    try {
      expect(await deployed(server)).toEqual({ development: 2, staging: 1, production: 1 });
      const [latest] = await server.storage.listPropertyVersions('minimal');
      expect(latest).toMatchObject({ version: 2, createdBy: 'system' });
      expect((latest!.document as { title: string }).title).toMatch(/^Changed: /);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
