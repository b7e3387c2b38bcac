import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../admin/auth';
import { ApiError } from '../../app/errors';
import type { ReportRange, Storage } from '../../storage';
import { wholeNumber } from './body';

type Query = { from?: string; to?: string; host?: string; reportSuite?: string; limit?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day `YYYY-MM-DD`, or BAD_REQUEST. */
function day(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const date = new Date(`${value}T00:00:00.000Z`);
  if (!DAY.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new ApiError('BAD_REQUEST', `${name} must be a date YYYY-MM-DD, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Every report over one range at once (docs/ADMIN-API.md "Reports"; issue 4 item 7). */
export function reportRoutes(scope: FastifyInstance, storage: Storage): void {
  scope.get<{ Querystring: Query }>('/reports', async (request) => {
    requirePermission(request, 'read');
    const q = request.query;
    const from = day(q.from, 'from');
    const to = day(q.to, 'to');
    if (from && to && from > to) throw new ApiError('BAD_REQUEST', `from (${from}) is after to (${to})`);
    const limit = q.limit === undefined ? 10 : wholeNumber(q.limit, 'limit', { max: 100 });
    const range: ReportRange = { from, to, host: q.host || undefined, reportSuite: q.reportSuite || undefined };
    const [pageViewsByDay, pageViewsBySection, topPages, searches, toolFunnel, feedbackByPage, consentOptOuts, uniqueVisitors] = await Promise.all([
      storage.pageViewsByDay(range),
      storage.pageViewsBySection(range),
      storage.topPages(limit, range),
      storage.searches(range),
      storage.toolFunnel(range),
      storage.feedbackByPage(range),
      storage.consentOptOuts(range),
      storage.uniqueVisitors(range),
    ]);
    return {
      range: { from, to, host: range.host, reportSuite: range.reportSuite },
      pageViewsByDay,
      pageViewsBySection,
      topPages,
      searches,
      toolFunnel,
      feedbackByPage,
      consentOptOuts,
      uniqueVisitors,
    };
  });
}
