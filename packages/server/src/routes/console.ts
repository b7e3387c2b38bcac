/**
 * The console's build at /console/ (CONTRACT §2): files from the Vite build, and index.html for
 * every other path under it (the console routes in the browser). Security headers for a page
 * that holds a session: a strict CSP, no framing, and an opener policy that still lets the
 * debugger's popup post to it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../app/errors';

export const CONSOLE_HELMET = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Charts set style attributes; no script can come in through styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
  },
  // The debugger opens demo pages that post their traces back to window.opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
};

export async function consoleRoutes(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(helmet, CONSOLE_HELMET);
    const index = path.join(dir, 'index.html');
    if (!existsSync(index)) {
      scope.get('/console*', async (_request, reply) =>
        reply.code(503).type('application/json; charset=utf-8').send(errorBody('CONSOLE_NOT_BUILT', `nothing at ${dir}`)),
      );
      return;
    }
    const html = readFileSync(index, 'utf8');
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: '/console/',
      index: false,
      wildcard: false,
      decorateReply: false,
      cacheControl: false,
      // Vite names assets by their content hash: they never change. Anything else may.
      setHeaders: (res, file) =>
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    const page = async (_request: unknown, reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    scope.get('/console', (_request, reply) => reply.redirect('/console/'));
    scope.get('/console/', page);
    // Hashed assets are files (served above); any other path is a console route.
    scope.get('/console/*', page);
  });
}
