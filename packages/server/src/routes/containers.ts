import type { FastifyInstance } from 'fastify';
import type { ContainerStore } from '../app/containers';
import { errorBody } from '../app/errors';

const FILE = /^(development|staging|production)(?:\.([0-9a-f]{12}))?\.js(\.map)?$/;

/**
 * CONTRACT §2: `/containers/<property>/<environment>.js` on any host. The environment URL is
 * cached briefly (a publish shows within a minute); the versioned URL
 * `<environment>.<buildId>.js` never changes, so it is cached for a year, and it keeps answering
 * for the last builds a publish replaced (KEPT_BUILDS).
 */
export function containerRoutes(app: FastifyInstance, store: Promise<ContainerStore>): void {
  app.get<{ Params: { property: string; file: string } }>('/containers/:property/:file', async (request, reply) => {
    const match = FILE.exec(request.params.file);
    const container = match && (await store).get(request.params.property, match[1]!, match[2]);
    if (!match || !container) return reply.code(404).send(errorBody('NOT_FOUND'));
    const etag = `"${container.buildId}${match[3] ? '-map' : ''}"`;
    reply
      .header('etag', etag)
      .header('cache-control', match[2] ? 'public, max-age=31536000, immutable' : 'public, max-age=60')
      .header('access-control-allow-origin', '*')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (match[3]) return reply.type('application/json; charset=utf-8').send(container.map);
    return reply.type('text/javascript; charset=utf-8').send(container.js);
  });
}
