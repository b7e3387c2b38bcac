import type { FastifyInstance } from 'fastify';
import type { ContainerStore } from '../app/containers';
import { sendEncoded } from '../app/compression';
import { errorBody } from '../app/errors';
import type { ReaderCheck } from '../app/readers';
import type { Previews } from '../preview';

const FILE = /^(development|staging|production)(?:\.([0-9a-f]{12}))?\.js(\.map)?$/;

/**
 * CONTRACT §2: `/containers/<property>/<environment>.js` on any host. The environment URL is
 * cached briefly (a publish shows within a minute); the versioned URL
 * `<environment>.<buildId>.js` never changes, so it is cached for a year, and it keeps answering
 * for the last builds a publish replaced (KEPT_BUILDS). Both go brotli or gzip compressed when the
 * client accepts it (compressed once per build), and revalidate with an ETag per representation:
 * `"<buildId>"`, `"<buildId>-br"`, `"<buildId>-gzip"` (app/compression.ts). Source maps (`.js.map`)
 * carry the property's custom code as written: readers only (app/readers.ts), never cached by a
 * shared cache.
 *
 * A browser with a valid preview cookie (preview/, docs/OPERATING.md "Previewing a draft on the live
 * host") gets the previewed build at the environment URL, `private, no-store`: no cache keeps it
 * for anyone, the browser included. The environment URL varies on Cookie, so a production copy the
 * browser holds is not used once a preview starts (nor after it ends).
 */
export function containerRoutes(app: FastifyInstance, store: Promise<ContainerStore>, readers: ReaderCheck, previews?: Previews): void {
  app.get<{ Params: { property: string; file: string } }>('/containers/:property/:file', async (request, reply) => {
    const match = FILE.exec(request.params.file);
    if (match?.[3] && (await readers.require(request, reply))) return reply;
    const container = match && (await store).get(request.params.property, match[1]!, match[2]);
    if (!match || !container) return reply.code(404).send(errorBody('NOT_FOUND'));
    const age = match[2] ? 'max-age=31536000, immutable' : 'max-age=60';
    reply.header('x-content-type-options', 'nosniff');
    if (!match[2] && !match[3] && previews) {
      reply.header('vary', 'Cookie');
      const preview = await previews.containerFor(request, request.params.property, match[1]!);
      if (preview) {
        reply.header('cache-control', 'private, no-store').header('access-control-allow-origin', '*').type('text/javascript; charset=utf-8');
        return sendEncoded(request, reply, await (await store).encoded(preview));
      }
    }
    if (match[3]) reply.header('cache-control', `private, ${age}`).header('vary', 'cookie, authorization');
    else reply.header('cache-control', `public, ${age}`).header('access-control-allow-origin', '*');
    reply.type(match[3] ? 'application/json; charset=utf-8' : 'text/javascript; charset=utf-8');
    return sendEncoded(request, reply, await (await store).encoded(container, Boolean(match[3])));
  });
}
