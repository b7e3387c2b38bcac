import Fastify, { type FastifyInstance } from 'fastify';
import { createFirstAdmin } from '../admin/first-admin';
import { PropertyService } from '../admin/property-service';
import { adminApi } from '../routes/admin/index';
import { consoleRoutes } from '../routes/console';
import { rulesForProperties, privacyForProperties } from '../collector';
import { openStorage, type NewHit, type Storage, type StoredHit } from '../storage';
import { beaconRoutes } from '../routes/beacons';
import { BODY_LIMIT, collectorRoutes } from '../routes/collector';
import { containerRoutes } from '../routes/containers';
import { demoRoutes } from '../routes/demo';
import { createBatcher } from './batcher';
import type { ServerConfig } from './config';
import { ContainerStore, loadProperties } from './containers';
import { ApiError, ERRORS, errorBody } from './errors';
import { LiveHits } from './live';

export interface RunningServer {
  app: FastifyInstance;
  storage: Storage;
  /** The port it listens on (useful with PORT=0). */
  port: number;
  containers: ContainerStore;
  properties: PropertyService;
  /** Stops taking requests, finishes the writes in flight, closes storage. */
  stop(): Promise<void>;
}

/**
 * Starts the whole product on one port (CONTRACT §2): the demo site by Host header, the
 * containers, the collector, the beacon API and the live stream.
 */
export interface StartOptions {
  /** Storage opened by the caller (and closed by it). */
  storage?: Storage;
  /** false: no request log. */
  logger?: boolean;
  /** Where the log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
}

export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const properties = loadProperties(config.propertiesDir);
  const storage = options.storage ?? (await openStorage({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }));
  const live = new LiveHits();
  const batcher = createBatcher<NewHit, StoredHit>((hits) => storage.insertHits(hits));
  const rules = rulesForProperties(properties.map((p) => p.property));
  const privacy = privacyForProperties(properties.map((p) => p.property));

  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream && { stream: options.logStream }),
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
    if (error instanceof ApiError) return reply.code(ERRORS[error.code].status).send(errorBody(error.code, error.detail, error.issues));
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(errorBody(status === 500 ? 'INTERNAL' : 'BAD_REQUEST', status === 500 ? undefined : error.message));
  });

  let port = config.port;
  const store = new ContainerStore();
  const service = new PropertyService(storage, properties, store, () => port, (msg) => app.log.info(msg));
  // Versions and publications first (no port needed); the builds need the port, so they follow listen.
  // Once per database, even when several servers start together.
  await storage.exclusively(async () => {
    await service.importFiles();
    if (config.firstAdmin) await createFirstAdmin(storage, config.firstAdmin, (msg) => app.log.info(msg));
  });
  let built: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (built = resolve));

  demoRoutes(app);
  containerRoutes(
    app,
    ready.then(() => store),
  );
  await collectorRoutes(app, { storage, live, batcher, rules: () => rules, privacy: () => privacy });
  beaconRoutes(app, storage, live);
  await adminApi(app, { storage, properties: service, ready, port: () => port, loginAttemptsPerMinute: config.loginAttemptsPerMinute });
  await consoleRoutes(app, config.consoleDir);
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
  if (typeof address === 'object' && address) port = address.port;
  // Built once the port is known: the demo's containers send their hits to this server.
  await service.syncPublished();
  built();
  // Another server on the same database may publish; pick its publications up.
  const sync =
    config.publicationSyncSeconds > 0
      ? setInterval(() => service.syncPublished().catch((error) => app.log.warn({ err: error }, 'publication sync failed')), config.publicationSyncSeconds * 1000)
      : undefined;
  sync?.unref();

  return {
    app,
    storage,
    port,
    containers: store,
    properties: service,
    async stop() {
      clearInterval(sync);
      await app.close();
      await batcher.drain();
      if (!options.storage) await storage.close();
    },
  };
}
