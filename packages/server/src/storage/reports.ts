/**
 * The reports (issue 4, item 7), computed in SQL on either engine. A page view is a page hit
 * (`t()`), not a link hit; event names come from the `event_names` column (values stripped).
 */
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Engine } from './engine';
import { reportSuiteFilter } from './hits';
import type { Database } from './tables';
import type { ConsentOptOuts, DayCount, FeedbackRow, PageCount, ReportRange, SearchReport, SectionCount, ToolFunnelRow } from './types';

type HitsEb = ExpressionBuilder<Database, 'hits'>;

export async function pageViewsByDay(engine: Engine, range: ReportRange): Promise<DayCount[]> {
  const day = sql<string>`substr(received_at, 1, 10)`;
  const rows = await engine.db
    .selectFrom('hits')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('pageViews')])
    .where((eb) => eb.and([inRange(engine, eb, range), eb('hit_type', '=', 'page')]))
    .groupBy(day)
    .orderBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, pageViews: Number(r.pageViews) }));
}

export async function pageViewsBySection(engine: Engine, range: ReportRange): Promise<SectionCount[]> {
  const rows = await engine.db
    .selectFrom('hits')
    .select((eb) => ['site_section', eb.fn.countAll<number>().as('pageViews')])
    .where((eb) => eb.and([inRange(engine, eb, range), eb('hit_type', '=', 'page')]))
    .groupBy('site_section')
    .execute();
  return rows
    .map((r) => ({ section: r.site_section, pageViews: Number(r.pageViews) }))
    .sort((a, b) => b.pageViews - a.pageViews || compareNullsLast(a.section, b.section));
}

export async function topPages(engine: Engine, limit: number, range: ReportRange): Promise<PageCount[]> {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number >= 0, got ${limit}`);
  const count = sql<number>`count(*)`;
  const rows = await engine.db
    .selectFrom('hits')
    .select([count.as('pageViews'), 'page_name'])
    .where((eb) => eb.and([inRange(engine, eb, range), eb('hit_type', '=', 'page')]))
    .groupBy('page_name')
    // Ties by name; `is null` first puts pages without a name last on both engines.
    .orderBy(count, 'desc')
    .orderBy(sql`page_name is null`)
    .orderBy('page_name')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ pageName: r.page_name, pageViews: Number(r.pageViews) }));
}

export async function searches(engine: Engine, range: ReportRange): Promise<SearchReport> {
  const row = await engine.db
    .selectFrom('hits')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere(eb.or([hasEvent(engine, 'event2'), hasEvent(engine, 'event3')])).as('searches'),
      eb.fn.countAll<number>().filterWhere(hasEvent(engine, 'event5')).as('zeroResults'),
    ])
    .where((eb) => inRange(engine, eb, range))
    .executeTakeFirstOrThrow();
  const total = Number(row.searches);
  const zeroResults = Number(row.zeroResults);
  return { searches: total, zeroResults, zeroResultRate: total ? zeroResults / total : 0 };
}

/** Per tool (eVar20): starts (event14) and completions (event15). */
export async function toolFunnel(engine: Engine, range: ReportRange): Promise<ToolFunnelRow[]> {
  const tool = engine.jsonText('variables', 'eVar20');
  const starts = hasEvent(engine, 'event14');
  const completions = hasEvent(engine, 'event15');
  const rows = await engine.db
    .selectFrom('hits')
    .select((eb) => [
      tool.as('tool'),
      eb.fn.countAll<number>().filterWhere(starts).as('starts'),
      eb.fn.countAll<number>().filterWhere(completions).as('completions'),
    ])
    .where((eb) => eb.and([inRange(engine, eb, range), eb(tool, 'is not', null), eb.or([starts, completions])]))
    .groupBy(tool)
    .execute();
  return rows
    .map((r) => ({ tool: r.tool ?? '', starts: Number(r.starts), completions: Number(r.completions) }))
    .sort((a, b) => compareNullsLast(a.tool, b.tool));
}

/** Per page: feedback answers (eVar35 `yes` / `no`, any case). */
export async function feedbackByPage(engine: Engine, range: ReportRange): Promise<FeedbackRow[]> {
  const answer = sql<string | null>`lower(${engine.jsonText('variables', 'eVar35')})`;
  const rows = await engine.db
    .selectFrom('hits')
    .select((eb) => [
      'page_name',
      eb.fn.countAll<number>().filterWhere(answer, '=', 'yes').as('yes'),
      eb.fn.countAll<number>().filterWhere(answer, '=', 'no').as('no'),
    ])
    .where((eb) => eb.and([inRange(engine, eb, range), eb(answer, 'in', ['yes', 'no'])]))
    .groupBy('page_name')
    .execute();
  return rows
    .map((r) => ({ pageName: r.page_name, yes: Number(r.yes), no: Number(r.no) }))
    .sort((a, b) => compareNullsLast(a.pageName, b.pageName));
}

/** SPEC: the Marketing and Statistics cookie choices are reported (as link hits) when set to off. */
export async function consentOptOuts(engine: Engine, range: ReportRange): Promise<ConsentOptOuts> {
  const row = await engine.db
    .selectFrom('hits')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('link_name', '=', 'Cookies: Statistics Off').as('statisticsOff'),
      eb.fn.countAll<number>().filterWhere('link_name', '=', 'Cookies: Marketing Off').as('marketingOff'),
    ])
    .where((eb) => eb.and([inRange(engine, eb, range), eb('hit_type', '=', 'link')]))
    .executeTakeFirstOrThrow();
  return { statisticsOff: Number(row.statisticsOff), marketingOff: Number(row.marketingOff) };
}

function hasEvent(engine: Engine, name: string): Expression<SqlBool> {
  return engine.contains(sql.ref('event_names'), `,${name},`);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `from`..`to` as whole UTC days: received_at is ISO text, so comparing as text is comparing times. */
function inRange(engine: Engine, eb: HitsEb, range: ReportRange): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (range.from !== undefined) conditions.push(eb('received_at', '>=', `${checkDay(range.from)}T00:00:00.000Z`));
  if (range.to !== undefined) conditions.push(eb('received_at', '<', `${nextDay(checkDay(range.to))}T00:00:00.000Z`));
  if (range.host !== undefined) conditions.push(eb('host', '=', range.host));
  if (range.reportSuite !== undefined) conditions.push(reportSuiteFilter(engine, eb, range.reportSuite));
  return eb.and(conditions);
}

function checkDay(day: string): string {
  // The round trip also refuses days a calendar lacks (2024-02-30), which Date would roll over.
  if (!DAY.test(day) || new Date(`${day}T00:00:00.000Z`).toISOString().slice(0, 10) !== day) throw new RangeError(`not a date (YYYY-MM-DD): ${day}`);
  return day;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Code-point order, the same on both engines whatever the database's collation. */
function compareNullsLast(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
