import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../app/errors';
import { PREVIEW_COOKIE, type Previews } from '../preview';

type Params = { property: string };
type Query = { token?: string; next?: string };

/** Where to go after: a path on this host only (never `//other.host`), else the site's root. */
const nextPath = (next: string | undefined): string => (next && /^\/(?![/\\])/.test(next) ? next : '/');

/**
 * The cookie's attributes. Scoped to the property's containers (nothing else on the host sees it),
 * HttpOnly (no page script reads it). Over HTTPS `SameSite=None; Secure`, so a container served
 * from another site than the page still gets it; over plain HTTP (the demo's `*.localhost`, where
 * page and container share the host) `SameSite=Lax`, as browsers refuse None without Secure.
 */
function cookie(request: FastifyRequest, property: string, value: string, maxAge: number): string {
  const secure = request.protocol === 'https';
  return [`${PREVIEW_COOKIE}=${value}`, `Path=/containers/${encodeURIComponent(property)}/`, `Max-Age=${maxAge}`, 'HttpOnly', secure ? 'Secure; SameSite=None' : 'SameSite=Lax'].join('; ');
}

const leave = (reply: FastifyReply, next: string | undefined) => reply.code(303).header('cache-control', 'no-store').header('location', nextPath(next)).send();

/**
 * The two addresses the console opens on the container's host, so the cookie belongs to that host:
 * `/containers/<property>/preview?token=…&next=/path` starts the preview the token names and goes to
 * the page; `/containers/<property>/preview/end?next=/path` ends it. Neither needs a session: the
 * token is the permission, signed by this server for a console user who may edit.
 */
export function containerPreviewRoutes(app: FastifyInstance, previews: Previews): void {
  app.get<{ Params: Params; Querystring: Query }>('/containers/:property/preview', async (request, reply) => {
    const { property } = request.params;
    const claims = previews.tokens.verify(request.query.token);
    if (!claims || claims.property !== property) return reply.code(400).header('cache-control', 'no-store').send(errorBody('PREVIEW_INVALID'));
    reply.header('set-cookie', cookie(request, property, request.query.token!, Math.max(1, claims.expires - Math.floor(Date.now() / 1000))));
    return leave(reply, request.query.next);
  });

  app.get<{ Params: Params; Querystring: Query }>('/containers/:property/preview/end', async (request, reply) => {
    reply.header('set-cookie', cookie(request, request.params.property, '', 0));
    return leave(reply, request.query.next);
  });
}
