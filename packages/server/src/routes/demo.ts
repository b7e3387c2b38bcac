import type { FastifyInstance } from 'fastify';
import { VENDOR_HOST, createDemoHandler, isDemoHost, normaliseHostname } from '@tagwell/demo-site';
import { errorBody } from '../app/errors';

/** Paths the server answers on every host (CONTRACT §2); everything else on a demo host is the demo site. */
const SERVER_PATHS = /^\/(containers|b\/ss|api|console)(\/|$)/;

/**
 * CONTRACT §3: the demo health site on every demo host, each page loading the container of
 * its host's environment from this server, and the vendor stand-ins on vendor.localhost.
 */
export function demoRoutes(app: FastifyInstance): void {
  const demo = createDemoHandler({ containerUrl: (environment) => `/containers/health-site/${environment}.js` });
  app.addHook('onRequest', async (request, reply) => {
    const host = normaliseHostname(request.headers.host ?? '');
    if ((!isDemoHost(host) && host !== VENDOR_HOST) || SERVER_PATHS.test(request.url)) return;
    reply.hijack();
    try {
      if (!(await demo(request.raw, reply.raw))) {
        reply.raw.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(JSON.stringify(errorBody('NOT_FOUND')));
      }
    } catch (error) {
      request.log.error({ err: error }, 'demo site failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500);
      reply.raw.end();
    }
  });
}
