import type { FastifyInstance } from 'fastify';
import type { ContainerStore } from '../app/containers';
import { errorBody } from '../app/errors';
import type { ReaderCheck } from '../app/readers';

const FILE = /^(development|staging|production)(?:\.([0-9a-f]{12}))?\.js(\.map)?$/;

/**
 * CONTRACT §2: `/containers/<property>/<environment>.js` on any host. The environment URL is
 * cached briefly (a publish shows within a minute); the versioned URL
 * `<environment>.<buildId>.js` never changes, so it is cached for a year, and it keeps answering
 * for the last builds a publish replaced (KEPT_BUILDS). Source maps (`.js.map`) carry the
 * property's custom code as written: readers only (app/readers.ts), never cached by a shared cache.
 */
export function containerRoutes(app: FastifyInstance, store: Promise<ContainerStore>, readers: ReaderCheck): void {
  app.get<{ Params: { property: string; file: string } }>('/containers/:property/:file', async (request, reply) => {
    const match = FILE.exec(request.params.file);
    if (match?.[3] && (await readers.require(request, reply))) return reply;
    const container = match && (await store).get(request.params.property, match[1]!, match[2]);
    if (!match || !container) return reply.code(404).send(errorBody('NOT_FOUND'));
    const etag = `"${container.buildId}${match[3] ? '-map' : ''}"`;
    const age = match[2] ? 'max-age=31536000, immutable' : 'max-age=60';
    reply.header('etag', etag).header('x-content-type-options', 'nosniff');
    if (match[3]) reply.header('cache-control', `private, ${age}`).header('vary', 'cookie, authorization');
    else reply.header('cache-control', `public, ${age}`).header('access-control-allow-origin', '*');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (match[3]) return reply.type('application/json; charset=utf-8').send(container.map);
    return reply.type('text/javascript; charset=utf-8').send(container.js);
  });
}
