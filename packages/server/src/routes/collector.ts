import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import type { Batcher } from '../app/batcher';
import type { Limits } from '../app/config';
import { errorBody } from '../app/errors';
import type { LiveHits } from '../app/live';
import { SCHEMA_MISMATCH, collectHit, keptQuery, scrubHeader, truncateIp, type ParsedHit, type PrivacyOptions, type ValidationRules } from '../collector';
import type { NewHit, NewRejected, StoredHit } from '../storage';
import { toBeacon } from './beacons';

/** What browsers and AppMeasurement expect back from an image request: a 1x1 transparent GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** The server's body limit outside the collector (the admin API's documents); the collector has its own, Limits.maxHitBytes. */
export const BODY_LIMIT = 1024 * 1024;
/** Longest Host stored (a DNS name is at most 253 characters) and longest User-Agent. */
const MAX_HOST = 255;
const MAX_USER_AGENT = 512;
const COLLECTOR_PATH = '/b/ss/';

export interface CollectorDeps {
  live: LiveHits;
  batcher: Batcher<NewHit, StoredHit>;
  rejections: Rejections;
  rules: () => ValidationRules;
  privacy: () => PrivacyOptions;
  limits: Limits;
  /** The server's log level (LOG_LEVEL): hits are logged one by one only at debug and trace (hitLogLevel). */
  logLevel: string;
}

/**
 * Hits are not logged one by one at the default level: at thousands a second the request lines would
 * be most of the log and a tenth of the collector's time (docs/OPERATING.md, "Logs"). Their failures
 * (warnings and errors) still are; at `debug` and `trace` every hit is, as every other request.
 */
export const hitLogLevel = (level: string): LogLevel => (level === 'info' ? 'warn' : (level as LogLevel));

const text = (value: string | string[] | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);
const withoutPort = (host: string): string => host.replace(/:\d+$/, '');
const queryOf = (url: string): string => {
  const mark = url.indexOf('?');
  return mark < 0 ? '' : url.slice(mark + 1);
};
/**
 * Fastify's `rewriteUrl` (app/server.ts): a collector URL reaches the router without its query. The collector
 * reads the query from `request.originalUrl` and parses it once, within its own limits; the router's parse of it
 * into `request.query`, which nothing read, was 2.9 of the 121 µs a hit the profiler saw (bench/profile-collector.ts) and ran over any query
 * Node's parser let through, before the collector's limits.
 */
export const routedUrl = (request: { url?: string }): string => {
  const url = request.url ?? '';
  const mark = url.startsWith(COLLECTOR_PATH) ? url.indexOf('?') : -1;
  return mark < 0 ? url : url.slice(0, mark);
};
/** Bodies are bytes; a hit is UTF-8 text, and one that is not is refused, never stored with replacement characters. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function toNewHit(hit: ParsedHit, request: FastifyRequest): NewHit {
  return {
    // Headers are what any client says: scrubbed like everything else stored (issue 11 item 9).
    host: scrubHeader(withoutPort(hit.host), MAX_HOST),
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
    userAgent: request.headers['user-agent'] === undefined ? null : scrubHeader(request.headers['user-agent'], MAX_USER_AGENT),
  };
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

/**
 * Every refused hit, whoever refuses it (the collector, Fastify's body and URL checks, Node's HTTP
 * parser), gets the same treatment: a 4xx and a record in `rejected_hits` with the reason and the
 * first `rejectedQueryBytes` of its query or body, scrubbed. Records are written in groups, as hits
 * are; the answer waits for its record.
 */
export class Rejections {
  /** Connections already being answered for a parser error. */
  private readonly answering = new WeakSet<Socket>();

  constructor(
    private readonly batcher: Batcher<NewRejected, void>,
    private readonly privacy: () => PrivacyOptions,
    private readonly limits: Limits,
    private readonly warn: (error: unknown, message: string) => void,
  ) {}

  /** Keeps a rejected hit: `raw` is its query or body as received, of which only the first bytes are read. */
  record(host: string | undefined, detail: string, raw: string): Promise<void> {
    return this.batcher.add({
      host: scrubHeader(withoutPort(host ?? ''), MAX_HOST),
      reason: SCHEMA_MISMATCH,
      detail,
      query: keptQuery(raw, this.limits.rejectedQueryBytes, this.privacy()),
    });
  }

  /** Records the hit and answers `status` with the catalogue's HIT_REJECTED; 503 when the record could not be stored. */
  async refuse(request: FastifyRequest, reply: FastifyReply, status: number, detail: string, raw: string): Promise<FastifyReply> {
    try {
      await this.record(request.headers.host, detail, raw);
    } catch (error) {
      request.log.error({ err: error }, 'rejected hit not stored');
      return reply.code(503).header('retry-after', '5').send(errorBody('STORAGE_UNAVAILABLE'));
    }
    return reply.code(status).send(errorBody('HIT_REJECTED', detail));
  }

  /**
   * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route sees it (a
   * request line or headers over the header limit, a URL with raw non-ASCII bytes). A collector
   * request among them is recorded, from the part of it that was read.
   */
  readonly clientError = (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed || this.answering.has(socket)) return;
    // The answer waits for the record; the parser may fail again on what arrives meanwhile.
    this.answering.add(socket);
    const packet = error.rawPacket;
    const head = Buffer.isBuffer(packet) ? packet.subarray(0, this.limits.maxUrlBytes + 64 * 1024).toString('latin1') : '';
    const line = /^[A-Z]{1,16} (\S*)/.exec(head);
    const target = line?.[1] ?? '';
    // Over the header limit: the URL's fault when the request line alone is over the URL limit (or never ended).
    const urlTooLong = !head.includes('\r\n') || target.length > this.limits.maxUrlBytes;
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? (urlTooLong ? 414 : 431) : 400;
    const collector = status !== 408 && target.startsWith(COLLECTOR_PATH);
    const detail =
      status === 414
        ? `URL over ${this.limits.maxUrlBytes} bytes`
        : status === 431
          ? 'request headers too large'
          : status === 408
            ? 'the request took too long to arrive'
            : error.code === 'HPE_INVALID_URL'
              ? 'not a valid HTTP request: a URL must be ASCII, anything else percent-encoded'
              : 'not a valid HTTP request';
    const answer = () => {
      if (!socket.writable) return void socket.destroy();
      const body = JSON.stringify(collector ? errorBody('HIT_REJECTED', detail) : status === 414 ? errorBody('URL_TOO_LONG') : errorBody('BAD_REQUEST', detail));
      const reason = STATUS_TEXT[status]!;
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`, () =>
        socket.destroy(),
      );
    };
    if (!collector) return answer();
    const host = /\r\nhost:[ \t]*([^\r\n]*)/i.exec(head)?.[1];
    // The first bytes as sent (the parser reads a URL as Latin-1, a byte a character): one that is
    // not UTF-8 is kept with replacement characters, and scrubbed.
    const query = Buffer.from(queryOf(target).slice(0, this.limits.rejectedQueryBytes), 'latin1').toString('utf8');
    this.record(host, detail, query)
      .catch((failure: unknown) => this.warn(failure, 'rejected hit not stored'))
      .finally(answer);
  };

  /**
   * Fastify's `frameworkErrors`: a path its router cannot decode, or a path parameter over its
   * length limit. Recorded when it is a collector path; answered from the catalogue either way.
   */
  readonly frameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const url = request.originalUrl;
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    if (url.startsWith(COLLECTOR_PATH)) {
      void this.refuse(request, reply, tooLong ? 414 : 400, tooLong ? 'bad path: too long' : 'bad path: malformed percent-encoding', queryOf(url));
      return;
    }
    if (tooLong) void reply.code(414).send(errorBody('URL_TOO_LONG'));
    else void reply.code(error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400).send(errorBody('BAD_REQUEST', 'the URL is not valid'));
  };
}

/**
 * CONTRACT §2: `GET` and `POST /b/ss/<report suites>/1/<code version>/s<random>` on any host.
 * A hit is answered only once it is committed (group commit); a hit that does not match the
 * SDR, or is over a limit (docs/OPERATING.md, "Limits"), gets a 4xx and is kept with its reason;
 * with the database unreachable the answer is 503. HEAD is refused (405) and recorded: it would
 * otherwise run the GET and store a hit.
 */
export async function collectorRoutes(app: FastifyInstance, deps: CollectorDeps): Promise<void> {
  const { limits, rejections } = deps;
  const parseLimits = { maxKeys: limits.maxKeys, maxKeyLength: limits.maxKeyLength, maxDepth: limits.maxDepth };
  await app.register(async (scope) => {
    // The collector reads every body as bytes itself, so no content type is refused before it can be
    // recorded; a body over the limit is refused (413) before it is read, from its Content-Length, or
    // as soon as it is longer.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limits.maxHitBytes }, (_request, body, done) => done(null, body));

    const cors = (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('access-control-allow-origin', request.headers.origin ?? '*')
        .header('access-control-allow-credentials', 'true')
        .header('vary', 'origin')
        .header('cache-control', 'no-store, max-age=0');

    // A callback, not a promise, on every hit (app/server.ts); the refusal answers later, once recorded.
    scope.addHook('onRequest', (request, reply, done) => {
      const url = request.originalUrl;
      if (url.length <= limits.maxUrlBytes) return done();
      cors(request, reply).header('connection', 'close');
      void rejections.refuse(request, reply, 414, `URL over ${limits.maxUrlBytes} bytes`, queryOf(url));
    });

    // Body over the limit, a body shorter than its Content-Length, a request aborted mid-body: 4xx
    // from Fastify, recorded as any refused hit. Anything else is the server's own failure.
    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status < 400 || status >= 500) throw error;
      const detail =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `body over ${limits.maxHitBytes} bytes`
          : error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
            ? 'body length does not match its Content-Length'
            : 'unreadable request';
      // The rest of an oversized body is never read: the connection closes after the answer.
      cors(request, reply).header('connection', 'close');
      return rejections.refuse(request, reply, status === 413 ? 413 : 400, detail, queryOf(request.originalUrl));
    });

    scope.options('/b/ss/*', async (request, reply) =>
      cors(request, reply).header('access-control-allow-methods', 'GET, POST').header('access-control-allow-headers', 'content-type').code(204).send(),
    );

    scope.head('/b/ss/*', async (request, reply) => {
      cors(request, reply).header('allow', 'GET, POST, OPTIONS');
      return rejections.refuse(request, reply, 405, 'method HEAD: expected GET or POST', queryOf(request.originalUrl));
    });

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      cors(request, reply);
      const url = request.originalUrl;
      const mark = url.indexOf('?');
      const urlQuery = mark < 0 ? '' : url.slice(mark + 1);
      let body: string | undefined;
      if (Buffer.isBuffer(request.body) && request.body.length) {
        try {
          body = utf8.decode(request.body);
        } catch {
          return rejections.refuse(request, reply, 400, 'body is not valid UTF-8', request.body.subarray(0, limits.rejectedQueryBytes).toString('utf8'));
        }
      }
      const result = collectHit(
        {
          method: request.method === 'POST' ? 'POST' : 'GET',
          path: mark < 0 ? url : url.slice(0, mark),
          query: urlQuery,
          body,
          contentType: request.headers['content-type'],
          host: request.headers.host ?? '',
        },
        deps.rules(),
        deps.privacy(),
        parseLimits,
      );
      if (!result.ok) return rejections.refuse(request, reply, result.status, result.detail, body || urlQuery);
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
    scope.get('/b/ss/*', { exposeHeadRoute: false }, handle);
    scope.post('/b/ss/*', handle);
  }, { logLevel: hitLogLevel(deps.logLevel) });
}
