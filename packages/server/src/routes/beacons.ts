import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Beacon } from '../app/beacon';
import type { Limits } from '../app/config';
import { errorBody } from '../app/errors';
import type { LiveHits } from '../app/live';
import type { ReaderCheck } from '../app/readers';
import type { Storage, StoredHit } from '../storage';

/** CONTRACT §2: the beacon API's shape of a stored hit. */
export function toBeacon(hit: StoredHit): Beacon {
  return {
    id: String(hit.id),
    receivedAt: hit.receivedAt,
    reportSuites: hit.reportSuites.split(','),
    hitType: hit.hitType,
    linkType: hit.linkType,
    linkName: hit.linkName,
    variables: hit.variables,
    contextData: hit.contextData,
    query: hit.query,
  };
}

const limitOf = (raw: unknown, fallback: number, max: number): number | undefined => {
  if (raw === undefined || raw === '') return Math.min(fallback, max);
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

const hostOf = (url: unknown): string | undefined => {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
};

/** One SSE `hit` event per beacon, written once however many streams carry it. */
const events = new WeakMap<Beacon, string>();
const eventOf = (beacon: Beacon): string => {
  let event = events.get(beacon);
  if (event === undefined) events.set(beacon, (event = `id: ${beacon.id}\nevent: hit\ndata: ${JSON.stringify(beacon)}\n\n`));
  return event;
};

export interface BeaconDeps {
  storage: Storage;
  live: LiveHits;
  readers: ReaderCheck;
  limits: Limits;
}

/**
 * The beacon API and the live stream (CONTRACT §2), for readers only (app/readers.ts). Both are
 * bounded: the API's answer by `beaconsMaxBytes`, the streams by `maxStreams` and each stream's
 * unsent data by `streamBufferBytes` (a reader that does not keep up is dropped, and its
 * EventSource connects again).
 */
export function beaconRoutes(app: FastifyInstance, deps: BeaconDeps): void {
  const { storage, live, readers, limits } = deps;
  const streams = new Set<ServerResponse>();
  // Open streams never end by themselves: close them first, so shutdown waits only for real work.
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
  });

  // CONTRACT §2: the latest beacons stored, newest first; the oldest of them are left out when the
  // answer would pass beaconsMaxBytes (`x-beacons-omitted` says how many).
  app.get<{ Querystring: { limit?: string; host?: string; reportSuite?: string } }>('/api/beacons', { onRequest: readers.require }, async (request, reply) => {
    const limit = limitOf(request.query.limit, 50, limits.beaconsMaxLimit);
    if (limit === undefined) return reply.code(400).send(errorBody('BAD_REQUEST', `limit must be a whole number from 1 to ${limits.beaconsMaxLimit}`));
    const hits = await storage.latestHits({ limit, host: request.query.host || undefined, reportSuite: request.query.reportSuite || undefined });
    const parts: string[] = [];
    let bytes = '{"beacons":[]}'.length;
    for (const hit of hits) {
      const json = JSON.stringify(toBeacon(hit));
      const size = Buffer.byteLength(json) + (parts.length ? 1 : 0);
      if (bytes + size > limits.beaconsMaxBytes) break;
      parts.push(json);
      bytes += size;
    }
    if (parts.length < hits.length) reply.header('x-beacons-omitted', String(hits.length - parts.length));
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(`{"beacons":[${parts.join(',')}]}`);
  });

  // The live stream for the debugger: server-sent events, one `hit` event per committed hit.
  // `host` is the host that received the hit (the tracking server); `pageHost` the host of the
  // page that sent it (its pageURL), which is what the debugger follows.
  app.get<{ Querystring: { host?: string; reportSuite?: string; pageHost?: string } }>('/api/stream', { onRequest: readers.require }, (request, reply) => {
    if (streams.size >= limits.maxStreams) {
      return reply.code(503).header('retry-after', '10').header('cache-control', 'no-store').send(errorBody('TOO_MANY_STREAMS'));
    }
    const { host, reportSuite } = request.query;
    const pageHost = request.query.pageHost?.toLowerCase();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    streams.add(res);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(keepAlive);
      unsubscribe();
      streams.delete(res);
    };
    // Nothing queues without bound: what the socket has not taken yet stays under streamBufferBytes,
    // else the reader is dropped (a reader that does not read would otherwise hold every hit).
    const send = (chunk: string) => {
      if (closed) return;
      if (res.writableLength + Buffer.byteLength(chunk) > limits.streamBufferBytes) {
        request.log.info('live stream dropped: its reader does not keep up');
        close();
        res.destroy();
        return;
      }
      res.write(chunk);
    };
    const unsubscribe = live.subscribe((beacon, hitHost) => {
      if (host && hitHost !== host) return;
      if (reportSuite && !beacon.reportSuites.includes(reportSuite)) return;
      if (pageHost && hostOf(beacon.variables.pageURL) !== pageHost) return;
      send(eventOf(beacon));
    });
    // A comment now and then keeps proxies from closing an idle stream.
    const keepAlive = setInterval(() => send(': keep-alive\n\n'), 15_000);
    // The response closes when the reader goes away, the stream is dropped or the server stops.
    res.on('close', close);
    send(': connected\n\n');
  });
}
