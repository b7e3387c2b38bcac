/**
 * The storage suite, run on both engines: migrations, hits, rejected hits, users, sessions,
 * versions, publications and the audit log. Reports are in storage-reports.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, StorageConflictError } from '../src/storage';
import { migrations } from '../src/storage/migrations/index';
import type { NewHit, OpenStorageOptions, Storage } from '../src/storage';
import { createDatabase, dropDatabase, ensurePostgres } from './support/postgres';

const engines = [
  {
    engine: 'sqlite',
    prepare: async () => undefined,
    fresh: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tagwell-storage-'));
      return { options: { dataDir: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    engine: 'postgres',
    // The first call may install and start PostgreSQL.
    prepare: async () => void (await ensurePostgres()),
    fresh: async () => {
      const url = await createDatabase();
      return { options: { databaseUrl: url }, drop: () => dropDatabase(url) };
    },
  },
] as const;

function hit(overrides: Partial<NewHit> = {}): NewHit {
  return {
    receivedAt: '2024-03-01T10:00:00.000Z',
    host: 'www.health.localhost',
    reportSuites: 'healthprod',
    hitType: 'page',
    linkType: null,
    linkName: null,
    pageName: 'web:home',
    pageUrl: 'http://www.health.localhost/',
    siteSection: 'web',
    events: 'event1',
    variables: { pageName: 'web:home', prop5: 'web', events: ['event1'], currencyCode: 'GBP' },
    contextData: {},
    query: 'AQB=1&pageName=web%3Ahome&events=event1&AQE=1',
    clientIp: '192.0.2.0',
    userAgent: 'Mozilla/5.0 test',
    ...overrides,
  };
}

describe.each(engines)('storage on $engine', ({ engine, prepare, fresh }) => {
  const cleanups: Array<() => Promise<void>> = [];

  /** Opens storage in a fresh place (or `options`' place) and closes it after the file. */
  async function open(options?: OpenStorageOptions, log?: (msg: string) => void): Promise<{ storage: Storage; options: OpenStorageOptions }> {
    if (!options) {
      const place = await fresh();
      cleanups.push(place.drop);
      options = place.options;
    }
    const storage = await openStorage({ ...options, log });
    cleanups.unshift(() => storage.close());
    return { storage, options };
  }

  beforeAll(prepare, 600_000);
  // Closing the storages and dropping the test databases: past the 10 s default on a loaded machine (seen in a full run).
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  }, 120_000);

  it('migrates once: a second open applies nothing and keeps the data', async () => {
    const first: string[] = [];
    const { storage, options } = await open(undefined, (msg) => first.push(msg));
    expect(storage.engine).toBe(engine);
    expect(first).toContain(`storage: applied migrations ${migrations.map((m) => m.name).join(', ')}`);
    await storage.insertHits([hit()]);
    await storage.close();

    const second: string[] = [];
    const { storage: again } = await open(options, (msg) => second.push(msg));
    expect(second.filter((msg) => msg.includes('applied'))).toEqual([]);
    expect(await again.latestHits({ limit: 10 })).toHaveLength(1);
    await again.ping();
  });

  it('writes a batch in one go and returns it with ascending ids, in input order', async () => {
    const { storage } = await open();
    const stored = await storage.insertHits([
      hit({ pageName: 'a' }),
      hit({ pageName: 'b', host: 'staging.health.localhost', reportSuites: 'healthstage,healthglobal' }),
      hit({ pageName: 'c', hitType: 'link', linkType: 'o', linkName: 'Find a Pharmacy', events: 'event17' }),
    ]);
    expect(stored.map((h) => h.pageName)).toEqual(['a', 'b', 'c']);
    expect(stored[0]!.id).toBeLessThan(stored[1]!.id);
    expect(stored[1]!.id).toBeLessThan(stored[2]!.id);
    expect(await storage.latestHits({ limit: 10 })).toEqual([...stored].reverse());
    expect(await storage.insertHits([])).toEqual([]);
  });

  it('round-trips every field of a hit; U+0000 becomes U+FFFD', async () => {
    const { storage } = await open();
    const input = hit({
      receivedAt: new Date('2024-03-02T08:09:10.123Z'),
      hitType: 'link',
      linkType: 'e',
      linkName: 'NHS login',
      events: 'event17,event5=3,event9:ab12',
      variables: { pageName: 'web:home', eVar17: 'NHS login', events: ['event17', 'event5', 'event9'], linkName: 'bad\u0000name' },
      contextData: { 'a.b': 'c' },
      clientIp: null,
      userAgent: null,
    });
    const [stored] = await storage.insertHits([input]);
    const expected = {
      ...input,
      id: stored!.id,
      receivedAt: '2024-03-02T08:09:10.123Z',
      variables: { ...input.variables, linkName: 'bad\uFFFDname' },
    };
    expect(stored).toEqual(expected);
    expect(await storage.latestHits({ limit: 1 })).toEqual([expected]);
  });

  it('latestHits: newest first, limit, host, report suite (whole ids only) and sinceId', async () => {
    const { storage } = await open();
    const stored = await storage.insertHits([
      hit({ pageName: '1', host: 'www.health.localhost', reportSuites: 'healthprod' }),
      hit({ pageName: '2', host: 'staging.health.localhost', reportSuites: 'healthstage' }),
      hit({ pageName: '3', host: 'www.health.localhost', reportSuites: 'healthprod,healthglobal' }),
      hit({ pageName: '4', host: 'staging.health.localhost', reportSuites: 'healthstage,healthglobal' }),
      hit({ pageName: '5', host: 'www.health.localhost', reportSuites: 'healthprod2' }),
    ]);
    const names = (hits: { pageName: string | null }[]) => hits.map((h) => h.pageName);
    expect(names(await storage.latestHits({ limit: 2 }))).toEqual(['5', '4']);
    expect(names(await storage.latestHits({ limit: 10, host: 'www.health.localhost' }))).toEqual(['5', '3', '1']);
    expect(names(await storage.latestHits({ limit: 10, reportSuite: 'healthprod' }))).toEqual(['3', '1']);
    expect(names(await storage.latestHits({ limit: 10, reportSuite: 'healthglobal' }))).toEqual(['4', '3']);
    expect(names(await storage.latestHits({ limit: 10, reportSuite: 'health' }))).toEqual([]);
    expect(names(await storage.latestHits({ limit: 10, reportSuite: 'healthglobal', host: 'staging.health.localhost' }))).toEqual(['4']);
    expect(names(await storage.latestHits({ limit: 10, sinceId: stored[2]!.id }))).toEqual(['5', '4']);
    expect(await storage.latestHits({ limit: 0 })).toEqual([]);
    await expect(storage.latestHits({ limit: -1 })).rejects.toThrow(RangeError);
  });

  it('a batch larger than one statement stays in order', async () => {
    const { storage } = await open();
    const stored = await storage.insertHits(Array.from({ length: 1203 }, (_, i) => hit({ pageName: `p${i}` })));
    expect(stored.map((h) => h.pageName)).toEqual(Array.from({ length: 1203 }, (_, i) => `p${i}`));
    const latest = await storage.latestHits({ limit: 1203 });
    expect(latest.map((h) => h.id)).toEqual(stored.map((h) => h.id).reverse());
    expect(latest.map((h) => h.pageName)).toEqual(stored.map((h) => h.pageName).reverse());
  });

  it('keeps rejected hits, the query cut to 64 KB on a character boundary', async () => {
    const { storage } = await open();
    const long = 'a'.repeat(65535) + 'é'.repeat(10);
    await storage.insertRejected([
      { receivedAt: '2024-03-01T00:00:00.000Z', host: 'www.health.localhost', reason: 'The event does not match the expected schema.', detail: 'currencyCode: USD', query: 'cc=USD' },
      { host: 'x.localhost', reason: 'The event does not match the expected schema.', detail: 'too long', query: long },
    ]);
    expect(await storage.countRejected()).toBe(2);
    const [newest, oldest] = await storage.latestRejected(10);
    expect(newest!.query).toBe('a'.repeat(65535));
    expect(newest!.detail).toBe('too long');
    expect(oldest).toEqual({
      id: oldest!.id,
      receivedAt: '2024-03-01T00:00:00.000Z',
      host: 'www.health.localhost',
      reason: 'The event does not match the expected schema.',
      detail: 'currencyCode: USD',
      query: 'cc=USD',
    });
    expect(await storage.latestRejected(1)).toEqual([newest]);
  });

  it('users: create, find, update, conflict on a taken username, delete ends sessions', async () => {
    const { storage } = await open();
    expect(await storage.countUsers()).toBe(0);
    const ada = await storage.createUser({ username: 'ada', passwordHash: 'hash-1', role: 'publisher' });
    expect(ada).toMatchObject({ username: 'ada', passwordHash: 'hash-1', role: 'publisher' });
    expect(await storage.findUserByUsername('ada')).toEqual(ada);
    expect(await storage.findUserById(ada.id)).toEqual(ada);
    expect(await storage.findUserByUsername('nobody')).toBeUndefined();
    await expect(storage.createUser({ username: 'ada', passwordHash: 'x', role: 'viewer' })).rejects.toBeInstanceOf(StorageConflictError);
    const bob = await storage.createUser({ username: 'bob', passwordHash: 'hash-2', role: 'viewer' });
    expect(await storage.updateUser(bob.id, { role: 'editor' })).toBe(true);
    expect((await storage.listUsers()).map((u) => [u.username, u.role])).toEqual([
      ['ada', 'publisher'],
      ['bob', 'editor'],
    ]);
    expect(await storage.countUsers()).toBe(2);
    // Administrators: a flag beside the role, false unless given.
    expect(ada.admin).toBe(false);
    expect(await storage.countAdmins()).toBe(0);
    expect(await storage.updateUser(ada.id, { admin: true })).toBe(true);
    expect((await storage.findUserById(ada.id))?.admin).toBe(true);
    expect([await storage.countAdmins(), await storage.countAdmins(ada.id)]).toEqual([1, 0]);

    await storage.createSession({ id: 'token-hash-bob', userId: bob.id, expiresAt: '2999-01-01T00:00:00.000Z', csrfToken: 'csrf' });
    expect(await storage.deleteUser(bob.id)).toBe(true);
    expect(await storage.findSession('token-hash-bob')).toBeUndefined();
    expect(await storage.deleteUser(bob.id)).toBe(false);
  });

  it('sessions: find only unexpired ones, delete one, sweep the expired; a new password hash ends the user\'s', async () => {
    const { storage } = await open();
    const user = await storage.createUser({ username: 'ada', passwordHash: 'h', role: 'editor' });
    const live = { id: 'live', userId: user.id, expiresAt: '2999-01-01T00:00:00.000Z', csrfToken: 'c1' };
    await storage.createSession(live);
    await storage.createSession({ id: 'old', userId: user.id, expiresAt: '2000-01-01T00:00:00.000Z', csrfToken: 'c2' });
    await expect(storage.createSession(live)).rejects.toBeInstanceOf(StorageConflictError);
    expect(await storage.findSession('live')).toEqual(live);
    expect(await storage.findSession('old')).toBeUndefined();
    expect(await storage.deleteExpiredSessions()).toBe(1);
    await storage.deleteSession('live');
    expect(await storage.findSession('live')).toBeUndefined();

    // A new password hash ends every session of that user, in the same transaction, and no one else's.
    const bo = await storage.createUser({ username: 'bo', passwordHash: 'h', role: 'viewer' });
    const session = (id: string, userId: number) => ({ id, userId, expiresAt: '2999-01-01T00:00:00.000Z', csrfToken: `csrf-${id}` });
    for (const s of [session('ada-1', user.id), session('ada-2', user.id), session('bo-1', bo.id)]) await storage.createSession(s);
    // Other changes keep them: the next request reads the user again.
    expect(await storage.updateUser(user.id, { role: 'viewer', admin: true })).toBe(true);
    expect(await storage.findSession('ada-1')).toBeDefined();
    expect(await storage.updateUser(user.id, { passwordHash: 'h2' })).toBe(true);
    expect([await storage.findSession('ada-1'), await storage.findSession('ada-2')]).toEqual([undefined, undefined]);
    expect(await storage.findSession('bo-1')).toEqual(session('bo-1', bo.id));
    expect((await storage.findUserById(user.id))?.passwordHash).toBe('h2');
    expect(await storage.updateUser(9999, { passwordHash: 'h3' })).toBe(false);
  });

  it('property versions number themselves per property, even when saved at once', async () => {
    const { storage } = await open();
    const document = { name: 'health', rules: [{ id: 'page-view', note: 'é' }] };
    const saved = await Promise.all(
      Array.from({ length: 5 }, (_, i) => storage.createPropertyVersion({ property: 'health', document: { ...document, n: i }, createdBy: 'ada' })),
    );
    expect(saved.map((v) => v.version).sort()).toEqual([1, 2, 3, 4, 5]);
    const other = await storage.createPropertyVersion({ property: 'other', document: {}, createdBy: 'bob', note: 'first' });
    expect(other).toMatchObject({ property: 'other', version: 1, document: {}, createdBy: 'bob', note: 'first' });
    const three = saved.find((v) => v.version === 3)!;
    expect(await storage.getPropertyVersion('health', 3)).toEqual(three);
    expect(await storage.getPropertyVersion('health', 9)).toBeUndefined();
    expect((await storage.listPropertyVersions('health')).map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
  });

  it('publications: the latest per environment is current; the history keeps all', async () => {
    const { storage } = await open();
    for (let i = 0; i < 2; i++) await storage.createPropertyVersion({ property: 'health', document: { i }, createdBy: 'ada' });
    await storage.recordPublication({ property: 'health', environment: 'development', version: 1, publishedBy: 'ada' });
    await storage.recordPublication({ property: 'health', environment: 'production', version: 1, publishedBy: 'ada', note: 'First release' });
    await storage.recordPublication({ property: 'health', environment: 'development', version: 2, publishedBy: 'bob' });
    const current = await storage.currentPublications('health');
    expect(current.map((p) => [p.environment, p.version, p.publishedBy])).toEqual([
      ['development', 2, 'bob'],
      ['production', 1, 'ada'],
    ]);
    expect((await storage.publicationHistory('health')).map((p) => [p.version, p.note])).toEqual([
      [2, null],
      [1, 'First release'],
      [1, null],
    ]);
    expect((await storage.publicationHistory('health', 'development')).map((p) => p.version)).toEqual([2, 1]);
    expect(await storage.currentPublications('nothing')).toEqual([]);
  });

  it('audit log: newest first, detail as JSON', async () => {
    const { storage } = await open();
    const first = await storage.appendAudit({ actor: 'ada', action: 'publish', detail: { property: 'health', version: 2 } });
    await storage.appendAudit({ actor: 'system', action: 'start' });
    const entries = await storage.listAudit(10);
    expect(entries.map((e) => [e.actor, e.action, e.detail])).toEqual([
      ['system', 'start', null],
      ['ada', 'publish', { property: 'health', version: 2 }],
    ]);
    expect(entries[1]).toEqual(first);
    expect(await storage.listAudit(1)).toHaveLength(1);
  });

  if (engine === 'postgres') {
    it('several servers opening one new database at once migrate it exactly once', async () => {
      const place = await fresh();
      cleanups.push(place.drop);
      const logs: string[] = [];
      const servers = await Promise.all(Array.from({ length: 4 }, () => open(place.options, (msg) => logs.push(msg))));
      expect(logs.filter((msg) => msg.includes('applied migrations'))).toEqual([`storage: applied migrations ${migrations.map((m) => m.name).join(', ')}`]);
      await Promise.all(servers.map(({ storage }, i) => storage.insertHits([hit({ pageName: `server ${i}` })])));
      expect(await servers[0]!.storage.latestHits({ limit: 10 })).toHaveLength(4);
    });
  }

  if (engine === 'sqlite') {
    it('uses WAL in <dataDir>/tagwell.sqlite', async () => {
      const { options } = await open();
      const raw = new SqliteDatabase(path.join(options.dataDir!, 'tagwell.sqlite'), { readonly: true });
      try {
        expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        raw.close();
      }
    });
  }
});

describe('openStorage', () => {
  it('refuses a DATABASE_URL that is not PostgreSQL instead of writing elsewhere', async () => {
    await expect(openStorage({ databaseUrl: 'mysql://localhost/tagwell' })).rejects.toThrow(/postgres:\/\//);
  });

  it('rejects when PostgreSQL cannot be reached', async () => {
    await expect(openStorage({ databaseUrl: 'postgres://postgres@127.0.0.1:1/tagwell' })).rejects.toThrow();
  });
});
