import type { FastifyInstance } from 'fastify';
import { createIdentityService, IDENTITY_PATH, type IdentityServiceOptions } from '../identity';

/** Answers carry a few hundred bytes; a customer-id request has no business being larger. */
const BODY_LIMIT = 8 * 1024;

/**
 * The identity service (docs/IDENTITY.md) on the server's one port: on any host that is not a demo
 * site (CONTRACT §3), e.g. `localhost` or the demo property's `id.health.localhost`.
 */
export function identityRoutes(app: FastifyInstance, options: IdentityServiceOptions): void {
  const service = createIdentityService(options);
  app.route({
    method: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    url: `${IDENTITY_PATH}*`,
    bodyLimit: BODY_LIMIT,
    handler: async (request, reply) => {
      const url = new URL(request.url, 'http://identity.invalid');
      const answer = service({
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        origin: request.headers.origin,
        cookie: request.headers.cookie,
        body: request.body,
        secure: request.protocol === 'https',
      });
      reply.code(answer.status).headers(answer.headers);
      return answer.body === undefined ? reply.send() : reply.send(JSON.stringify(answer.body));
    },
  });
}
