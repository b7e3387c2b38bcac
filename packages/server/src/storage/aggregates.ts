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
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Compilable, Kysely, OperationNodeSource } from 'kysely';
import { SketchUpdate } from './hll';
import type { Database, HitCountsTable, VisitorSketchesTable } from './tables';
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
  | 'consent';

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

/** A fixed-length key for any length of value (a PostgreSQL index entry must stay under ~2.7 KB). */
function keyOf(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

/** What SQLite's `variables ->> 'key'` gives: a string as it is, other JSON as JSON text, nothing as null. */
function jsonText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** SQLite's lower(): ASCII letters only, so both engines and the recount agree. */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

type CountRow = Omit<HitCountsTable, 'key'>;

/**
 * The aggregates of some hits, ready to be added to the stored ones. In memory, rows are told
 * apart by their fields joined with U+0000, which stored text never holds (text.ts `clean`); the
 * stored key, a digest, is taken once per row when the statements are built.
 */
export class Aggregates {
  private readonly counts = new Map<string, CountRow>();
  private readonly sketches = new Map<string, { day: string; host: string; report_suites: string; update: SketchUpdate }>();

  add(hit: AggregatedHit, variables: HitVariables): void {
    const hour = hit.received_at.slice(0, 13);
    const place = `${hour}\u0000${hit.host}\u0000${hit.report_suites}\u0000`;
    const count = (dimension: Dimension, value: string | null) => {
      const key = place + dimension + (value === null ? '\u0000' : `\u0000=${value}`);
      const row = this.counts.get(key);
      if (row) row.hits++;
      else
        this.counts.set(key, {
          dimension,
          hour,
          host: hit.host,
          report_suites: hit.report_suites,
          value: value ?? '',
          has_value: value === null ? 0 : 1,
          hits: 1,
        });
    };
    const events = new Set(hit.event_names.split(',').filter(Boolean));

    count('hit_type', hit.hit_type);
    if (hit.hit_type === 'page') {
      count('page', hit.page_name);
      count('section', hit.site_section);
    }
    for (const name of events) count('event', name);
    if (events.has('event2') || events.has('event3')) count('search', 'searches');
    if (events.has('event5')) count('search', 'zero_results');
    const tool = jsonText(variables.eVar20);
    if (tool !== null && events.has('event14')) count('tool_start', tool);
    if (tool !== null && events.has('event15')) count('tool_completion', tool);
    const answer = jsonText(variables.eVar35);
    const lower = answer === null ? null : asciiLower(answer);
    if (lower === 'yes') count('feedback_yes', hit.page_name);
    if (lower === 'no') count('feedback_no', hit.page_name);
    if (hit.hit_type === 'link' && hit.link_name === 'Cookies: Statistics Off') count('consent', 'statistics_off');
    if (hit.hit_type === 'link' && hit.link_name === 'Cookies: Marketing Off') count('consent', 'marketing_off');

    const visitor = variables[VISITOR_ID];
    if (typeof visitor === 'string' && visitor !== '') {
      const day = hour.slice(0, 10);
      const key = `${day}\u0000${hit.host}\u0000${hit.report_suites}`;
      let sketch = this.sketches.get(key);
      if (!sketch) this.sketches.set(key, (sketch = { day, host: hit.host, report_suites: hit.report_suites, update: new SketchUpdate() }));
      sketch.update.add(visitor);
    }
  }

  /** The rows these aggregates would be on their own: a recount from hits compares equal to the tables. */
  rows(): { counts: HitCountsTable[]; sketches: VisitorSketchesTable[] } {
    return {
      counts: this.countRows(),
      sketches: this.sketchRows().map(({ update, ...row }) => ({ ...row, registers: update.applyTo(null) })),
    };
  }

  /** With their stored keys, in key order. */
  private countRows(): HitCountsTable[] {
    return [...this.counts.values()]
      .map((row) => ({ key: keyOf([row.dimension, row.hour, row.host, row.report_suites, row.has_value ? row.value : null]), ...row }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private sketchRows() {
    return [...this.sketches.values()]
      .map((sketch) => ({ key: keyOf([sketch.day, sketch.host, sketch.report_suites]), ...sketch }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * Upserts that add these aggregates to the stored ones. Keys go in sorted order, so two
   * PostgreSQL servers writing at once lock rows in the same order and never deadlock.
   */
  statements(db: Kysely<Database>): Statement[] {
    const statements: Statement[] = [];
    const rows = this.countRows();
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      statements.push(
        db
          .insertInto('hit_counts')
          .values(rows.slice(i, i + ROWS_PER_STATEMENT))
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ hits: eb('hit_counts.hits', '+', eb.ref('excluded.hits')) }))),
      );
    }
    for (const { key, day, host, report_suites, update } of this.sketchRows()) {
      const registers = update.encode();
      // tagwell_hll_add raises the registers in place, in the database: no read-modify-write round trip.
      statements.push(
        db
          .insertInto('visitor_sketches')
          .values({ key, day, host, report_suites, registers: sql<Uint8Array>`tagwell_hll_add(null, ${registers})` })
          .onConflict((oc) => oc.column('key').doUpdateSet({ registers: sql<Uint8Array>`tagwell_hll_add(visitor_sketches.registers, ${registers})` })),
      );
    }
    return statements;
  }
}

/** Adds the aggregates of every stored hit, a chunk at a time (the migration that creates the tables). */
export async function aggregateStoredHits(db: Kysely<Database>, log: (msg: string) => void): Promise<number> {
  let after = 0;
  let total = 0;
  for (;;) {
    const rows = await db
      .selectFrom('hits')
      .select(['id', 'received_at', 'host', 'report_suites', 'hit_type', 'link_name', 'page_name', 'site_section', 'event_names', 'variables'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(5000)
      .execute();
    if (rows.length === 0) break;
    const aggregates = new Aggregates();
    for (const row of rows) aggregates.add(row, JSON.parse(row.variables) as HitVariables);
    for (const statement of aggregates.statements(db)) await statement.execute();
    after = Number(rows.at(-1)!.id);
    total += rows.length;
    if (total % 100_000 < rows.length) log(`storage: aggregates counted for ${total.toLocaleString('en-GB')} stored hits`);
  }
  return total;
}
