import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Beacon } from '../app/beacon';
import { errorBody } from '../app/errors';
import type { LiveHits } from '../app/live';
import type { Storage, StoredHit } from '../storage';

const MAX_LIMIT = 1000;

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

const limitOf = (raw: unknown, fallback: number): number | undefined => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= MAX_LIMIT ? n : undefined;
};

const hostOf = (url: unknown): string | undefined => {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
};

export function beaconRoutes(app: FastifyInstance, storage: Storage, live: LiveHits): void {
  const streams = new Set<ServerResponse>();
  // Open streams never end by themselves: close them first, so shutdown waits only for real work.
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
  });

  // CONTRACT §2: the latest beacons stored, newest first.
  app.get<{ Querystring: { limit?: string; host?: string; reportSuite?: string } }>('/api/beacons', async (request, reply) => {
    const limit = limitOf(request.query.limit, 50);
    if (limit === undefined) return reply.code(400).send(errorBody('BAD_REQUEST', `limit must be a whole number from 1 to ${MAX_LIMIT}`));
    const hits = await storage.latestHits({ limit, host: request.query.host || undefined, reportSuite: request.query.reportSuite || undefined });
    return { beacons: hits.map(toBeacon) };
  });

  // The live stream for the debugger: server-sent events, one `hit` event per committed hit.
  // `host` is the host that received the hit (the tracking server); `pageHost` the host of the
  // page that sent it (its pageURL), which is what the debugger follows.
  app.get<{ Querystring: { host?: string; reportSuite?: string; pageHost?: string } }>('/api/stream', (request, reply) => {
    const { host, reportSuite } = request.query;
    const pageHost = request.query.pageHost?.toLowerCase();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');
    streams.add(res);
    const unsubscribe = live.subscribe((beacon, hitHost) => {
      if (host && hitHost !== host) return;
      if (reportSuite && !beacon.reportSuites.includes(reportSuite)) return;
      if (pageHost && hostOf(beacon.variables.pageURL) !== pageHost) return;
      res.write(`id: ${beacon.id}\nevent: hit\ndata: ${JSON.stringify(beacon)}\n\n`);
    });
    // A comment now and then keeps proxies from closing an idle stream.
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      streams.delete(res);
    });
  });
}
