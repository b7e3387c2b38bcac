import Fastify, { type FastifyInstance } from 'fastify';
import { createFirstAdmin } from '../admin/first-admin';
import { PropertyService } from '../admin/property-service';
import { adminApi } from '../routes/admin/index';
import { consoleRoutes } from '../routes/console';
import { rulesForProperties, privacyForProperties } from '../collector';
import { openStorage, StorageTimeoutError, type NewHit, type NewRejected, type Storage, type StoredHit } from '../storage';
import { beaconRoutes } from '../routes/beacons';
import { BODY_LIMIT, Rejections, collectorRoutes, routedUrl } from '../routes/collector';
import { containerPreviewRoutes } from '../routes/container-preview';
import { containerRoutes } from '../routes/containers';
import { Previews } from '../preview';
import { demoRoutes } from '../routes/demo';
import { deliveryRoutes } from '../routes/delivery';
import { PublishedDecisions } from '../decisions';
import { createConversionRecorder } from '../experiments/conversion-recorder';
import { PublishedActivities } from '../experiments/published';
import { identityRoutes } from '../routes/identity';
import { identityOptions } from '../identity';
import { createBatcher } from './batcher';
import { compressJson } from './compression';
import { DEFAULT_LIMITS, type ServerConfig } from './config';
import { ContainerStore, loadProperties } from './containers';
import { ApiError, ERRORS, errorBody } from './errors';
import { LiveHits } from './live';
import { readerCheck } from './readers';

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
  // Storage's own lines (retention, stopped reads) go to the request log once it exists.
  let storageLog: (msg: string) => void = () => undefined;
  const storage =
    options.storage ??
    (await openStorage({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      readTimeoutMs: config.readTimeoutSeconds * 1000,
      retentionDays: config.retentionDays,
      // The hits of past days packed (storage/compaction.ts), hourly after retention.
      compaction: true,
      log: (msg) => storageLog(msg),
    }));
  const limits = { ...DEFAULT_LIMITS, ...config.limits };
  const live = new LiveHits();
  // Issue 14 item 3: once a batch has committed, its hits' experiment conversions are recorded apart (never failing a hit).
  // Hits arrive only after listen, once `service` below exists.
  const published = new PublishedActivities(storage, () => service.names());
  const conversions = createConversionRecorder({
    published: () => published.current(),
    // Exposures before conversions (a hit's `tnta`, issue 15 item 4): a conversion counts only for a visitor already exposed.
    store: async (events) => {
      await storage.recordExposures(events.exposures);
      await storage.recordConversions(events.conversions);
    },
    log: (error, message) => log(error, message),
  });
  const batcher = createBatcher<NewHit, StoredHit>(async (hits) => {
    const stored = await storage.insertHits(hits);
    conversions.record(stored);
    return stored;
  });
  // Rejected hits are written in groups too: a flood of bad hits costs one transaction per group, not one each.
  const rejectedBatcher = createBatcher<NewRejected, void>(async (rejected) => {
    await storage.insertRejected(rejected);
    return rejected.map(() => undefined);
  });
  const rules = rulesForProperties(
    properties.map((p) => p.property),
    { maxQueryLength: limits.maxHitBytes },
  );
  const privacy = privacyForProperties(properties.map((p) => p.property));
  const readers = readerCheck(storage, config.apiToken);
  let log: (error: unknown, message: string) => void = () => undefined;
  const rejections = new Rejections(rejectedBatcher, () => privacy, limits, (error, message) => log(error, message));

  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // Room for the longest URL allowed and the headers beside it; a longer URL reaches the collector's
    // 414 (recorded), and one past this limit Node's parser, whose error rejections.clientError records.
    http: { maxHeaderSize: Math.max(16 * 1024, limits.maxUrlBytes + 8 * 1024) },
    clientErrorHandler: rejections.clientError,
    frameworkErrors: rejections.frameworkError,
    rewriteUrl: routedUrl,
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
  log = (error, message) => app.log.warn({ err: error }, message);
  storageLog = (msg) => app.log.info(msg);
  // The collector records its own long URLs (routes/collector.ts); anything else is refused here.
  // Hooks every request passes through take a callback rather than returning a promise: the collector's
  // hits pass through them too, and a promise each is measurable at its rate (docs/PERFORMANCE.md, "Collector").
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    if (url.length > limits.maxUrlBytes && !url.startsWith('/b/ss/')) void reply.code(414).header('connection', 'close').send(errorBody('URL_TOO_LONG'));
    else done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'strict-origin-when-cross-origin');
    done(null, payload);
  });
  // JSON answers over 1 KB leave brotli or gzip compressed (app/compression.ts); never the collector's.
  compressJson(app);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody('NOT_FOUND')));
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    if (error instanceof ApiError) return reply.code(ERRORS[error.code].status).send(errorBody(error.code, error.detail, error.issues));
    if (error instanceof StorageTimeoutError) return reply.code(504).header('cache-control', 'no-store').send(errorBody('QUERY_TIMEOUT'));
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
  identityRoutes(
    app,
    identityOptions(
      config.identity,
      properties.map((p) => p.property),
      (message, detail) => app.log.warn(detail, message),
    ),
  );
  // Draft previews (preview/): any version, built on demand, for the browser holding a signed cookie.
  const previews = new Previews(config.previewSecret, async (name, version, environment) => {
    const stored = await storage.getPropertyVersion(name, version);
    if (!stored) throw new ApiError('NOT_FOUND', `${name} has no version ${version}`);
    return service.compile(stored, environment);
  });
  containerPreviewRoutes(app, previews);
  deliveryRoutes(app, new PublishedDecisions(published), ({ exposures, conversions }) => {
    // Exposures before conversions: a click conversion counts only for a visitor already exposed.
    void storage
      .recordExposures(exposures)
      .then(() => storage.recordConversions(conversions))
      .catch((error: unknown) => log(error, 'experiment exposures of a decision were not recorded'));
  }, previews.experiences);
  containerRoutes(
    app,
    ready.then(() => store),
    readers,
    previews,
  );
  await collectorRoutes(app, { live, batcher, rejections, rules: () => rules, privacy: () => privacy, limits, logLevel: config.logLevel });
  beaconRoutes(app, { storage, live, readers, limits });
  await adminApi(app, { storage, properties: service, previews, ready, port: () => port, loginAttemptsPerMinute: config.loginAttemptsPerMinute, retentionDays: config.retentionDays });
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
      await Promise.all([batcher.drain(), rejectedBatcher.drain()]);
      await conversions.drain();
      if (!options.storage) await storage.close();
    },
  };
}
