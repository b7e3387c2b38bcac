import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../admin/auth';
import type { Storage } from '../../storage';
import { wholeNumber } from './body';

export function auditRoutes(scope: FastifyInstance, storage: Storage): void {
  scope.get<{ Querystring: { limit?: string } }>('/audit', async (request) => {
    requirePermission(request, 'read');
    const limit = request.query.limit === undefined ? 100 : wholeNumber(request.query.limit, 'limit', { max: 1000 });
    return { entries: await storage.listAudit(limit) };
  });
}
