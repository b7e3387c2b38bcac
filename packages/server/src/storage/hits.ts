/**
 * Accepted and rejected hits: the collector's writes and the beacon API's reads. Storing hits adds
 * their aggregates (aggregates.ts) in the same transaction, in one round trip to the database.
 * A hit row keeps the columns reads filter on; the rest is its compressed record (hit-record.ts).
 */
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import { Aggregates, aggregateUpsert, type AggregatedHit } from './aggregates';
import { BatchStatements, type Built, type RowList } from './batch-statements';
import type { Engine } from './engine';
import { decodeHitBlock } from './hit-blocks';
import { decodeHitRecord, hitFromRecordText, hitRecordText, type HitContent } from './hit-record';
import { matchingSources, sourceIds, sourcesById } from './hit-sources';
import { ensureHitPartitions, isMissingPartition } from './partitions';
import type { HitsTable, RejectedHitsTable } from './tables';
import type { LatestHitsOptions, NewHit, NewRejected, StoredHit, StoredRejected } from './types';
import { REJECTED_QUERY_BYTES, clean, cleanDeep, cleanOrNull, eventNames, eventNamesColumn, isoTime, truncateUtf8 } from './text';

// Both engines cap bound parameters per statement (SQLite 32766, PostgreSQL 65535); 3 columns x 500 rows fits both.
const ROWS_PER_STATEMENT = 500;
const POSTGRES_MAX_PARAMETERS = 65535;
export const HITS = 'hits';

/** A row to insert: its record as the engine binds it (Engine.hitRecordValue). */
type NewHitRow = Omit<Selectable<HitsTable>, 'id' | 'record'> & { record: string | Uint8Array };

/**
 * One transaction for the whole batch, hits and their aggregates; resolves after commit (the
 * collector's group commit). SQLite: one message to the writer thread. PostgreSQL: one statement
 * when the batch fits in one (the aggregate upserts ride along as data-modifying WITH queries).
 */
export async function insertHits(engine: Engine, hits: readonly NewHit[]): Promise<StoredHit[]> {
  if (hits.length === 0) return [];
  const stored: Array<Omit<StoredHit, 'id'>> = [];
  const aggregates = new Aggregates();
  for (const hit of hits) {
    const { content, aggregated } = toContent(hit);
    stored.push(content);
    aggregates.add(aggregated, content.variables, content.contextData);
  }
  const sources = await sourceIds(engine, stored.map((hit) => ({ host: hit.host, report_suites: hit.reportSuites })));
  const rows: NewHitRow[] = stored.map((hit, i) => ({ received_at: Date.parse(hit.receivedAt), source: sources[i]!, record: engine.hitRecordValue(hitRecordText(hit)) }));
  // PostgreSQL: every day of the batch needs its partition (made ahead of time; a stray day on demand).
  if (engine.kind === 'postgres') await ensureHitPartitions(engine, rows.map((row) => row.received_at));
  try {
    return await insertRows(engine, rows, aggregates, stored);
  } catch (error) {
    // Another server's retention dropped a day this one still knew: make it again, once.
    if (engine.kind !== 'postgres' || !isMissingPartition(error)) throw error;
    await ensureHitPartitions(engine, rows.map((row) => row.received_at), { recheck: true });
    return insertRows(engine, rows, aggregates, stored);
  }
}

/** Each engine's batch statements (batch-statements.ts); `meta`: how many of the results hold the new hits' ids. */
const batches = new WeakMap<Engine, BatchStatements<number>>();

function batchStatementsOf(engine: Engine): BatchStatements<number> {
  let batch = batches.get(engine);
  if (!batch) batches.set(engine, (batch = new BatchStatements((lists) => buildBatch(engine, lists))));
  return batch;
}

/** The statements of a group commit: the hits' inserts (lists of kind HITS) and the aggregates' upserts. */
export function buildBatch(engine: Engine, lists: readonly RowList[]): Built<number> {
  const db = engine.db;
  const inserts = lists
    .filter((list) => list.kind === HITS)
    .map((list) =>
      db
        .insertInto('hits')
        .values((list.rows as NewHitRow[]).map((row) => ({ received_at: row.received_at, source: row.source, record: engine.hitRecordInsert(row.record) })))
        .returning('id'),
    );
  const upserts = lists.filter((list) => list.kind !== HITS).map((list) => aggregateUpsert(db, list));
  if (engine.kind === 'postgres' && inserts.length === 1) {
    const single = upserts.length
      ? sql<{ id: number }>`with ${sql.join(upserts.map((upsert, i) => sql`${sql.raw(`aggregate_${i}`)} as (${upsert})`))} ${inserts[0]!}`.compile(db)
      : inserts[0]!.compile();
    if (single.parameters.length <= POSTGRES_MAX_PARAMETERS) return { queries: [single], meta: 1 };
  }
  return { queries: [...inserts, ...upserts].map((query) => query.compile()), meta: inserts.length };
}

async function insertRows(engine: Engine, rows: NewHitRow[], aggregates: Aggregates, stored: Array<Omit<StoredHit, 'id'>>): Promise<StoredHit[]> {
  const lists: RowList[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) lists.push({ kind: HITS, rows: rows.slice(i, i + ROWS_PER_STATEMENT) });
  lists.push(...(await aggregates.lists(engine.db)));
  const { queries, meta } = batchStatementsOf(engine).compile(lists);
  const results = await engine.transact(queries);
  // RETURNING's order is unspecified, but one statement takes ids in VALUES order on both engines.
  const ids = results.slice(0, meta).flatMap((result) => (result.rows as Array<{ id: number }>).map((r) => Number(r.id)).sort((a, b) => a - b));
  return stored.map((hit, i) => ({ id: ids[i]!, ...hit }));
}

/**
 * Newest first, from `hits` and then from the blocks of past days (compaction.ts). Read in that
 * order, a hit packed between the two reads is read twice (kept once), never missed.
 */
export async function latestHits(engine: Engine, options: LatestHitsOptions): Promise<StoredHit[]> {
  const limit = checkLimit(options.limit);
  if (limit === 0) return [];
  let sources: number[] | undefined;
  if (options.host !== undefined || options.reportSuite !== undefined) {
    // The sources of that host or report suite; one source reads the index (source, id) newest first.
    sources = await matchingSources(engine, options.host, options.reportSuite);
    if (sources.length === 0) return [];
  }
  let query = engine.read.selectFrom('hits').selectAll().orderBy('id', 'desc').limit(limit);
  if (options.sinceId !== undefined) query = query.where('id', '>', options.sinceId);
  if (sources) query = sources.length === 1 ? query.where('source', '=', sources[0]!) : query.where('source', 'in', sources);
  const found: Found[] = (await query.execute()).map((row) => ({
    id: Number(row.id),
    receivedAt: Number(row.received_at),
    source: Number(row.source),
    content: () => decodeHitRecord(row.record),
  }));
  // A packed hit makes the answer only if newer than the oldest of `limit` hits already found.
  const above = found.length === limit ? found.at(-1)!.id : (options.sinceId ?? 0);
  const answer = await withPackedHits(engine, found, limit, above, sources);
  const byId = await sourcesById(engine, answer.map((hit) => hit.source));
  return answer.map((hit) => {
    const source = byId.get(hit.source)!;
    return { id: hit.id, receivedAt: new Date(hit.receivedAt).toISOString(), host: source.host, reportSuites: source.report_suites, ...hit.content() };
  });
}

interface Found {
  id: number;
  receivedAt: number;
  source: number;
  content: () => HitContent;
}

/** Blocks whose heads a query reads at once. */
const BLOCK_PAGE = 16;

/**
 * The newest `limit` of `found` and the packed hits with an id above `above`: blocks are read newest
 * last hit first, and reading stops once no older block can hold one of the newest `limit`.
 */
async function withPackedHits(engine: Engine, found: Found[], limit: number, above: number, sources: number[] | undefined): Promise<Found[]> {
  const seen = new Set(found.map((hit) => hit.id));
  let newest = found;
  let before: number | undefined;
  for (;;) {
    let heads = engine.read.selectFrom('hit_blocks').select(['source', 'last_id']).where('last_id', '>', above).orderBy('last_id', 'desc').limit(BLOCK_PAGE);
    if (sources) heads = heads.where('source', 'in', sources);
    if (before !== undefined) heads = heads.where('last_id', '<', before);
    const page = await heads.execute();
    for (const head of page) {
      const lastId = Number(head.last_id);
      if (newest.length >= limit && newest[limit - 1]!.id > lastId) return newest;
      const block = await engine.read.selectFrom('hit_blocks').select('record').where('source', '=', head.source).where('last_id', '=', lastId).executeTakeFirst();
      // Gone meanwhile: retention deleted its day.
      if (!block) continue;
      for (const hit of decodeHitBlock(block.record)) {
        if (hit.id <= above || seen.has(hit.id)) continue;
        seen.add(hit.id);
        newest.push({ id: hit.id, receivedAt: hit.receivedAt, source: Number(head.source), content: () => hitFromRecordText(hit.text) });
      }
      newest = newest.sort((a, b) => b.id - a.id).slice(0, limit);
    }
    if (page.length < BLOCK_PAGE) return newest;
    before = Number(page.at(-1)!.last_id);
  }
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

function toContent(hit: NewHit): { content: Omit<StoredHit, 'id'>; aggregated: AggregatedHit } {
  const variables = cleanDeep(hit.variables);
  const names = hit.events != null ? eventNames(hit.events) : (variables.events ?? []);
  const receivedAt = isoTime(hit.receivedAt);
  const content: Omit<StoredHit, 'id'> = {
    receivedAt,
    host: clean(hit.host),
    reportSuites: clean(hit.reportSuites),
    hitType: hit.hitType,
    linkType: hit.linkType,
    linkName: cleanOrNull(hit.linkName),
    pageName: cleanOrNull(hit.pageName),
    pageUrl: cleanOrNull(hit.pageUrl),
    siteSection: cleanOrNull(hit.siteSection),
    events: cleanOrNull(hit.events),
    // What a stored hit always gave back: its variables and context data as JSON reads them (cleanDeep's copy).
    variables,
    contextData: cleanDeep(hit.contextData),
    query: clean(hit.query),
    clientIp: cleanOrNull(hit.clientIp),
    userAgent: cleanOrNull(hit.userAgent),
  };
  const aggregated: AggregatedHit = {
    received_at: receivedAt,
    host: content.host,
    report_suites: content.reportSuites,
    hit_type: content.hitType,
    link_name: content.linkName,
    page_name: content.pageName,
    site_section: content.siteSection,
    event_names: eventNamesColumn(names),
  };
  return { content, aggregated };
}

function fromRejectedRow(row: Selectable<RejectedHitsTable>): StoredRejected {
  return { id: Number(row.id), receivedAt: row.received_at, host: row.host, reason: row.reason, detail: row.detail, query: row.query };
}
