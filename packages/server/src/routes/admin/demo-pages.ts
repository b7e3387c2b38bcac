import type { FastifyInstance } from 'fastify';
import { PAGES, environmentForHost } from '@tagwell/demo-site';
import { requirePermission } from '../../admin/auth';

/** The debugger's page picker: every demo page, on this server's port. */
export function demoPageRoutes(scope: FastifyInstance, port: () => number): void {
  scope.get('/demo-pages', async (request) => {
    requirePermission(request, 'read');
    const pages = PAGES.map((page) => ({
      url: `http://${page.host}:${port()}${page.path}`,
      host: page.host,
      path: page.path,
      title: page.title,
      environment: environmentForHost(page.host),
    }));
    return { pages };
  });
}
