/**
 * The admin API over real HTTP, on both engines (issue 4 item 8, docs/ADMIN-API.md): sessions,
 * roles (a viewer cannot publish; no session, no admin API), CSRF, versions, publishing in order,
 * rollback, the audit log, users, and the reports on known data.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index';
import { AdminClient } from './support/admin-client';
import { testConfig } from './support/config';
import { createDatabase, dropDatabase } from './support/postgres';

const PASSWORD = 'correct horse battery staple';
type Doc = { rules: Array<{ name: string; actions: Array<{ type: string; settings: Record<string, unknown> }> }> } & Record<string, unknown>;

describe.each(['sqlite', 'postgres'] as const)('admin API on %s', (engine) => {
  let server: RunningServer;
  let base: string;
  let cleanup: () => Promise<void>;
  const as: Record<'admin' | 'viewer' | 'editor' | 'publisher', AdminClient> = {} as never;

  beforeAll(async () => {
    const databaseUrl = engine === 'postgres' ? await createDatabase('tagwell_admin') : undefined;
    // Many sign-ins from one address: the throttle has its own test (admin-security.test.ts).
    const config = testConfig({ databaseUrl, loginAttemptsPerMinute: 1000, firstAdmin: { username: 'root', password: PASSWORD } });
    server = await startServer(config, { logger: false });
    base = `http://127.0.0.1:${server.port}`;
    cleanup = async () => {
      rmSync(config.dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropDatabase(databaseUrl);
    };
    as.admin = new AdminClient(base);
    expect((await as.admin.signIn('root', PASSWORD)).status).toBe(200);
    for (const role of ['viewer', 'editor', 'publisher'] as const) {
      const created = await as.admin.post('/api/admin/users', { username: role, password: PASSWORD, role });
      expect(created.status).toBe(201);
      as[role] = new AdminClient(base);
      expect((await as[role].signIn(role, PASSWORD)).status).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it('answers nothing under /api/admin without a session', async () => {
    const anonymous = new AdminClient(base);
    for (const [method, path] of [
      ['GET', '/api/admin/session'],
      ['GET', '/api/admin/properties'],
      ['GET', '/api/admin/properties/health-site/versions/1'],
      ['POST', '/api/admin/properties/health-site/publications'],
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/users'],
      ['DELETE', '/api/admin/users/1'],
    ] as const) {
      const answer = await anonymous.call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect([method, path, answer.status, answer.body]).toEqual([method, path, 401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } }]);
    }
    // The beacon API needs a signed-in user too (CONTRACT §2), any role.
    expect((await anonymous.get('/api/beacons?limit=1')).status).toBe(401);
    expect((await as.viewer.get('/api/beacons?limit=1')).status).toBe(200);
  });

  it('refuses wrong credentials with one message, and signs in with an HTTP-only SameSite cookie', async () => {
    const client = new AdminClient(base);
    const wrong = await client.signIn('editor', 'not the password at all');
    const unknown = await client.signIn('nobody', PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'The username or password is not right' } });

    const response = await fetch(`${base}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'editor', password: PASSWORD }),
    });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^tw_session=[A-Za-z0-9_-]{43}; Max-Age=28800; Path=\/; HttpOnly; SameSite=Strict$/);
    const body = (await response.json()) as { user: unknown; csrfToken: string };
    expect(body.user).toEqual({ id: expect.any(Number), username: 'editor', role: 'editor', admin: false });
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('needs the CSRF token and no foreign Origin on state-changing calls', async () => {
    const client = new AdminClient(base);
    await client.signIn('editor', PASSWORD);
    const token = client.csrf;
    client.csrf = undefined;
    const without = await client.call('DELETE', '/api/admin/session');
    expect(without.status).toBe(403);
    expect((without.body as { error: { code: string } }).error.code).toBe('CSRF_FAILED');
    client.csrf = 'x'.repeat(43);
    expect((await client.call('DELETE', '/api/admin/session')).status).toBe(403);
    client.csrf = token;
    const foreign = await client.call('DELETE', '/api/admin/session', undefined, { origin: 'http://evil.localhost' });
    expect(foreign.status).toBe(403);
    expect((await client.get('/api/admin/session')).status).toBe(200);
    // Signing out ends the session on the server, not only in the browser.
    const stolen = client.cookie;
    expect((await client.call('DELETE', '/api/admin/session')).status).toBe(204);
    client.cookie = stolen;
    expect((await client.get('/api/admin/session')).status).toBe(401);
  });

  it('lets a viewer read but not save or publish, an editor save but not publish', async () => {
    expect((await as.viewer.get('/api/admin/properties')).status).toBe(200);
    const latest = (await as.viewer.get<{ latest: { version: number; document: Doc } }>('/api/admin/properties/health-site')).body.latest;
    const save = { document: latest.document, baseVersion: latest.version, note: 'no change' };

    const viewerSave = await as.viewer.post('/api/admin/properties/health-site/versions', save);
    expect(viewerSave.status).toBe(403);
    expect(viewerSave.body).toEqual({
      error: { code: 'FORBIDDEN', message: 'Your role does not allow this: saving versions needs the editor role (you are a viewer)' },
    });
    const viewerPublish = await as.viewer.post('/api/admin/properties/health-site/publications', { environment: 'development', version: 1 });
    expect(viewerPublish.status).toBe(403);
    expect((viewerPublish.body as { error: { message: string } }).error.message).toContain('publishing needs the publisher role (you are a viewer)');
    expect((await as.editor.post('/api/admin/properties/health-site/publications', { environment: 'development', version: 1 })).status).toBe(403);
    expect((await as.publisher.get('/api/admin/users')).status).toBe(403);
    expect((await as.viewer.get('/api/admin/properties/health-site/publications')).status).toBe(200);
  });

  it('saves a draft, publishes it in order, serves the new container, and rolls back', async () => {
    const detail = (await as.editor.get<{ latest: { version: number; document: Doc }; environments: Record<string, { version: number; buildId: string }> }>('/api/admin/properties/health-site')).body;
    const before = detail.latest.version;
    expect(detail.environments.production?.version).toBe(before);
    const document = structuredClone(detail.latest.document);
    const rule = document.rules.find((r) => r.name === 'Feedback: No')!;
    rule.actions.find((a) => a.type === 'send-beacon')!.settings.linkName = 'Feedback: Not Helpful';

    const saved = await as.editor.post<{ version: number; createdBy: string; note: string }>('/api/admin/properties/health-site/versions', {
      document,
      baseVersion: before,
      note: 'clearer link name',
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ version: before + 1, createdBy: 'editor', note: 'clearer link name' });
    const draft = saved.body.version;

    // A save based on an old version is refused, not silently merged.
    const stale = await as.editor.post('/api/admin/properties/health-site/versions', { document, baseVersion: before });
    expect(stale.status).toBe(409);
    expect((stale.body as { error: { code: string } }).error.code).toBe('VERSION_CONFLICT');

    const early = await as.publisher.post('/api/admin/properties/health-site/publications', { environment: 'production', version: draft });
    expect(early.status).toBe(409);
    expect((early.body as { error: { message: string } }).error.message).toBe(
      `Publish in order: development, then staging, then production: version ${draft} has not run on staging yet`,
    );

    const production = async () => (await fetch(`${base}/containers/health-site/production.js`)).text();
    expect(await production()).not.toContain('Feedback: Not Helpful');
    for (const environment of ['development', 'staging', 'production']) {
      const published = await as.publisher.post<{ deployment: { version: number; buildId: string; gzipBytes: number; url: string } }>(
        '/api/admin/properties/health-site/publications',
        { environment, version: draft, ...(environment === 'production' ? { note: '  Clearer feedback link name  ' } : {}) },
      );
      expect(published.status).toBe(201);
      expect(published.body.deployment).toMatchObject({ version: draft, url: `/containers/health-site/${environment}.js` });
      expect(published.body.deployment.gzipBytes).toBeGreaterThan(1000);
    }
    const shipped = await production();
    expect(shipped).toContain('Feedback: Not Helpful');
    // A page cached before the publish names the old build: its versioned URL still answers.
    const versioned = (buildId: string) => fetch(`${base}/containers/health-site/production.${buildId}.js`);
    const old = await versioned(detail.environments.production!.buildId);
    expect(old.status).toBe(200);
    expect(await old.text()).not.toContain('Feedback: Not Helpful');
    expect((await versioned('0123456789ab')).status).toBe(404);

    const versions = (await as.viewer.get<{ versions: Array<{ version: number; environments: string[] }> }>('/api/admin/properties/health-site/versions')).body.versions;
    expect(versions[0]).toMatchObject({ version: draft, environments: ['development', 'staging', 'production'] });
    expect(versions[0]).not.toHaveProperty('document');

    // Rollback: an earlier version that has run on staging goes back to production.
    // A note longer than 500 characters is refused whole: nothing is published.
    const long = await as.publisher.post('/api/admin/properties/health-site/publications', { environment: 'production', version: before, note: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await production()).toContain('Feedback: Not Helpful');
    const rollback = await as.publisher.post('/api/admin/properties/health-site/publications', { environment: 'production', version: before, note: 'Reports dipped' });
    expect(rollback.status).toBe(201);
    expect(await production()).not.toContain('Feedback: Not Helpful');

    // Issue 19 item 6: the note is kept with the publication and shown in the history and the audit log.
    const history = (await as.viewer.get<{ publications: Array<{ environment: string; version: number; note: string | null }> }>('/api/admin/properties/health-site/publications')).body.publications;
    expect(history.slice(0, 4).map((p) => [p.environment, p.version, p.note])).toEqual([
      ['production', before, 'Reports dipped'],
      ['production', draft, 'Clearer feedback link name'],
      ['staging', draft, null],
      ['development', draft, null],
    ]);

    const audit = (await as.viewer.get<{ entries: Array<{ actor: string; action: string; detail: Record<string, unknown> }> }>('/api/admin/audit?limit=10')).body.entries;
    expect(audit.slice(0, 5).map((e) => [e.actor, e.action, e.detail.environment ?? null, e.detail.version, e.detail.note ?? null])).toEqual([
      ['publisher', 'publish', 'production', before, 'Reports dipped'],
      ['publisher', 'publish', 'production', draft, 'Clearer feedback link name'],
      ['publisher', 'publish', 'staging', draft, null],
      ['publisher', 'publish', 'development', draft, null],
      ['editor', 'version.create', null, draft, 'clearer link name'],
    ]);
  });

  it('refuses an invalid document with the schema messages, and custom code that names a file', async () => {
    const latest = (await as.editor.get<{ latest: { version: number; document: Doc } }>('/api/admin/properties/health-site')).body.latest;
    const broken = structuredClone(latest.document);
    (broken.rules[3] as Record<string, unknown>).name = '';
    (broken.rules[3] as Record<string, unknown>).surprise = true;
    const answer = await as.editor.post<{ error: { code: string; issues: Array<{ path: string; message: string }> } }>(
      '/api/admin/properties/health-site/versions',
      { document: broken, baseVersion: latest.version },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('INVALID_PROPERTY');
    expect(answer.body.error.issues).toContainEqual({ path: 'rules[3]', message: 'unknown option "surprise"' });
    expect(answer.body.error.issues.map((i) => i.path)).toContain('rules[3].name');

    const withFile = JSON.parse(JSON.stringify(latest.document).replace(/"source":"(?:[^"\\]|\\.)*"/, '"file":"../../../../etc/passwd"'));
    const file = await as.editor.post<{ error: { issues: Array<{ message: string }> } }>('/api/admin/properties/health-site/versions', {
      document: withFile,
      baseVersion: latest.version,
    });
    expect(file.status).toBe(422);
    expect(file.body.error.issues.map((i) => i.message)).toEqual(['custom code must be inline (source), not a file']);
  });

  it('lets an administrator manage users, and keeps the last administrator', async () => {
    const short = await as.admin.post<{ error: { message: string } }>('/api/admin/users', { username: 'sam', password: 'short', role: 'viewer' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toContain('password needs at least 12 characters');
    const taken = await as.admin.post('/api/admin/users', { username: 'viewer', password: PASSWORD, role: 'viewer' });
    expect(taken.status).toBe(409);
    const sam = await as.admin.post<{ id: number }>('/api/admin/users', { username: 'sam', password: PASSWORD, role: 'viewer' });
    const changed = await as.admin.call<{ role: string }>('PATCH', `/api/admin/users/${sam.body.id}`, { role: 'editor' });
    expect(changed.body).toMatchObject({ username: 'sam', role: 'editor', admin: false });
    expect((await as.admin.call('DELETE', `/api/admin/users/${sam.body.id}`)).status).toBe(204);
    const root = (await as.admin.get<{ user: { id: number } }>('/api/admin/session')).body.user;
    const demote = await as.admin.call('PATCH', `/api/admin/users/${root.id}`, { admin: false });
    expect(demote.status).toBe(409);
    expect((await as.admin.call('DELETE', `/api/admin/users/${root.id}`)).status).toBe(409);
    const users = (await as.admin.get<{ users: Array<{ username: string; role: string; admin: boolean }> }>('/api/admin/users')).body.users;
    expect(users.map((u) => [u.username, u.role, u.admin])).toEqual([
      ['editor', 'editor', false],
      ['publisher', 'publisher', false],
      ['root', 'publisher', true],
      ['viewer', 'viewer', false],
    ]);
    expect(JSON.stringify(users)).not.toContain('argon2');
  });

  it('refuses a guessable password with the reason, for a new user and a new password, and accepts a strong one', async () => {
    type Refusal = { error: { code: string; message: string } };
    const refused = async (answer: Promise<{ status: number; body: unknown }>) => {
      const { status, body } = await answer;
      expect([status, (body as Refusal).error.code]).toEqual([400, 'WEAK_PASSWORD']);
      return (body as Refusal).error.message;
    };
    const create = (username: string, password: string) => as.admin.post('/api/admin/users', { username, password, role: 'viewer' });
    expect(await refused(create('quinn', 'aaaaaaaaaaaa'))).toBe(
      'The password is too easy to guess. Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.',
    );
    expect(await refused(create('quinn', 'passwordpassword'))).toBe('The password is too easy to guess. It is on a list of common passwords. Add more words that are less common.');
    expect(await refused(create('quinn', 'iloveyou12345'))).toBe('The password is too easy to guess. This is similar to a commonly used password. Add more words that are less common.');
    // The username and the product's name count as words a guesser tries first.
    expect(await refused(create('quentin.blake', 'quentin.blake1'))).toBe(
      'The password is too easy to guess. It contains the username or the name of this product. Add more words that are less common.',
    );
    expect(await refused(create('quentin.blake', 'QuentinBlake2024'))).toContain('It is mostly the username or the name of this product.');
    expect(await refused(create('quinn', 'tagwell-tagwell'))).toContain('It is mostly the username or the name of this product.');
    expect((await as.admin.get<{ users: Array<{ username: string }> }>('/api/admin/users')).body.users.map((u) => u.username)).not.toContain('quinn');

    const quinn = await create('quinn', 'marble otter kettle 47');
    expect(quinn.status).toBe(201);
    const id = (quinn.body as { id: number }).id;
    const client = new AdminClient(base);
    expect((await client.signIn('quinn', 'marble otter kettle 47')).status).toBe(200);
    // A refused new password changes nothing: the old one still signs in, the session stays.
    expect(await refused(as.admin.call('PATCH', `/api/admin/users/${id}`, { password: 'quinnquinnquinn1' }))).toContain('Repeated character patterns');
    expect((await client.get('/api/admin/session')).status).toBe(200);
    expect((await new AdminClient(base).signIn('quinn', 'marble otter kettle 47')).status).toBe(200);
    expect((await as.admin.call('DELETE', `/api/admin/users/${id}`)).status).toBe(204);
  });

  it('ends every session of a user whose password an administrator resets', async () => {
    const created = await as.admin.post<{ id: number }>('/api/admin/users', { username: 'rosa', password: PASSWORD, role: 'editor' });
    const [laptop, phone] = [new AdminClient(base), new AdminClient(base)];
    for (const client of [laptop, phone]) expect((await client.signIn('rosa', PASSWORD)).status).toBe(200);
    const reset = await as.admin.call('PATCH', `/api/admin/users/${created.body.id}`, { password: 'violet harbour lantern 82' });
    expect(reset.status).toBe(200);
    expect(reset.body).not.toHaveProperty('csrfToken');
    for (const client of [laptop, phone]) {
      const answer = await client.get('/api/admin/session');
      expect([answer.status, answer.body]).toEqual([401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } }]);
      expect((await client.post('/api/admin/properties/health-site/versions', {})).status).toBe(401);
    }
    // The administrator's own session is untouched; the old password no longer signs in, the new one does.
    expect((await as.admin.get('/api/admin/session')).status).toBe(200);
    expect((await new AdminClient(base).signIn('rosa', PASSWORD)).status).toBe(401);
    expect((await laptop.signIn('rosa', 'violet harbour lantern 82')).status).toBe(200);
    expect((await laptop.get('/api/admin/session')).status).toBe(200);
    const audit = (await as.admin.get<{ entries: Array<{ action: string; detail: Record<string, unknown> }> }>('/api/admin/audit?limit=5')).body.entries;
    expect(audit.find((e) => e.action === 'user.update')?.detail).toMatchObject({ username: 'rosa', passwordChanged: true, sessionsEnded: true });
    expect((await as.admin.call('DELETE', `/api/admin/users/${created.body.id}`)).status).toBe(204);
  });

  it('gives an administrator who changes their own password a new session and ends their others', async () => {
    const created = await as.admin.post<{ id: number }>('/api/admin/users', { username: 'kim', password: PASSWORD, role: 'publisher', admin: true });
    const [here, elsewhere] = [new AdminClient(base), new AdminClient(base)];
    for (const client of [here, elsewhere]) expect((await client.signIn('kim', PASSWORD)).status).toBe(200);
    const [oldCookie, oldCsrf] = [here.cookie, here.csrf];

    const changed = await here.call<{ username: string; csrfToken: string }>('PATCH', `/api/admin/users/${created.body.id}`, { password: 'copper meadow violin 31' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ username: 'kim', admin: true, csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(changed.headers.get('set-cookie')).toMatch(/^tw_session=[A-Za-z0-9_-]{43}; Max-Age=28800; Path=\/; HttpOnly; SameSite=Strict$/);
    expect([here.cookie, changed.body.csrfToken]).not.toEqual([oldCookie, oldCsrf]);
    expect(here.cookie).not.toBe(oldCookie);

    // The new session works, with the new CSRF token.
    here.csrf = changed.body.csrfToken;
    expect((await here.get<{ user: { username: string } }>('/api/admin/session')).body.user.username).toBe('kim');
    expect((await here.call('PATCH', `/api/admin/users/${created.body.id}`, { role: 'publisher' })).status).toBe(200);
    // The cookie that made the change, and the other device's, open nothing.
    const stale = new AdminClient(base);
    [stale.cookie, stale.csrf] = [oldCookie, oldCsrf];
    expect((await stale.get('/api/admin/session')).status).toBe(401);
    expect((await elsewhere.get('/api/admin/session')).status).toBe(401);
    expect((await as.admin.call('DELETE', `/api/admin/users/${created.body.id}`)).status).toBe(204);
  });

  it('ends the sessions of a deleted user, and applies a new role or administrator flag from the next request', async () => {
    const create = async (username: string, role: string, admin = false) =>
      (await as.admin.post<{ id: number }>('/api/admin/users', { username, password: PASSWORD, role, admin })).body.id;
    const [gone, lowered, unflagged] = [await create('gone', 'viewer'), await create('lowered', 'editor'), await create('unflagged', 'viewer', true)];
    const clients = { gone: new AdminClient(base), lowered: new AdminClient(base), unflagged: new AdminClient(base) };
    for (const [name, client] of Object.entries(clients)) expect((await client.signIn(name, PASSWORD)).status).toBe(200);

    expect((await as.admin.call('DELETE', `/api/admin/users/${gone}`)).status).toBe(204);
    expect((await clients.gone.get('/api/admin/session')).status).toBe(401);

    const latest = (await clients.lowered.get<{ latest: { version: number; document: Doc } }>('/api/admin/properties/health-site')).body.latest;
    expect((await as.admin.call('PATCH', `/api/admin/users/${lowered}`, { role: 'viewer' })).status).toBe(200);
    const save = await clients.lowered.post<{ error: { message: string } }>('/api/admin/properties/health-site/versions', { document: latest.document, baseVersion: latest.version });
    expect([save.status, save.body.error.message]).toEqual([403, 'Your role does not allow this: saving versions needs the editor role (you are a viewer)']);
    expect((await clients.lowered.get<{ user: { role: string } }>('/api/admin/session')).body.user.role).toBe('viewer');

    expect((await clients.unflagged.get('/api/admin/users')).status).toBe(200);
    expect((await as.admin.call('PATCH', `/api/admin/users/${unflagged}`, { admin: false })).status).toBe(200);
    expect((await clients.unflagged.get('/api/admin/users')).status).toBe(403);
    // Neither change is a new password: both stay signed in with their new rights.
    expect((await clients.unflagged.get('/api/admin/session')).status).toBe(200);
    for (const id of [lowered, unflagged]) expect((await as.admin.call('DELETE', `/api/admin/users/${id}`)).status).toBe(204);
  });

  it('answers the reports on known data for a date range', async () => {
    const at = (day: string) => `${day}T10:00:00.000Z`;
    const hit = (receivedAt: string, fields: Record<string, unknown>) => ({
      receivedAt,
      host: 'www.health.localhost',
      reportSuites: 'nhsukprod',
      hitType: 'page',
      linkType: null,
      linkName: null,
      pageName: 'nhs:home',
      pageUrl: null,
      siteSection: 'home',
      events: 'event1',
      variables: {},
      contextData: {},
      query: '',
      clientIp: null,
      userAgent: null,
      ...fields,
    });
    await server.storage.insertHits([
      hit(at('2020-01-31'), {}),
      hit(at('2020-02-01'), {}),
      hit(at('2020-02-01'), { pageName: 'nhs:conditions:asthma', siteSection: 'conditions' }),
      hit(at('2020-02-02'), { pageName: 'nhs:conditions:asthma', siteSection: 'conditions', events: 'event1,event2' }),
      hit(at('2020-02-02'), { hitType: 'link', linkType: 'o', linkName: 'Search', events: 'event2,event5' }),
      hit(at('2020-02-02'), { hitType: 'link', linkType: 'o', linkName: 'Tool Start: bmi', events: 'event14', variables: { eVar20: 'bmi' } }),
      hit(at('2020-02-02'), { hitType: 'link', linkType: 'o', linkName: 'Feedback: Yes', variables: { eVar35: 'yes' }, pageName: 'nhs:home' }),
      hit(at('2020-02-02'), { hitType: 'link', linkType: 'o', linkName: 'Cookies: Statistics Off', events: null }),
      hit(at('2020-02-03'), {}),
    ] as never);
    const reports = await as.viewer.get<Record<string, unknown>>('/api/admin/reports?from=2020-02-01&to=2020-02-02');
    expect(reports.status).toBe(200);
    expect(reports.body).toMatchObject({
      range: { from: '2020-02-01', to: '2020-02-02' },
      pageViewsByDay: [
        { day: '2020-02-01', pageViews: 2 },
        { day: '2020-02-02', pageViews: 1 },
      ],
      pageViewsBySection: [
        { section: 'conditions', pageViews: 2 },
        { section: 'home', pageViews: 1 },
      ],
      topPages: [
        { pageName: 'nhs:conditions:asthma', pageViews: 2 },
        { pageName: 'nhs:home', pageViews: 1 },
      ],
      searches: { searches: 2, zeroResults: 1, zeroResultRate: 0.5 },
      toolFunnel: [{ tool: 'bmi', starts: 1, completions: 0 }],
      feedbackByPage: [{ pageName: 'nhs:home', yes: 1, no: 0 }],
      consentOptOuts: { statisticsOff: 1, marketingOff: 0 },
    });
    for (const [query, message] of [
      ['from=2020-02-30', 'from must be a date YYYY-MM-DD, got "2020-02-30"'],
      ['from=2020-02-03&to=2020-02-01', 'from (2020-02-03) is after to (2020-02-01)'],
      ['limit=0', 'limit must be a whole number from 1 to 100'],
    ]) {
      const bad = await as.viewer.get<{ error: { message: string } }>(`/api/admin/reports?${query}`);
      expect([bad.status, bad.body.error.message]).toEqual([400, `The request is not valid: ${message}`]);
    }
  });
});
