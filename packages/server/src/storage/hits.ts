/**
 * Accepted and rejected hits: the collector's writes and the beacon API's reads.
 */
import { sql } from 'kysely';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Engine } from './engine';
import type { Database, HitsTable, RejectedHitsTable } from './tables';
import type { HitVariables, LatestHitsOptions, NewHit, NewRejected, StoredHit, StoredRejected } from './types';
import { REJECTED_QUERY_BYTES, clean, cleanDeep, cleanOrNull, eventNames, eventNamesColumn, isoTime, truncateUtf8 } from './text';

// Both engines cap bound parameters per statement (SQLite 32766, PostgreSQL 65535); 17 columns x 500 rows fits both.
const ROWS_PER_STATEMENT = 500;

type HitRow = Omit<Selectable<HitsTable>, 'id'>;

/** One transaction for the whole batch; resolves after commit (the collector's group commit). */
export async function insertHits(engine: Engine, hits: readonly NewHit[]): Promise<StoredHit[]> {
  if (hits.length === 0) return [];
  const rows = hits.map(toRow);
  const ids = await engine.db.transaction().execute(async (trx) => {
    const all: number[] = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const inserted = await trx.insertInto('hits').values(rows.slice(i, i + ROWS_PER_STATEMENT)).returning('id').execute();
      // RETURNING's order is unspecified, but one statement takes ids in VALUES order on both engines.
      all.push(...inserted.map((r) => Number(r.id)).sort((a, b) => a - b));
    }
    return all;
  });
  return rows.map((row, i) => fromRow({ id: ids[i]!, ...row }));
}

export async function latestHits(engine: Engine, options: LatestHitsOptions): Promise<StoredHit[]> {
  const limit = checkLimit(options.limit);
  let query = engine.db.selectFrom('hits').selectAll().orderBy('id', 'desc').limit(limit);
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
  await engine.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      await trx.insertInto('rejected_hits').values(rows.slice(i, i + ROWS_PER_STATEMENT)).execute();
    }
  });
}

export async function countRejected(engine: Engine): Promise<number> {
  const row = await engine.db.selectFrom('rejected_hits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function latestRejected(engine: Engine, limit: number): Promise<StoredRejected[]> {
  const rows = await engine.db.selectFrom('rejected_hits').selectAll().orderBy('id', 'desc').limit(checkLimit(limit)).execute();
  return rows.map(fromRejectedRow);
}

function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number >= 0, got ${limit}`);
  return limit;
}

function toRow(hit: NewHit): HitRow {
  const variables = cleanDeep(hit.variables);
  const names = hit.events != null ? eventNames(hit.events) : (variables.events ?? []);
  return {
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
