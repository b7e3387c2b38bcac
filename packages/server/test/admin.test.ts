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
    const config = testConfig({ databaseUrl, firstAdmin: { username: 'root', password: PASSWORD } });
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
    // The beacon API stays public (CONTRACT §2).
    expect((await anonymous.get('/api/beacons?limit=1')).status).toBe(200);
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
        { environment, version: draft },
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
    const rollback = await as.publisher.post('/api/admin/properties/health-site/publications', { environment: 'production', version: before });
    expect(rollback.status).toBe(201);
    expect(await production()).not.toContain('Feedback: Not Helpful');

    const audit = (await as.viewer.get<{ entries: Array<{ actor: string; action: string; detail: Record<string, unknown> }> }>('/api/admin/audit?limit=10')).body.entries;
    expect(audit.slice(0, 5).map((e) => [e.actor, e.action, e.detail.environment ?? null, e.detail.version])).toEqual([
      ['publisher', 'publish', 'production', before],
      ['publisher', 'publish', 'production', draft],
      ['publisher', 'publish', 'staging', draft],
      ['publisher', 'publish', 'development', draft],
      ['editor', 'version.create', null, draft],
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
