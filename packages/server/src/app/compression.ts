/**
 * Compression (docs/OPERATING.md "Compression and caching"). Containers and the console's files are
 * compressed once, when they are built or loaded (brotli quality 11 and gzip level 9), and each
 * request only picks the representation its Accept-Encoding allows; JSON answers over a threshold
 * are compressed as they leave (brotli quality 5 or gzip level 6, off the event loop). Every
 * representation has its own ETag, and every answer that could have been compressed says
 * `Vary: Accept-Encoding`. The collector's GIF and 204 answers are never compressed.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Coding = 'br' | 'gzip' | 'identity';

/** Our order of preference when the client likes several equally: the smallest first. */
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity'];

/** JSON answers shorter than this go as they are: compressing them saves less than it costs. */
export const JSON_THRESHOLD = 1024;

/**
 * The coding to send, from the request's Accept-Encoding (RFC 9110 §12.5.3) and the codings on
 * offer: the highest q-value wins, ties go by PREFERENCE. No header: identity. `identity` is
 * acceptable unless refused (`identity;q=0`, or `*;q=0` without an identity entry); when nothing
 * on offer is acceptable, identity all the same.
 */
export function negotiate(header: string | string[] | undefined, offered: readonly Coding[] = PREFERENCE): Coding {
  if (header === undefined) return 'identity';
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    if (!Number.isFinite(q) || q < 0 || q > 1) continue;
    const coding = name === 'x-gzip' ? 'gzip' : name;
    // A coding named twice keeps its highest weight.
    weights.set(coding, Math.max(q, weights.get(coding) ?? -1));
  }
  const weight = (coding: Coding): number => {
    const own = weights.get(coding);
    if (own !== undefined) return own;
    const any = weights.get('*');
    if (any !== undefined) return any;
    return coding === 'identity' ? 0.001 : 0;
  };
  let best: Coding = 'identity';
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    if (!offered.includes(coding)) continue;
    const w = weight(coding);
    if (w > bestWeight) [best, bestWeight] = [coding, w];
  }
  return best;
}

/** One body and its compressed forms (a form is left out when it would not be smaller). */
export interface Encoded {
  /** Names this content: the ETags are `"<tag>"`, `"<tag>-br"` and `"<tag>-gzip"`. */
  tag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** A short digest of the content, for an ETag. */
export const contentTag = (body: Buffer | string): string => createHash('sha256').update(body).digest('base64url').slice(0, 16);

const brotliOptions = (size: number, quality: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});

/**
 * Compresses `body` once, in both codings, off the event loop (zlib's thread pool). Static files
 * and containers get the strongest settings (brotli 11, gzip 9): they are compressed once and sent
 * many times. Never rejects: a coding that fails is left out.
 */
export async function precompress(body: Buffer | string, tag = contentTag(body), level: 'max' | 'fast' = 'max'): Promise<Encoded> {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const [br, gz] = await Promise.all([
    brotliAsync(identity, brotliOptions(identity.length, level === 'max' ? constants.BROTLI_MAX_QUALITY : 5)).catch(() => undefined),
    gzipAsync(identity, { level: level === 'max' ? 9 : 6 }).catch(() => undefined),
  ]);
  return { tag, identity, ...(br && br.length < identity.length && { br }), ...(gz && gz.length < identity.length && { gzip: gz }) };
}

/** Encoded from forms made elsewhere (a build step's `.br` and `.gz` files), kept only when smaller. */
export function fromForms(identity: Buffer, forms: { br?: Buffer; gzip?: Buffer }, tag = contentTag(identity)): Encoded {
  const { br, gzip: gz } = forms;
  return { tag, identity, ...(br && br.length < identity.length && { br }), ...(gz && gz.length < identity.length && { gzip: gz }) };
}

/** Adds `accept-encoding` to the reply's Vary header, keeping what is there. */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((v) => v.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...list, 'Accept-Encoding'].join(', '));
}

export const etagOf = (encoded: Encoded, coding: Coding): string => `"${encoded.tag}${coding === 'identity' ? '' : `-${coding}`}"`;

/** True when If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Sends the representation of `encoded` the client accepts, with its ETag and `Vary:
 * Accept-Encoding`, or 304 when the client holds it already. The caller sets the content type
 * and the cache policy first.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, encoded: Encoded): FastifyReply {
  const offered: Coding[] = ['identity'];
  if (encoded.br) offered.push('br');
  if (encoded.gzip) offered.push('gzip');
  const coding = negotiate(request.headers['accept-encoding'], offered);
  const etag = etagOf(encoded, coding);
  varyOnEncoding(reply);
  reply.header('etag', etag);
  if (notModified(request, etag)) return reply.code(304).send();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.send(coding === 'identity' ? encoded.identity : encoded[coding]);
}

const isJson = (type: unknown) => /^application\/([\w.+-]+\+)?json\b/i.test(String(type ?? ''));

/**
 * Compresses JSON answers of `threshold` bytes and more as they leave, in the coding the client
 * accepts (brotli quality 5 or gzip level 6, off the event loop), on every route of `app` but the
 * collector's. Streams (the live stream), answers already encoded, 204 and 304 go as they are.
 */
export function compressJson(app: FastifyInstance, threshold = JSON_THRESHOLD): void {
  // A callback, not a promise, for the answers that go as they are: every collector hit is one of them.
  // (No closure made per answer either: under tsx, which keeps function names, each would be named as it is made.)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (request.url.startsWith('/b/ss/') || reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!isJson(reply.getHeader('content-type'))) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    if (body.length < threshold) return done(null, payload);
    varyOnEncoding(reply);
    const coding = negotiate(request.headers['accept-encoding']);
    if (coding === 'identity') return done(null, payload);
    (coding === 'br' ? brotliAsync(body, brotliOptions(body.length, 5)) : gzipAsync(body, { level: 6 })).then(
      (encoded) => {
        reply.header('content-encoding', coding).removeHeader('content-length');
        done(null, encoded);
      },
      (error: unknown) => {
        request.log.warn({ err: error }, 'compression failed; sent as it is');
        done(null, payload);
      },
    );
  });
}
