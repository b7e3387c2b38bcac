import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PropertyService } from '../../admin/property-service';
import { requirePermission } from '../../admin/auth';
import { ApiError } from '../../app/errors';
import { VISITOR_ERRORS, type ReportRange, type Storage } from '../../storage';
import { wholeNumber } from './body';

type Query = { from?: string; to?: string; host?: string; reportSuite?: string; limit?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** As the collector stores them: lower-case, no port (an IPv6 address keeps its brackets). */
const HOST = /^[a-z0-9.:[\]-]{1,255}$/;
const REPORT_SUITE = /^[A-Za-z0-9_-]{1,100}$/;

/** A real calendar day `YYYY-MM-DD`, or BAD_REQUEST. */
function day(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const date = new Date(`${value}T00:00:00.000Z`);
  if (!DAY.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new ApiError('BAD_REQUEST', `${name} must be a date YYYY-MM-DD, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** A value of a single-valued parameter: `?host=a&host=b` is refused, not read as one of them. */
function single(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ApiError('BAD_REQUEST', `${name} must be given once`);
  return value === '' ? undefined : value;
}

const list = (values: readonly string[]) => (values.length ? values.join(', ') : 'none yet');

type Cell = string | number | null;
interface Table {
  header: string[];
  rows: Cell[][];
}

/**
 * One cell per RFC 4180, safe to open in a spreadsheet: text starting with = + - @ (or a tab or
 * carriage return, which some spreadsheets skip before reading a formula) gets a leading
 * apostrophe, so it is never run as a formula; numbers stay numbers.
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = ({ header, rows }: Table): string => [header, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');

/** Each report as a table: the CSV downloads (docs/ADMIN-API.md "Reports"). */
const REPORTS: Record<string, (storage: Storage, range: ReportRange, limit: number) => Promise<Table>> = {
  pageViewsByDay: async (s, r) => ({ header: ['day', 'pageViews'], rows: (await s.pageViewsByDay(r)).map((x) => [x.day, x.pageViews]) }),
  pageViewsBySection: async (s, r) => ({ header: ['section', 'pageViews'], rows: (await s.pageViewsBySection(r)).map((x) => [x.section, x.pageViews]) }),
  topPages: async (s, r, limit) => ({ header: ['pageName', 'pageViews'], rows: (await s.topPages(limit, r)).map((x) => [x.pageName, x.pageViews]) }),
  searches: async (s, r) => {
    const x = await s.searches(r);
    return { header: ['searches', 'zeroResults', 'zeroResultRate'], rows: [[x.searches, x.zeroResults, x.zeroResultRate]] };
  },
  toolFunnel: async (s, r) => ({ header: ['tool', 'starts', 'completions'], rows: (await s.toolFunnel(r)).map((x) => [x.tool, x.starts, x.completions]) }),
  feedbackByPage: async (s, r) => ({ header: ['pageName', 'yes', 'no'], rows: (await s.feedbackByPage(r)).map((x) => [x.pageName, x.yes, x.no]) }),
  consentOptOuts: async (s, r) => {
    const x = await s.consentOptOuts(r);
    return { header: ['statisticsOff', 'marketingOff'], rows: [[x.statisticsOff, x.marketingOff]] };
  },
  mediaByContent: async (s, r, limit) => ({
    header: ['content', 'starts', 'completes', 'completionRate', 'timePlayed'],
    rows: (await s.mediaByContent(limit, r)).map((x) => [x.content, x.starts, x.completes, x.completionRate, x.timePlayed]),
  }),
  uniqueVisitors: async (s, r) => {
    const x = await s.uniqueVisitors(r);
    return { header: ['visitors', 'relativeStandardError'], rows: [[x.visitors, x.relativeStandardError]] };
  },
  visitorsByDay: async (s, r) => ({
    header: ['day', 'visitors', 'newVisitors', 'repeatVisitors'],
    rows: (await s.visitorsByDay(r)).map((x) => [x.day, x.visitors, x.newVisitors, x.repeatVisitors]),
  }),
  visitorsBySection: async (s, r) => ({
    header: ['section', 'visitors', 'newVisitors', 'repeatVisitors'],
    rows: (await s.visitorsBySection(r)).map((x) => [x.section, x.visitors, x.newVisitors, x.repeatVisitors]),
  }),
  visitorsByPage: async (s, r, limit) => ({
    header: ['pageName', 'pageViews', 'visitors'],
    rows: (await s.visitorsByPage(limit, r)).map((x) => [x.pageName, x.pageViews, x.visitors]),
  }),
};

export interface ReportOptions {
  /** Days raw hits are kept (RETENTION_DAYS); 0: kept without end. Shown with the reports (issue 18 item 3). */
  retentionDays: number;
}

/** Every report over one range at once, or one as CSV (docs/ADMIN-API.md "Reports"; issue 4 item 7, issue 19 item 1). */
export function reportRoutes(scope: FastifyInstance, storage: Storage, properties: PropertyService, options: ReportOptions): void {
  /** The range, report suite, host and limit of a request, each checked; BAD_REQUEST names what is wrong. */
  async function parse(request: FastifyRequest<{ Querystring: Query }>): Promise<{ range: ReportRange; limit: number }> {
    const q = request.query as Record<string, unknown>;
    const from = day(single(q.from, 'from'), 'from');
    const to = day(single(q.to, 'to'), 'to');
    if (from && to && from > to) throw new ApiError('BAD_REQUEST', `from (${from}) is after to (${to})`);
    const limitText = single(q.limit, 'limit');
    const limit = limitText === undefined ? 10 : wholeNumber(limitText, 'limit', { max: 100 });
    const reportSuite = single(q.reportSuite, 'reportSuite');
    const host = single(q.host, 'host');
    if (reportSuite !== undefined) {
      const known = await properties.reportSuites();
      if (!REPORT_SUITE.test(reportSuite) || !known.has(reportSuite)) {
        throw new ApiError('BAD_REQUEST', `reportSuite ${JSON.stringify(reportSuite)} is not a report suite of any environment; known: ${list([...known].sort())}`);
      }
    }
    if (host !== undefined) {
      const known = await storage.reportHosts();
      if (!HOST.test(host) || !known.includes(host)) {
        throw new ApiError('BAD_REQUEST', `host ${JSON.stringify(host)} has received no hits; known: ${list(known)}`);
      }
    }
    return { range: { from, to, host, reportSuite }, limit };
  }

  scope.get<{ Querystring: Query }>('/reports', async (request) => {
    requirePermission(request, 'read');
    const { range, limit } = await parse(request);
    const [pageViewsByDay, pageViewsBySection, topPages, searches, toolFunnel, feedbackByPage, consentOptOuts, mediaByContent, uniqueVisitors, visitorsByDay, visitorsBySection, visitorsByPage, hosts] = await Promise.all([
      storage.pageViewsByDay(range),
      storage.pageViewsBySection(range),
      storage.topPages(limit, range),
      storage.searches(range),
      storage.toolFunnel(range),
      storage.feedbackByPage(range),
      storage.consentOptOuts(range),
      storage.mediaByContent(limit, range),
      storage.uniqueVisitors(range),
      storage.visitorsByDay(range),
      storage.visitorsBySection(range),
      storage.visitorsByPage(limit, range),
      storage.reportHosts(range.reportSuite),
    ]);
    return {
      range: { from: range.from, to: range.to, host: range.host, reportSuite: range.reportSuite },
      hosts,
      pageViewsByDay,
      pageViewsBySection,
      topPages,
      searches,
      toolFunnel,
      feedbackByPage,
      consentOptOuts,
      mediaByContent,
      uniqueVisitors,
      visitorsByDay,
      visitorsBySection,
      visitorsByPage,
      visitorErrors: VISITOR_ERRORS,
      // Raw hits older than this are deleted; the aggregates these reports read stay (null: kept).
      retention: { rawHitDays: options.retentionDays > 0 ? options.retentionDays : null },
    };
  });

  scope.get<{ Querystring: Query; Params: { file: string } }>('/reports/:file', async (request, reply) => {
    requirePermission(request, 'read');
    const report = /^(\w+)\.csv$/.exec(request.params.file)?.[1];
    const table = report !== undefined && Object.hasOwn(REPORTS, report) ? REPORTS[report]! : undefined;
    if (!table) throw new ApiError('NOT_FOUND', `no report ${JSON.stringify(request.params.file)}; reports: ${Object.keys(REPORTS).map((r) => `${r}.csv`).join(', ')}`);
    const { range, limit } = await parse(request);
    const csv = toCsv(await table(storage, range, limit));
    const parts = ['tagwell', report, range.reportSuite ?? 'all-report-suites', range.host, range.from ?? 'start', range.to ?? 'today'];
    // Checked above; an IPv6 host's brackets and colons become dashes, which every file system takes.
    const filename = parts.filter((part) => part !== undefined).map((part) => part.replace(/[^A-Za-z0-9._-]/g, '-')).join('_') + '.csv';
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(csv);
  });
}
