import fc from 'fast-check';
import {
  Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql, type DatabaseConnection, type Dialect,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { generateHits } from '../../test/support/generate-hits';
import { Aggregates } from './aggregates';
import { BatchStatements, type Built, type RowList } from './batch-statements';
import type { Engine } from './engine';
import { encodeRecordText, hitRecordText } from './hit-record';
import { buildBatch, HITS } from './hits';
import type { Database } from './tables';
import { eventNamesColumn, eventNames } from './text';

/** Kysely that compiles for one dialect and runs nothing: every query answers no rows. */
function compileOnly(kind: 'sqlite' | 'postgres'): Kysely<Database> {
  const connection: DatabaseConnection = { executeQuery: async () => ({ rows: [] }), streamQuery: async function* () {} };
  const dialect: Dialect = {
    createAdapter: () => (kind === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
    createIntrospector: (db) => (kind === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
    createQueryCompiler: () => (kind === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    createDriver: () => ({
      init: async () => {},
      acquireConnection: async () => connection,
      beginTransaction: async () => {},
      commitTransaction: async () => {},
      rollbackTransaction: async () => {},
      releaseConnection: async () => {},
      destroy: async () => {},
    }),
  };
  return new Kysely<Database>({ dialect });
}

/** The parts of an engine a group commit's statements read, as each engine has them. */
const engines: Engine[] = [
  { kind: 'sqlite', db: compileOnly('sqlite'), hitRecordValue: (text: string) => text, hitRecordInsert: (value: string | Uint8Array) => sql<Uint8Array>`tagwell_hit_record(${value})` },
  { kind: 'postgres', db: compileOnly('postgres'), hitRecordValue: encodeRecordText, hitRecordInsert: (value: string | Uint8Array) => value as Uint8Array },
] as unknown as Engine[];

/** The lists a group commit of these generated hits writes: the hits, then their aggregates (as insertHits makes them). */
async function listsOf(engine: Engine, count: number, seed: number): Promise<RowList[]> {
  const aggregates = new Aggregates();
  const rows = generateHits({ count, seed, days: 2, visitors: Math.max(1, count >> 1), pages: 6 }).map((hit, i) => {
    const receivedAt = new Date(hit.receivedAt ?? Date.now()).toISOString();
    aggregates.add(
      {
        received_at: receivedAt,
        host: hit.host,
        report_suites: hit.reportSuites,
        hit_type: hit.hitType,
        link_name: hit.linkName,
        page_name: hit.pageName,
        site_section: hit.siteSection,
        event_names: eventNamesColumn(eventNames(hit.events)),
      },
      hit.variables,
      hit.contextData,
    );
    return { received_at: Date.parse(receivedAt), source: 1 + (i % 3), record: engine.hitRecordValue(hitRecordText(hit)) };
  });
  return [{ kind: HITS, rows }, ...(await aggregates.lists(engine.db))];
}

const same = (a: Built<number>, b: Built<number>) => {
  expect(a.meta).toBe(b.meta);
  expect(a.queries.map((q) => q.sql)).toEqual(b.queries.map((q) => q.sql));
  expect(a.queries.map((q) => q.parameters)).toEqual(b.queries.map((q) => q.parameters));
};

describe('BatchStatements', () => {
  for (const engine of engines) {
    it(`gives what Kysely builds for every group commit of generated hits, its shape built once (${engine.kind})`, async () => {
      const batch = new BatchStatements((lists) => buildBatch(engine, lists));
      const kinds = new Set<string>();
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 1_000_000 }), async (count, seed) => {
          // Two batches of one count: where their shapes agree, the second is bound from the first's template.
          for (const lists of [await listsOf(engine, count, seed), await listsOf(engine, count, seed + 1)]) {
            for (const list of lists) kinds.add(list.kind);
            same(batch.compile(lists), buildBatch(engine, lists));
          }
        }),
        { numRuns: 60 },
      );
      // Every statement a group commit can hold was among them.
      expect([...kinds].sort()).toEqual(['day_counts', 'day_sketch', 'dimension_sketches:12', 'dimension_sketches:14', 'first_visits', 'hit_counts', 'hits']);
    });
  }

  it('binds each batch its own values, where a value goes twice too', () => {
    const build = (lists: readonly RowList[]): Built<null> => ({
      queries: lists.map((list) => {
        const rows = list.rows as Array<{ key: string; registers: Uint8Array }>;
        return engines[0]!.db
          .insertInto('visitor_sketches')
          .values(rows.map((row) => ({ key: row.key, day: 'd', host: 'h', report_suites: 'r', registers: sql<Uint8Array>`tagwell_hll_add(null, ${row.registers})` })))
          .onConflict((oc) => oc.column('key').doUpdateSet({ registers: sql<Uint8Array>`tagwell_hll_add(visitor_sketches.registers, ${rows[0]!.registers})` }))
          .compile();
      }),
      meta: null,
    });
    const batch = new BatchStatements(build);
    const first = batch.compile([{ kind: 'sketch', rows: [{ key: 'a', registers: Uint8Array.of(1) }] }]);
    const second = batch.compile([{ kind: 'sketch', rows: [{ key: 'b', registers: Uint8Array.of(2) }] }]);
    expect(second.queries[0]!.sql).toBe(first.queries[0]!.sql);
    expect(first.queries[0]!.parameters).toEqual(['a', 'd', 'h', 'r', Uint8Array.of(1), Uint8Array.of(1)]);
    expect(second.queries[0]!.parameters).toEqual(['b', 'd', 'h', 'r', Uint8Array.of(2), Uint8Array.of(2)]);
  });

  it('builds a list whose rows differ in shape as it is, and leaves out lists with no rows', () => {
    const db = engines[0]!.db;
    const build = (lists: readonly RowList[]): Built<number> => ({ queries: lists.map((list) => db.insertInto('hit_counts').values(list.rows as never[]).compile()), meta: lists.length });
    const batch = new BatchStatements(build);
    batch.compile([{ kind: 'counts', rows: [{ key: 'k', hits: 1 }, { key: 'l', hits: 2 }] }]);
    const odd: RowList[] = [{ kind: 'counts', rows: [{ key: 'k', hits: 1 }, { key: 'l', hits: 2, extra: 3 }] }, { kind: 'none', rows: [] }];
    expect(batch.compile(odd)).toEqual(build([odd[0]!]));
    const missing: RowList[] = [{ kind: 'counts', rows: [{ key: 'k', hits: 1 }, { key: 'l', hits: undefined }] }];
    expect(batch.compile(missing)).toEqual(build(missing));
  });

  it('refuses a build that puts a value in the SQL text or changes it on the way', () => {
    const db = engines[0]!.db;
    const inText = new BatchStatements((lists) => ({ queries: [sql`select ${sql.lit((lists[0]!.rows[0] as { key: string }).key)}`.compile(db)], meta: 0 }));
    expect(() => inText.compile([{ kind: 'x', rows: [{ key: 'k' }] }])).toThrow('a value went into the SQL text, not a parameter');
    const changed = new BatchStatements((lists) => ({ queries: [sql`select ${(lists[0]!.rows[0] as { key: string }).key.toUpperCase()}`.compile(db)], meta: 0 }));
    expect(() => changed.compile([{ kind: 'x', rows: [{ key: 'k' }] }])).toThrow('a value was not bound as it was given');
  });
});
