import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDemoHost, normaliseHostname } from '@tagwell/demo-site';
import { createIdentityService, IDENTITY_PATH, type IdentityRequest, type IdentityServiceOptions } from './service';

/** Bodies the service reads are a few hundred bytes; anything longer is not read. */
const MAX_BODY = 8 * 1024;

/**
 * The identity service as a plain Node request handler, for servers other than the Fastify one (the
 * browser tests' and the bench's): the same answers, on any host that is not a demo site (CONTRACT §3).
 * Resolves false for a request it does not answer. `seen` hears each request it answers.
 */
export function identityRequestHandler(options: IdentityServiceOptions, seen?: (request: IdentityRequest) => void) {
  const service = createIdentityService(options);
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://identity.invalid');
    if (isDemoHost(normaliseHostname(req.headers.host ?? '')) || !url.pathname.startsWith(IDENTITY_PATH)) return false;
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    const request: IdentityRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, origin: req.headers.origin, cookie: req.headers.cookie, body, secure: false };
    seen?.(request);
    const answer = body === null ? { status: 413, headers: { 'cache-control': 'no-store' } } : service(request);
    res.writeHead(answer.status, answer.headers);
    res.end('body' in answer && answer.body !== undefined ? JSON.stringify(answer.body) : undefined);
    return true;
  };
}

/** The body as text, or null when it is longer than MAX_BODY. */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
