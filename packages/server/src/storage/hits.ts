/**
 * Accepted and rejected hits: the collector's writes and the beacon API's reads. Storing hits adds
 * their aggregates (aggregates.ts) in the same transaction, in one round trip to the database.
 */
import { sql } from 'kysely';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { Aggregates } from './aggregates';
import type { Engine } from './engine';
import type { Database, HitsTable, RejectedHitsTable } from './tables';
import type { HitVariables, LatestHitsOptions, NewHit, NewRejected, StoredHit, StoredRejected } from './types';
import { REJECTED_QUERY_BYTES, clean, cleanDeep, cleanOrNull, eventNames, eventNamesColumn, isoTime, truncateUtf8 } from './text';

// Both engines cap bound parameters per statement (SQLite 32766, PostgreSQL 65535); 16 columns x 500 rows fits both.
const ROWS_PER_STATEMENT = 500;
const POSTGRES_MAX_PARAMETERS = 65535;

type HitRow = Omit<Selectable<HitsTable>, 'id'>;

/**
 * One transaction for the whole batch, hits and their aggregates; resolves after commit (the
 * collector's group commit). SQLite: one message to the writer thread. PostgreSQL: one statement
 * when the batch fits in one (the aggregate upserts ride along as data-modifying WITH queries).
 */
export async function insertHits(engine: Engine, hits: readonly NewHit[]): Promise<StoredHit[]> {
  if (hits.length === 0) return [];
  const rows: HitRow[] = [];
  const aggregates = new Aggregates();
  for (const hit of hits) {
    const { row, variables } = toRow(hit);
    rows.push(row);
    aggregates.add(row, variables);
  }
  const inserts = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    inserts.push(engine.db.insertInto('hits').values(rows.slice(i, i + ROWS_PER_STATEMENT)).returning('id'));
  }
  const upserts = aggregates.statements(engine.db);
  let inserted: Array<Array<{ id: number }>> | undefined;
  if (engine.kind === 'postgres' && inserts.length === 1) {
    const single = upserts.length
      ? sql<{ id: number }>`with ${sql.join(upserts.map((upsert, i) => sql`${sql.raw(`aggregate_${i}`)} as (${upsert})`))} ${inserts[0]!}`.compile(engine.db)
      : inserts[0]!.compile();
    if (single.parameters.length <= POSTGRES_MAX_PARAMETERS) inserted = [(await engine.transact([single]))[0]!.rows as Array<{ id: number }>];
  }
  if (!inserted) {
    const results = await engine.transact([...inserts.map((q) => q.compile()), ...upserts.map((q) => q.compile())]);
    inserted = results.slice(0, inserts.length).map((result) => result.rows as Array<{ id: number }>);
  }
  // RETURNING's order is unspecified, but one statement takes ids in VALUES order on both engines.
  const ids = inserted.flatMap((chunk) => chunk.map((r) => Number(r.id)).sort((a, b) => a - b));
  return rows.map((row, i) => fromRow({ id: ids[i]!, ...row }));
}

export async function latestHits(engine: Engine, options: LatestHitsOptions): Promise<StoredHit[]> {
  const limit = checkLimit(options.limit);
  let query = engine.read.selectFrom('hits').selectAll().orderBy('id', 'desc').limit(limit);
  if (options.sinceId !== undefined) query = query.where('id', '>', options.sinceId);
  if (options.host !== undefined) query = query.where('host', '=', options.host);
  if (options.reportSuite !== undefined) query = query.where((eb) => reportSuiteFilter(engine, eb, options.reportSuite!));
  return (await query.execute()).map(fromRow);
}

/** Report suites are a comma list: match a whole id, so `rs` never matches `rs2`. */
export function reportSuiteFilter(engine: Engine, eb: ExpressionBuilder<Database, 'hits'>, reportSuite: string) {
  return engine.contains(sql<string>`',' || ${eb.ref('report_suites')} || ','`, `,${reportSuite},`);
}

export async function insertRejected(engine: Engine, rejected: readonly NewRejected[]): Promise<void> {
  if (rejected.length === 0) return;
  const rows = rejected.map((r) => ({
    received_at: isoTime(r.receivedAt),
    host: clean(r.host),
    reason: clean(r.reason),
    detail: truncateUtf8(clean(r.detail), REJECTED_QUERY_BYTES),
    query: truncateUtf8(clean(r.query), REJECTED_QUERY_BYTES),
  }));
  const inserts = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) inserts.push(engine.db.insertInto('rejected_hits').values(rows.slice(i, i + ROWS_PER_STATEMENT)).compile());
  await engine.transact(inserts);
}

export async function countRejected(engine: Engine): Promise<number> {
  const row = await engine.read.selectFrom('rejected_hits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function latestRejected(engine: Engine, limit: number): Promise<StoredRejected[]> {
  const rows = await engine.read.selectFrom('rejected_hits').selectAll().orderBy('id', 'desc').limit(checkLimit(limit)).execute();
  return rows.map(fromRejectedRow);
}

function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number >= 0, got ${limit}`);
  return limit;
}

function toRow(hit: NewHit): { row: HitRow; variables: HitVariables } {
  const variables = cleanDeep(hit.variables);
  const names = hit.events != null ? eventNames(hit.events) : (variables.events ?? []);
  const row: HitRow = {
    received_at: isoTime(hit.receivedAt),
    host: clean(hit.host),
    report_suites: clean(hit.reportSuites),
    hit_type: hit.hitType,
    link_type: hit.linkType,
    link_name: cleanOrNull(hit.linkName),
    page_name: cleanOrNull(hit.pageName),
    page_url: cleanOrNull(hit.pageUrl),
    site_section: cleanOrNull(hit.siteSection),
    events: cleanOrNull(hit.events),
    event_names: eventNamesColumn(names),
    variables: JSON.stringify(variables),
    context_data: JSON.stringify(cleanDeep(hit.contextData)),
    query: clean(hit.query),
    client_ip: cleanOrNull(hit.clientIp),
    user_agent: cleanOrNull(hit.userAgent),
  };
  return { row, variables };
}

function fromRow(row: Selectable<HitsTable>): StoredHit {
  return {
    id: Number(row.id),
    receivedAt: row.received_at,
    host: row.host,
    reportSuites: row.report_suites,
    hitType: row.hit_type,
    linkType: row.link_type,
    linkName: row.link_name,
    pageName: row.page_name,
    pageUrl: row.page_url,
    siteSection: row.site_section,
    events: row.events,
    variables: JSON.parse(row.variables) as HitVariables,
    contextData: JSON.parse(row.context_data) as Record<string, string>,
    query: row.query,
    clientIp: row.client_ip,
    userAgent: row.user_agent,
  };
}

function fromRejectedRow(row: Selectable<RejectedHitsTable>): StoredRejected {
  return { id: Number(row.id), receivedAt: row.received_at, host: row.host, reason: row.reason, detail: row.detail, query: row.query };
}
