import Fastify, { type FastifyInstance } from 'fastify';
import { rulesForProperties, privacyForProperties } from '../collector';
import { openStorage, type NewHit, type Storage, type StoredHit } from '../storage';
import { beaconRoutes } from '../routes/beacons';
import { BODY_LIMIT, collectorRoutes } from '../routes/collector';
import { containerRoutes } from '../routes/containers';
import { demoRoutes } from '../routes/demo';
import { createBatcher } from './batcher';
import type { ServerConfig } from './config';
import { buildAllContainers, loadProperties, type ContainerStore } from './containers';
import { errorBody } from './errors';
import { LiveHits } from './live';

export interface RunningServer {
  app: FastifyInstance;
  storage: Storage;
  /** The port it listens on (useful with PORT=0). */
  port: number;
  containers: ContainerStore;
  /** Stops taking requests, finishes the writes in flight, closes storage. */
  stop(): Promise<void>;
}

/**
 * Starts the whole product on one port (CONTRACT §2): the demo site by Host header, the
 * containers, the collector, the beacon API and the live stream.
 */
export async function startServer(config: ServerConfig, options: { storage?: Storage; logger?: boolean } = {}): Promise<RunningServer> {
  const properties = loadProperties(config.propertiesDir);
  const storage = options.storage ?? (await openStorage({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }));
  const live = new LiveHits();
  const batcher = createBatcher<NewHit, StoredHit>((hits) => storage.insertHits(hits));
  const rules = rulesForProperties(properties.map((p) => p.property));
  const privacy = privacyForProperties(properties.map((p) => p.property));

  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // No addresses, no query strings (they can hold what the privacy guard removes): method, host and path only.
            serializers: {
              req: (req) => ({ method: req.method, host: req.headers?.host, path: String(req.url ?? '').split('?')[0] }),
            },
          },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'strict-origin-when-cross-origin');
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody('NOT_FOUND')));
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(errorBody(status === 500 ? 'INTERNAL' : 'BAD_REQUEST', status === 500 ? undefined : error.message));
  });

  let building: (store: ContainerStore) => void = () => undefined;
  const containers = new Promise<ContainerStore>((resolve) => (building = resolve));
  demoRoutes(app);
  containerRoutes(app, containers);
  await collectorRoutes(app, { storage, live, batcher, rules: () => rules, privacy: () => privacy });
  beaconRoutes(app, storage, live);
  app.get('/api/health', async (_request, reply) => {
    try {
      await storage.ping();
      return { ok: true, storage: storage.engine };
    } catch {
      return reply.code(503).send(errorBody('STORAGE_UNAVAILABLE'));
    }
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Built once the port is known: the demo's containers send their hits to this server.
  const store = await buildAllContainers(properties, port);
  building(store);

  return {
    app,
    storage,
    port,
    containers: store,
    async stop() {
      await app.close();
      await batcher.drain();
      if (!options.storage) await storage.close();
    },
  };
}
