/**
 * The reports (issue 4, item 7), read from the aggregates (storage/aggregates.ts) on the read
 * connection: a range of days is a sum over its hours (or its days, for the page dimensions of
 * `day_counts`), never a scan of hits. A page view is a page hit (`t()`), not a link hit. Unique visitors merge the days' HyperLogLog sketches.
 */
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { SKETCH_PRECISION, type Dimension, type SketchDimension } from './aggregates';
import { MEDIA_DIMENSIONS } from './media-counts';
import type { DayDimension } from './day-counts';
import type { Engine } from './engine';
import { RELATIVE_STANDARD_ERROR, estimate, merge, relativeStandardError } from './hll';
import type { Database } from './tables';
import type {
  ConsentOptOuts,
  DayCount,
  FeedbackRow,
  MediaContentRow,
  PageCount,
  ReportRange,
  SearchReport,
  SectionCount,
  ToolFunnelRow,
  UniqueVisitors,
  VisitorDay,
  VisitorErrors,
  VisitorPage,
  VisitorSection,
} from './types';

type CountsEb = ExpressionBuilder<Database, 'hit_counts'>;

/** Rows of some dimensions within the range, with the sum of their hits. */
function counts(engine: Engine, dimensions: readonly Dimension[], range: ReportRange) {
  return engine.read
    .selectFrom('hit_counts')
    .where((eb) => eb.and([eb('dimension', 'in', dimensions), inRange(engine, eb, range)]));
}

/** Rows of some page dimensions (`day_counts`) within the range: a read of the primary key's range. */
function dayCounts(engine: Engine, dimensions: readonly DayDimension[], range: ReportRange) {
  return engine.read.selectFrom('day_counts').where((eb) => {
    const list: Expression<SqlBool>[] = [eb('dimension', 'in', dimensions)];
    if (range.from !== undefined) list.push(eb('day', '>=', checkDay(range.from)));
    if (range.to !== undefined) list.push(eb('day', '<=', checkDay(range.to)));
    if (range.host !== undefined) list.push(eb('host', '=', range.host));
    if (range.reportSuite !== undefined) list.push(reportSuiteIn(engine, range.reportSuite));
    return eb.and(list);
  });
}

const total = (eb: CountsEb) => eb.fn.sum<number | string>('hits');
const valueOf = (row: { value: string; has_value: number }) => (Number(row.has_value) === 1 ? row.value : null);

export async function pageViewsByDay(engine: Engine, range: ReportRange): Promise<DayCount[]> {
  const day = sql<string>`substr(hour, 1, 10)`;
  const rows = await counts(engine, ['hit_type'], range)
    .where('value', '=', 'page')
    .select((eb) => [day.as('day'), total(eb).as('pageViews')])
    .groupBy(day)
    .orderBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, pageViews: Number(r.pageViews) }));
}

export async function pageViewsBySection(engine: Engine, range: ReportRange): Promise<SectionCount[]> {
  const rows = await counts(engine, ['section'], range)
    .select((eb) => ['value', 'has_value', total(eb).as('pageViews')])
    .groupBy(['has_value', 'value'])
    .execute();
  return rows
    .map((r) => ({ section: valueOf(r), pageViews: Number(r.pageViews) }))
    .sort((a, b) => b.pageViews - a.pageViews || compareNullsLast(a.section, b.section));
}

export async function topPages(engine: Engine, limit: number, range: ReportRange): Promise<PageCount[]> {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number >= 0, got ${limit}`);
  const sum = sql<number | string>`sum(hits)`;
  const rows = await dayCounts(engine, ['page'], range)
    .select(['value', 'has_value', sum.as('pageViews')])
    .groupBy(['has_value', 'value'])
    // Ties by name; pages without a name last.
    .orderBy(sum, 'desc')
    .orderBy('has_value', 'desc')
    .orderBy('value')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ pageName: valueOf(r), pageViews: Number(r.pageViews) }));
}

export async function searches(engine: Engine, range: ReportRange): Promise<SearchReport> {
  const rows = await counts(engine, ['search'], range)
    .select((eb) => ['value', total(eb).as('hits')])
    .groupBy('value')
    .execute();
  const of = (value: string) => Number(rows.find((r) => r.value === value)?.hits ?? 0);
  const all = of('searches');
  const zeroResults = of('zero_results');
  return { searches: all, zeroResults, zeroResultRate: all ? zeroResults / all : 0 };
}

/** Per tool (eVar20): starts (event14) and completions (event15). */
export async function toolFunnel(engine: Engine, range: ReportRange): Promise<ToolFunnelRow[]> {
  const rows = await counts(engine, ['tool_start', 'tool_completion'], range)
    .select((eb) => ['dimension', 'value', total(eb).as('hits')])
    .groupBy(['dimension', 'value'])
    .execute();
  const tools = new Map<string, ToolFunnelRow>();
  for (const r of rows) {
    let tool = tools.get(r.value);
    if (!tool) tools.set(r.value, (tool = { tool: r.value, starts: 0, completions: 0 }));
    if (r.dimension === 'tool_start') tool.starts += Number(r.hits);
    else tool.completions += Number(r.hits);
  }
  return [...tools.values()].sort((a, b) => compareNullsLast(a.tool, b.tool));
}

/** Per page: feedback answers (eVar35 `yes` / `no`, any case). */
export async function feedbackByPage(engine: Engine, range: ReportRange): Promise<FeedbackRow[]> {
  const rows = await dayCounts(engine, ['feedback_yes', 'feedback_no'], range)
    .select((eb) => ['dimension', 'value', 'has_value', eb.fn.sum<number | string>('hits').as('hits')])
    .groupBy(['dimension', 'has_value', 'value'])
    .execute();
  const pages = new Map<string | null, FeedbackRow>();
  for (const r of rows) {
    const pageName = valueOf(r);
    let page = pages.get(pageName);
    if (!page) pages.set(pageName, (page = { pageName, yes: 0, no: 0 }));
    if (r.dimension === 'feedback_yes') page.yes += Number(r.hits);
    else page.no += Number(r.hits);
  }
  return [...pages.values()].sort((a, b) => compareNullsLast(a.pageName, b.pageName));
}

/** SPEC: the Marketing and Statistics cookie choices are reported (as link hits) when set to off. */
export async function consentOptOuts(engine: Engine, range: ReportRange): Promise<ConsentOptOuts> {
  const rows = await counts(engine, ['consent'], range)
    .select((eb) => ['value', total(eb).as('hits')])
    .groupBy('value')
    .execute();
  const of = (value: string) => Number(rows.find((r) => r.value === value)?.hits ?? 0);
  return { statisticsOff: of('statistics_off'), marketingOff: of('marketing_off') };
}

/**
 * Issue 16: per content (a.media.name), media starts, completes, their rate and the seconds played
 * (media-counts.ts), the `limit` most started first; content whose only rows are play time (a session
 * started before the range) is listed after them.
 */
export async function mediaByContent(engine: Engine, limit: number, range: ReportRange): Promise<MediaContentRow[]> {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number >= 0, got ${limit}`);
  const rows = await counts(engine, MEDIA_DIMENSIONS, range)
    .select((eb) => ['dimension', 'value', total(eb).as('hits')])
    .groupBy(['dimension', 'value'])
    .execute();
  const byContent = new Map<string, MediaContentRow>();
  for (const r of rows) {
    let row = byContent.get(r.value);
    if (!row) byContent.set(r.value, (row = { content: r.value, starts: 0, completes: 0, completionRate: 0, timePlayed: 0 }));
    if (r.dimension === 'media_start') row.starts += Number(r.hits);
    else if (r.dimension === 'media_complete') row.completes += Number(r.hits);
    else row.timePlayed += Number(r.hits);
  }
  return [...byContent.values()]
    .map((row) => ({ ...row, completionRate: row.starts ? row.completes / row.starts : 0 }))
    .sort((a, b) => b.starts - a.starts || compareNullsLast(a.content, b.content))
    .slice(0, limit);
}

/** The sketches of some dimensions within the range. */
function sketches(engine: Engine, dimensions: readonly SketchDimension[], range: ReportRange) {
  return engine.read.selectFrom('visitor_sketches').where((eb) => {
    const list: Expression<SqlBool>[] = [eb('dimension', 'in', dimensions)];
    if (range.from !== undefined) list.push(eb('day', '>=', checkDay(range.from)));
    if (range.to !== undefined) list.push(eb('day', '<=', checkDay(range.to)));
    if (range.host !== undefined) list.push(eb('host', '=', range.host));
    if (range.reportSuite !== undefined) list.push(reportSuiteIn(engine, range.reportSuite));
    return eb.and(list);
  });
}

/** Estimated visitors of the union of some stored sketches of one dimension (0 for none). */
function visitorsOf(dimension: SketchDimension, registers: readonly Uint8Array[]): number {
  const precision = SKETCH_PRECISION[dimension];
  return registers.length ? estimate(merge(registers, precision), precision) : 0;
}

/** Sketches grouped by a name, then by dimension. */
function group<R extends { dimension: string; registers: Uint8Array }, K>(rows: readonly R[], keyOf: (row: R) => K): Map<K, Map<string, Uint8Array[]>> {
  const groups = new Map<K, Map<string, Uint8Array[]>>();
  for (const row of rows) {
    const key = keyOf(row);
    let byDimension = groups.get(key);
    if (!byDimension) groups.set(key, (byDimension = new Map()));
    const list = byDimension.get(row.dimension);
    if (list) list.push(row.registers);
    else byDimension.set(row.dimension, [row.registers]);
  }
  return groups;
}

/** Distinct visitor ids over the range: the union of its days' sketches (storage/hll.ts). */
export async function uniqueVisitors(engine: Engine, range: ReportRange): Promise<UniqueVisitors> {
  const rows = await sketches(engine, ['visitors'], range).select('registers').execute();
  return { visitors: visitorsOf('visitors', rows.map((r) => r.registers)), relativeStandardError: RELATIVE_STANDARD_ERROR };
}

export const VISITOR_ERRORS: VisitorErrors = {
  day: relativeStandardError(SKETCH_PRECISION.visitors),
  section: relativeStandardError(SKETCH_PRECISION.section),
  page: relativeStandardError(SKETCH_PRECISION.page),
};

/** Per day with visitors: all, new and repeat (first-visits.ts), each a merge of that day's sketches. */
export async function visitorsByDay(engine: Engine, range: ReportRange): Promise<VisitorDay[]> {
  const rows = await sketches(engine, ['visitors', 'new', 'repeat'], range).select(['day', 'dimension', 'registers']).execute();
  const days = group(rows, (row) => row.day);
  return [...days]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, of]) => ({
      day,
      visitors: visitorsOf('visitors', of.get('visitors') ?? []),
      newVisitors: visitorsOf('new', of.get('new') ?? []),
      repeatVisitors: visitorsOf('repeat', of.get('repeat') ?? []),
    }));
}

/** Per section: the visitors who viewed its pages over the whole range (not a sum of days), new and repeat. */
export async function visitorsBySection(engine: Engine, range: ReportRange): Promise<VisitorSection[]> {
  const rows = await sketches(engine, ['section', 'section_new', 'section_repeat'], range).select(['value', 'has_value', 'dimension', 'registers']).execute();
  const sections = group(rows, valueOf);
  return [...sections]
    .map(([section, of]) => ({
      section,
      visitors: visitorsOf('section', of.get('section') ?? []),
      newVisitors: visitorsOf('section_new', of.get('section_new') ?? []),
      repeatVisitors: visitorsOf('section_repeat', of.get('section_repeat') ?? []),
    }))
    .sort((a, b) => b.visitors - a.visitors || compareNullsLast(a.section, b.section));
}

/**
 * The visitors of the `limit` most viewed pages (topPages' order) over the whole range: only their
 * sketches are read, however many pages the site has.
 */
export async function visitorsByPage(engine: Engine, limit: number, range: ReportRange): Promise<VisitorPage[]> {
  const pages = await topPages(engine, limit, range);
  if (pages.length === 0) return [];
  const names = pages.flatMap((p) => (p.pageName === null ? [] : [p.pageName]));
  const unnamed = pages.some((p) => p.pageName === null);
  const rows = await sketches(engine, ['page'], range)
    .where((eb) => eb.or([...(names.length ? [eb.and([eb('has_value', '=', 1), eb('value', 'in', names)])] : []), ...(unnamed ? [eb('has_value', '=', 0)] : [])]))
    .select(['value', 'has_value', 'dimension', 'registers'])
    .execute();
  const byPage = group(rows, valueOf);
  return pages.map((p) => ({ pageName: p.pageName, pageViews: p.pageViews, visitors: visitorsOf('page', byPage.get(p.pageName)?.get('page') ?? []) }));
}

/**
 * The hosts that received hits, of one report suite when given, in code-point order: what a report
 * may narrow to. Every hit has one `hit_type` row per hour, so this reads those rows only.
 */
export async function reportHosts(engine: Engine, reportSuite?: string): Promise<string[]> {
  const rows = await engine.read
    .selectFrom('hit_counts')
    .select('host')
    .distinct()
    .where((eb) => eb.and([eb('dimension', '=', 'hit_type'), ...(reportSuite === undefined ? [] : [reportSuiteIn(engine, reportSuite)])]))
    .execute();
  return rows.map((r) => r.host).sort(compareNullsLast);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Report suites are a comma list: match a whole id, so `rs` never matches `rs2`. */
function reportSuiteIn(engine: Engine, reportSuite: string): Expression<SqlBool> {
  return engine.contains(sql<string>`',' || ${sql.ref('report_suites')} || ','`, `,${reportSuite},`);
}

/** `from`..`to` as whole UTC days: hours are `YYYY-MM-DDTHH`, so comparing as text is comparing times. */
function inRange(engine: Engine, eb: CountsEb, range: ReportRange): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (range.from !== undefined) conditions.push(eb('hour', '>=', `${checkDay(range.from)}T00`));
  if (range.to !== undefined) conditions.push(eb('hour', '<', `${nextDay(checkDay(range.to))}T00`));
  if (range.host !== undefined) conditions.push(eb('host', '=', range.host));
  if (range.reportSuite !== undefined) conditions.push(reportSuiteIn(engine, range.reportSuite));
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
