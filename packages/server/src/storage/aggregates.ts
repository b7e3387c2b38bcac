/**
 * Aggregates kept in step with the hits (issue 18): counts per UTC hour, host, report suites,
 * dimension and value (`hit_counts`), and a HyperLogLog sketch of visitor ids per UTC day, host and
 * report suites (`visitor_sketches`). Both are written in the transaction that stores the hits, so
 * after any crash they agree with the hits that are there. Reports read them, not the hits.
 *
 * Host and report suites are kept as the hit had them (`rs1,rs2`), so a report narrows by host or
 * by one report suite exactly as it did over the raw hits. The dimensions, and what one row counts:
 *
 * | dimension | value | counts |
 * | --- | --- | --- |
 * | `hit_type` | `page` or `link` | hits |
 * | `page` | pageName (or none) | page views |
 * | `section` | prop5 (or none) | page views |
 * | `event` | an event name | hits carrying it |
 * | `search` | `searches` (event2 or event3), `zero_results` (event5) | hits |
 * | `tool_start`, `tool_completion` | the tool (eVar20) | hits with event14, event15 |
 * | `feedback_yes`, `feedback_no` | pageName (or none) | hits whose eVar35 is yes / no, any case |
 * | `consent` | `statistics_off`, `marketing_off` | link hits `Cookies: Statistics Off` / `Marketing Off` |
 * | `media_start`, `media_complete`, `media_time` | content name | media sessions started, completed, seconds played (media-counts.ts) |
 *
 * The dimensions with a value per page (`page`, `feedback_yes`, `feedback_no`) are counted per UTC
 * day in `day_counts`, not per hour: a site has hundreds of pages, so per hour they were most of
 * the rows and most of a 30-day report's reading, and no report reads pages by the hour
 * (migration 009 rolled the hourly rows up).
 *
 * The visitor sketches, one per UTC day, host, report suites, dimension and value (docs/OPERATING.md
 * "Unique visitors"), of the hits that carry a visitor id:
 *
 * | dimension | value | visitors of | precision (error) |
 * | --- | --- | --- | --- |
 * | `visitors` | none | any hit | 14 (0.81%) |
 * | `new`, `repeat` | none | new / repeat hits (first-visits.ts) | 14 (0.81%) |
 * | `section`, `section_new`, `section_repeat` | prop5 (or none) | page views, all / new / repeat | 12 (1.63%) |
 * | `page` | pageName (or none) | page views | 12 (1.63%) |
 */
import { sql } from 'kysely';
import type { Compilable, Insertable, Kysely, OperationNodeSource } from 'kysely';
import { byKey, dayCountRow, dayCountUpsert, isDayDimension, keyOf, type DayCountRow, type DayDimension } from './day-counts';
import type { RowList } from './batch-statements';
import { classify, firstVisitKey, firstVisitRows, firstVisitUpsert, loadFirstVisits, type FirstVisit, type VisitorHit } from './first-visits';
import { decodeHitRecord } from './hit-record';
import { PRECISION, SketchUpdate, hashOf, mergeStored, type VisitorHash } from './hll';
import type { Database, DayCountsTable, HitCountsTable, HitsTableBefore005, VisitorSketchesTable } from './tables';
import { countMedia, type MediaDimension } from './media-counts';
import { eventNames, eventNamesColumn } from './text';
import type { HitVariables } from './types';

export type Dimension =
  | 'hit_type'
  | 'page'
  | 'section'
  | 'event'
  | 'search'
  | 'tool_start'
  | 'tool_completion'
  | 'feedback_yes'
  | 'feedback_no'
  | 'consent'
  | MediaDimension;

export type SketchDimension = 'visitors' | 'new' | 'repeat' | 'section' | 'section_new' | 'section_repeat' | 'page';

/**
 * Precision per sketch dimension. Day sketches are few (one a day, host and report suites) and
 * carry the headline figure: 14. Sections and pages are many more sketches a day, most of them of
 * few visitors: 12, whose dense form is 4 KB and whose sparse form (hll.ts) is 3 bytes a visitor
 * up to 1,365 visitors.
 */
export const SKETCH_PRECISION: Readonly<Record<SketchDimension, number>> = {
  visitors: PRECISION,
  new: PRECISION,
  repeat: PRECISION,
  section: 12,
  section_new: 12,
  section_repeat: 12,
  page: 12,
};

/** What to aggregate: everything (storing hits), or what one migration adds for the hits already stored. */
export interface AggregateScope {
  /** `hit_counts` (migration 004), and `day_counts` when `dayCounts`. */
  counts: boolean;
  /** The page dimensions per day in `day_counts` (migration 009); false: per hour in `hit_counts`, as migration 004 stored them. */
  dayCounts: boolean;
  /** The `visitors` day sketches (migration 004). */
  daySketches: boolean;
  /** The other sketch dimensions and `first_visits` (migration 006). */
  visitorDimensions: boolean;
}
export const ALL_AGGREGATES: AggregateScope = { counts: true, dayCounts: true, daySketches: true, visitorDimensions: true };

/** The columns of a stored hit that the aggregates read. */
export interface AggregatedHit {
  received_at: string;
  host: string;
  report_suites: string;
  hit_type: 'page' | 'link';
  link_name: string | null;
  page_name: string | null;
  site_section: string | null;
  event_names: string;
}

/** A visitor id: AppMeasurement's `mid`, sent only when the visitor consented to statistics. */
export const VISITOR_ID = 'marketingCloudVisitorID';

/** A statement to compile into a transaction, embed in another, or run on its own (in a migration). */
export type Statement = Compilable & OperationNodeSource & { execute(): Promise<unknown> };

/** Rows per statement: 8 parameters a row stays far below both engines' limits. */
const ROWS_PER_STATEMENT = 1000;

/** What SQLite's `variables ->> 'key'` gives: a string as it is, other JSON as JSON text, nothing as null. */
function jsonText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** SQLite's lower(): ASCII letters only, so both engines and the recount agree. */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

type CountRow = Omit<HitCountsTable, 'key'>;
/** Where one hit's counts go: its hour and day, its rows' key prefix (hour, host, report suites), and the hit. */
type CountAt = { hit: AggregatedHit; hour: string; day: string; place: string };
type SketchRow = { dimension: SketchDimension; day: string; host: string; report_suites: string; value: string; has_value: number; update: SketchUpdate };
type PendingVisitorHit = VisitorHit & { visitor: VisitorHash; day: string; host: string; report_suites: string; section: string | null; page: boolean };

/**
 * The aggregates of some hits, ready to be added to the stored ones. In memory, rows are told
 * apart by their fields joined with U+0000, which stored text never holds (text.ts `clean`); the
 * stored key, a digest, is taken once per row when the statements are built.
 */
export class Aggregates {
  private readonly counts = new Map<string, CountRow>();
  private readonly dayCounts = new Map<string, DayCountRow>();
  private readonly sketches = new Map<string, { day: string; host: string; report_suites: string; update: SketchUpdate }>();
  private readonly dimensionSketches = new Map<string, SketchRow>();
  private readonly visitorHits: PendingVisitorHit[] = [];
  private firstVisits: FirstVisit[] | undefined;
  /** Each visitor's hash once per batch, not once per sketch. */
  private readonly hashes = new Map<string, VisitorHash>();

  constructor(private readonly scope: AggregateScope = ALL_AGGREGATES) {}

  /** `contextData`: the hit's, for the media rows (media-counts.ts). */
  add(hit: AggregatedHit, variables: HitVariables, contextData?: Record<string, string>): void {
    if (this.scope.counts) this.addCounts(hit, variables, contextData);
    const visitor = variables[VISITOR_ID];
    if (typeof visitor !== 'string' || visitor === '') return;
    const day = hit.received_at.slice(0, 10);
    let hash = this.hashes.get(visitor);
    if (!hash) this.hashes.set(visitor, (hash = hashOf(visitor)));
    if (this.scope.daySketches) {
      const key = `${day}\u0000${hit.host}\u0000${hit.report_suites}`;
      let sketch = this.sketches.get(key);
      if (!sketch) this.sketches.set(key, (sketch = { day, host: hit.host, report_suites: hit.report_suites, update: new SketchUpdate() }));
      sketch.update.add(hash);
    }
    if (this.scope.visitorDimensions) {
      const page = hit.hit_type === 'page';
      if (page) {
        this.sketch('section', day, hit, hit.site_section, hash);
        this.sketch('page', day, hit, hit.page_name, hash);
      }
      this.visitorHits.push({ key: firstVisitKey(hit.report_suites, visitor), at: hit.received_at, visitor: hash, day, host: hit.host, report_suites: hit.report_suites, section: hit.site_section, page });
    }
  }

  private sketch(dimension: SketchDimension, day: string, place: { host: string; report_suites: string }, value: string | null, visitor: VisitorHash): void {
    const key = `${dimension}\u0000${day}\u0000${place.host}\u0000${place.report_suites}\u0000${value === null ? '' : `=${value}`}`;
    let row = this.dimensionSketches.get(key);
    if (!row) {
      const update = new SketchUpdate(SKETCH_PRECISION[dimension]);
      row = { dimension, day, host: place.host, report_suites: place.report_suites, value: value ?? '', has_value: value === null ? 0 : 1, update };
      this.dimensionSketches.set(key, row);
    }
    row.update.add(visitor);
  }

  /** New or repeat (first-visits.ts), once, from what `first_visits` held before these hits. */
  private classify(known: Parameters<typeof classify>[1]): void {
    if (this.firstVisits) return;
    const { isNew, rows } = classify(this.visitorHits, known);
    this.visitorHits.forEach((hit, i) => {
      const kind = isNew[i] ? 'new' : 'repeat';
      this.sketch(kind, hit.day, hit, null, hit.visitor);
      if (hit.page) this.sketch(isNew[i] ? 'section_new' : 'section_repeat', hit.day, hit, hit.section, hit.visitor);
    });
    this.firstVisits = rows;
  }

  /**
   * One count of one hit's (addCounts). A method given where the hit's counts go, not a closure made per hit:
   * under tsx, which keeps function names, each closure is named as it is made, at the collector's rate.
   * `amount`: 1 for a count; the media play time adds seconds (media-counts.ts).
   */
  private count(at: CountAt, dimension: Dimension, value: string | null, amount = 1): void {
    if (this.scope.dayCounts && isDayDimension(dimension)) return this.countDay(dimension, at.day, at.hit, value);
    const key = at.place + dimension + (value === null ? '\u0000' : `\u0000=${value}`);
    const row = this.counts.get(key);
    if (row) row.hits += amount;
    else
      this.counts.set(key, {
        dimension,
        hour: at.hour,
        host: at.hit.host,
        report_suites: at.hit.report_suites,
        value: value ?? '',
        has_value: value === null ? 0 : 1,
        hits: amount,
      });
  }

  private addCounts(hit: AggregatedHit, variables: HitVariables, contextData: Record<string, string> | undefined): void {
    const hour = hit.received_at.slice(0, 13);
    const at: CountAt = { hit, hour, day: hour.slice(0, 10), place: `${hour}\u0000${hit.host}\u0000${hit.report_suites}\u0000` };
    const events = new Set(hit.event_names.split(',').filter(Boolean));

    this.count(at, 'hit_type', hit.hit_type);
    if (hit.hit_type === 'page') {
      this.count(at, 'page', hit.page_name);
      this.count(at, 'section', hit.site_section);
    }
    for (const name of events) this.count(at, 'event', name);
    if (events.has('event2') || events.has('event3')) this.count(at, 'search', 'searches');
    if (events.has('event5')) this.count(at, 'search', 'zero_results');
    const tool = jsonText(variables.eVar20);
    if (tool !== null && events.has('event14')) this.count(at, 'tool_start', tool);
    if (tool !== null && events.has('event15')) this.count(at, 'tool_completion', tool);
    const answer = jsonText(variables.eVar35);
    const lower = answer === null ? null : asciiLower(answer);
    if (lower === 'yes') this.count(at, 'feedback_yes', hit.page_name);
    if (lower === 'no') this.count(at, 'feedback_no', hit.page_name);
    if (hit.hit_type === 'link' && hit.link_name === 'Cookies: Statistics Off') this.count(at, 'consent', 'statistics_off');
    if (hit.hit_type === 'link' && hit.link_name === 'Cookies: Marketing Off') this.count(at, 'consent', 'marketing_off');
    if (hit.hit_type === 'link') countMedia(contextData, (dimension, content, amount) => this.count(at, dimension, content, amount));
  }

  private countDay(dimension: DayDimension, day: string, place: { host: string; report_suites: string }, value: string | null): void {
    const key = `${dimension}\u0000${day}\u0000${place.host}\u0000${place.report_suites}\u0000${value === null ? '' : `=${value}`}`;
    const row = this.dayCounts.get(key);
    if (row) row.hits++;
    else this.dayCounts.set(key, { dimension, day, host: place.host, report_suites: place.report_suites, value: value ?? '', has_value: value === null ? 0 : 1, hits: 1 });
  }

  /**
   * The rows these aggregates would be on their own, every visitor first seen in them: a recount
   * from all the hits compares equal to the tables.
   */
  rows(): { counts: HitCountsTable[]; dayCounts: DayCountsTable[]; sketches: Array<Omit<VisitorSketchesTable, 'dimension' | 'value' | 'has_value'> & { dimension: string; value: string; has_value: number }>; firstVisits: FirstVisit[] } {
    this.classify(new Map());
    const day = this.sketchRows().map(({ update, ...row }) => ({ ...row, dimension: 'visitors', value: '', has_value: 0, registers: update.applyTo(null) }));
    const dimensions = this.dimensionRows().map(({ update, ...row }) => ({ ...row, registers: mergeStored(null, update.encode(), update.precision) }));
    return { counts: this.countRows(), dayCounts: this.dayCountRows(), sketches: [...day, ...dimensions], firstVisits: this.firstVisits ?? [] };
  }

  /** With their stored keys, in key order. */
  private countRows(): HitCountsTable[] {
    return [...this.counts.values()]
      .map((row) => ({ key: keyOf([row.dimension, row.hour, row.host, row.report_suites, row.has_value ? row.value : null]), ...row }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private dayCountRows(): DayCountsTable[] {
    return [...this.dayCounts.values()].map(dayCountRow).sort(byKey);
  }

  /** The day sketches of migration 004 keep their key; the other dimensions' keys name the dimension. */
  private sketchRows() {
    return [...this.sketches.values()]
      .map((sketch) => ({ key: keyOf([sketch.day, sketch.host, sketch.report_suites]), ...sketch }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private dimensionRows() {
    return [...this.dimensionSketches.values()]
      .map((row) => ({ key: keyOf([row.dimension, row.day, row.host, row.report_suites, row.has_value ? row.value : null]), ...row }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * The rows that add these aggregates to the stored ones, a list per upsert (aggregateUpsert). Keys
   * go in sorted order, so two PostgreSQL servers writing at once lock rows in the same order and
   * never deadlock. New versus repeat needs the visitors' stored first visits: one lookup by primary
   * key first, on the writer (not the read connections, where a long report could hold up a hit).
   */
  async lists(db: Kysely<Database>): Promise<RowList[]> {
    if (this.visitorHits.length) this.classify(await loadFirstVisits(db, this.visitorHits.map((hit) => hit.key)));
    const lists: RowList[] = [];
    const chunks = (kind: string, rows: readonly object[]) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) lists.push({ kind, rows: rows.slice(i, i + ROWS_PER_STATEMENT) });
    };
    chunks(HIT_COUNTS, this.countRows());
    chunks(DAY_COUNTS, this.dayCountRows());
    for (const { key, day, host, report_suites, update } of this.sketchRows()) lists.push({ kind: DAY_SKETCH, rows: [{ key, day, host, report_suites, registers: update.encode() }] });
    // Per precision, many rows a statement: each row is the update as a sketch of its own, which
    // tagwell_hll_merge (migration 006) merges into the stored one, sparse while that is smaller.
    const byPrecision = new Map<number, Insertable<VisitorSketchesTable>[]>();
    for (const { update, ...row } of this.dimensionRows()) {
      const list = byPrecision.get(update.precision) ?? [];
      list.push({ ...row, registers: mergeStored(null, update.encode(), update.precision) });
      byPrecision.set(update.precision, list);
    }
    // Precisions in a fixed order too, so every writer takes the row locks in one order.
    for (const [precision, rows] of [...byPrecision].sort(([a], [b]) => b - a)) chunks(DIMENSION_SKETCHES + precision, rows);
    if (this.firstVisits?.length) chunks(FIRST_VISITS, firstVisitRows(this.firstVisits));
    return lists;
  }
}

const HIT_COUNTS = 'hit_counts';
const DAY_COUNTS = 'day_counts';
const DAY_SKETCH = 'day_sketch';
/** Followed by the sketches' precision, which the upsert's text holds. */
const DIMENSION_SKETCHES = 'dimension_sketches:';
const FIRST_VISITS = 'first_visits';

/** The upsert of one of Aggregates.lists, binding every value as it is (batch-statements.ts). */
export function aggregateUpsert(db: Kysely<Database>, list: RowList): Statement {
  const rows = list.rows as never[];
  if (list.kind === HIT_COUNTS)
    return db
      .insertInto('hit_counts')
      .values(rows)
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ hits: eb('hit_counts.hits', '+', eb.ref('excluded.hits')) })));
  if (list.kind === DAY_COUNTS) return dayCountUpsert(db, rows);
  if (list.kind === FIRST_VISITS) return firstVisitUpsert(db, rows);
  if (list.kind === DAY_SKETCH) {
    const { registers, ...row } = list.rows[0] as Insertable<VisitorSketchesTable>;
    // tagwell_hll_add raises the registers in place, in the database: no read-modify-write round trip.
    return db
      .insertInto('visitor_sketches')
      .values({ ...row, registers: sql<Uint8Array>`tagwell_hll_add(null, ${registers})` })
      .onConflict((oc) => oc.column('key').doUpdateSet({ registers: sql<Uint8Array>`tagwell_hll_add(visitor_sketches.registers, ${registers})` }));
  }
  if (list.kind.startsWith(DIMENSION_SKETCHES)) {
    const size = sql.lit(1 << Number(list.kind.slice(DIMENSION_SKETCHES.length)));
    return db
      .insertInto('visitor_sketches')
      .values(rows)
      .onConflict((oc) => oc.column('key').doUpdateSet({ registers: sql<Uint8Array>`tagwell_hll_merge(visitor_sketches.registers, excluded.registers, ${size})` }));
  }
  throw new Error(`no upsert for aggregate rows of kind ${list.kind}`);
}

/** Stored hits as the aggregates read them, after id `after`, oldest first. */
type StoredHitsReader = (
  db: Kysely<Database>,
  after: number,
  limit: number,
) => Promise<Array<{ id: number; hit: AggregatedHit; variables: HitVariables; contextData?: Record<string, string> }>>;

/** The hits table as migrations 001 to 004 left it: JSON as text (migration 004 reads it). */
export const hitsBefore005: StoredHitsReader = async (db, after, limit) => {
  const old = db as unknown as Kysely<{ hits: HitsTableBefore005 }>;
  const rows = await old
    .selectFrom('hits')
    .select(['id', 'received_at', 'host', 'report_suites', 'hit_type', 'link_name', 'page_name', 'site_section', 'event_names', 'variables'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), hit: row, variables: JSON.parse(row.variables) as HitVariables }));
};

/** The compact hits of migration 005 (hit-record.ts): what migration 006 and later read. */
export const compactStoredHits: StoredHitsReader = async (db, after, limit) => {
  const rows = await db
    .selectFrom('hits')
    .innerJoin('hit_sources', 'hit_sources.id', 'hits.source')
    .select(['hits.id', 'hits.received_at', 'hit_sources.host', 'hit_sources.report_suites', 'hits.record'])
    .where('hits.id', '>', after)
    .orderBy('hits.id')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const content = decodeHitRecord(row.record);
    const names = content.events != null ? eventNames(content.events) : (content.variables.events ?? []);
    const hit: AggregatedHit = {
      received_at: new Date(Number(row.received_at)).toISOString(),
      host: row.host,
      report_suites: row.report_suites,
      hit_type: content.hitType,
      link_name: content.linkName,
      page_name: content.pageName,
      site_section: content.siteSection,
      event_names: eventNamesColumn(names),
    };
    return { id: Number(row.id), hit, variables: content.variables, contextData: content.contextData };
  });
};

/**
 * Adds the aggregates in `scope` of every stored hit, a chunk at a time in the order they were
 * stored (the migrations that create the tables; new versus repeat reads what earlier chunks wrote).
 */
export async function aggregateStoredHits(db: Kysely<Database>, log: (msg: string) => void, scope: AggregateScope, read: StoredHitsReader): Promise<number> {
  let after = 0;
  let total = 0;
  for (;;) {
    const rows = await read(db, after, 5000);
    if (rows.length === 0) break;
    const aggregates = new Aggregates(scope);
    for (const row of rows) aggregates.add(row.hit, row.variables, row.contextData);
    for (const list of await aggregates.lists(db)) await aggregateUpsert(db, list).execute();
    after = rows.at(-1)!.id;
    total += rows.length;
    if (total % 100_000 < rows.length) log(`storage: aggregates counted for ${total.toLocaleString('en-GB')} stored hits`);
  }
  return total;
}
