import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Batcher } from '../app/batcher';
import { errorBody } from '../app/errors';
import type { LiveHits } from '../app/live';
import { collectHit, scrubQuery, truncateIp, type ParsedHit, type PrivacyOptions, type ValidationRules } from '../collector';
import type { NewHit, Storage, StoredHit } from '../storage';
import { toBeacon } from './beacons';

/** What browsers and AppMeasurement expect back from an image request: a 1x1 transparent GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** Larger bodies are cut off by Fastify before the collector reads them (the parser answers 413). */
export const BODY_LIMIT = 1024 * 1024;

export interface CollectorDeps {
  storage: Storage;
  live: LiveHits;
  batcher: Batcher<NewHit, StoredHit>;
  rules: () => ValidationRules;
  privacy: () => PrivacyOptions;
}

const text = (value: string | string[] | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function toNewHit(hit: ParsedHit, request: FastifyRequest): NewHit {
  return {
    host: hit.host.replace(/:\d+$/, ''),
    reportSuites: hit.reportSuites.join(','),
    hitType: hit.hitType,
    linkType: hit.linkType,
    linkName: hit.linkName,
    pageName: text(hit.variables.pageName),
    pageUrl: text(hit.variables.pageURL),
    siteSection: text(hit.variables.prop5),
    events: hit.eventsRaw,
    variables: hit.variables,
    contextData: hit.contextData,
    query: hit.query,
    // Issue 4 §6: addresses are truncated before they are stored or logged.
    clientIp: truncateIp(request.ip) || null,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

/**
 * CONTRACT §2: `GET` and `POST /b/ss/<report suites>/1/<code version>/s<random>` on any host.
 * A hit is answered only once it is committed (group commit); a hit that does not match the
 * SDR gets a 4xx and is kept with its reason; with the database unreachable the answer is 503.
 */
export async function collectorRoutes(app: FastifyInstance, deps: CollectorDeps): Promise<void> {
  await app.register(async (scope) => {
    // The collector reads every body as text itself, so no content type is refused before it can be recorded.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

    const cors = (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('access-control-allow-origin', request.headers.origin ?? '*')
        .header('access-control-allow-credentials', 'true')
        .header('vary', 'origin')
        .header('cache-control', 'no-store, max-age=0');

    scope.options('/b/ss/*', async (request, reply) =>
      cors(request, reply).header('access-control-allow-methods', 'GET, POST').header('access-control-allow-headers', 'content-type').code(204).send(),
    );

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      cors(request, reply);
      const url = request.raw.url ?? '';
      const mark = url.indexOf('?');
      const result = collectHit(
        {
          method: request.method === 'POST' ? 'POST' : 'GET',
          path: mark < 0 ? url : url.slice(0, mark),
          query: mark < 0 ? '' : url.slice(mark + 1),
          body: typeof request.body === 'string' ? request.body : undefined,
          contentType: request.headers['content-type'],
          host: request.headers.host ?? '',
        },
        deps.rules(),
        deps.privacy(),
      );
      if (!result.ok) {
        const raw = typeof request.body === 'string' && request.body ? request.body : mark < 0 ? '' : url.slice(mark + 1);
        try {
          await deps.storage.insertRejected([{ host: (request.headers.host ?? '').replace(/:\d+$/, ''), reason: result.reason, detail: result.detail, query: scrubQuery(raw, deps.privacy()) }]);
        } catch (error) {
          request.log.error({ err: error }, 'rejected hit not stored');
          return reply.code(503).send(errorBody('STORAGE_UNAVAILABLE'));
        }
        return reply.code(result.status).send(errorBody('HIT_REJECTED', result.detail));
      }
      let stored: StoredHit;
      try {
        stored = await deps.batcher.add(toNewHit(result.hit, request));
      } catch (error) {
        request.log.error({ err: error }, 'hit not stored');
        return reply.code(503).header('retry-after', '5').send(errorBody('STORAGE_UNAVAILABLE'));
      }
      deps.live.publish(toBeacon(stored), stored.host);
      if (request.method === 'POST') return reply.code(204).send();
      return reply.code(200).type('image/gif').send(GIF);
    };
    scope.get('/b/ss/*', handle);
    scope.post('/b/ss/*', handle);
  });
}
