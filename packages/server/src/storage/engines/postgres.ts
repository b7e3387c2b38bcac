/**
 * The shared engine: PostgreSQL through `pg` pools, for several server processes on one database.
 * Writes and the admin side use one pool; reads that may be long (reports, the beacon API) use a
 * second, smaller pool whose connections carry a statement_timeout, so they can neither take the
 * writers' connections nor run without end.
 */
import pg from 'pg';
import { Kysely, PostgresDialect, sql, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import type { Engine } from '../engine';
import { StorageTimeoutError, isStatementTimeout } from '../errors';
import { encodeRecordText } from '../hit-record';
import type { Database } from '../tables';

// Ids and count(*) are bigint; pg returns those as strings. Ours stay far below 2^53, and
// numbers keep the model the same on both engines. Set per pool, not globally, so other pg
// users in the process keep the default.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

export interface PostgresReads {
  /** Connections of the read pool. */
  connections: number;
  /** statement_timeout of the read connections. */
  timeoutMs: number;
}

export function openPostgres(databaseUrl: string, reads: PostgresReads, log: (msg: string) => void): Engine {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types,
    max: 10,
    // An unreachable database must fail a write quickly (the collector answers 503), not hang it.
    connectionTimeoutMillis: 5000,
  });
  const readPool = new pg.Pool({
    connectionString: databaseUrl,
    types,
    max: reads.connections,
    connectionTimeoutMillis: 5000,
    statement_timeout: reads.timeoutMs,
  });
  // An idle client losing its connection emits on its pool; a checked-out client (a transaction
  // between statements) emits on itself. Without a listener either would crash the process.
  pool.on('error', (error) => log(`storage: PostgreSQL connection lost: ${error.message}`));
  readPool.on('error', (error) => log(`storage: PostgreSQL read connection lost: ${error.message}`));
  for (const each of [pool, readPool]) each.on('connect', (client) => client.on('error', (error) => log(`storage: PostgreSQL connection in use lost: ${error.message}`)));
  log(`storage: PostgreSQL ${redact(databaseUrl)}`);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const read = new Kysely<Database>({ dialect: new ReadDialect({ pool: readPool }, reads.timeoutMs) });
  return {
    kind: 'postgres',
    db,
    read,
    async transact(queries) {
      if (queries.length === 1) return [await db.executeQuery(queries[0]!)];
      return db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        try {
          const results: QueryResult<unknown>[] = [];
          for (const query of queries) results.push(await connection.executeQuery(query));
          await sql`commit`.execute(connection);
          return results;
        } catch (error) {
          await sql`rollback`.execute(connection).catch(() => undefined);
          throw error;
        }
      });
    },
    contains: (haystack, needle) => sql`strpos(${haystack}, ${needle}) > 0`,
    jsonText: (column, key) => sql`(${sql.ref(column)}::json ->> ${sql.lit(key)})`,
    hitRecordValue: encodeRecordText,
    hitRecordInsert: (value) => value as Uint8Array,
    async close() {
      // pool.end() waits for checked-out clients by itself.
      await read.destroy();
      await db.destroy();
    },
  };
}

/** The read pool's dialect: a query cancelled by statement_timeout fails with StorageTimeoutError. */
class ReadDialect extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly timeoutMs: number,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new ReadDriver(super.createDriver(), this.timeoutMs);
  }
}

class ReadDriver implements Driver {
  private readonly original = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly driver: Driver,
    private readonly timeoutMs: number,
  ) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.driver.acquireConnection();
    const timeoutMs = this.timeoutMs;
    const wrapped: DatabaseConnection = {
      executeQuery: <R>(query: CompiledQuery) =>
        connection.executeQuery<R>(query).catch((error: unknown) => {
          throw isStatementTimeout(error) ? new StorageTimeoutError(timeoutMs, { cause: error }) : error;
        }),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    };
    this.original.set(wrapped, connection);
    return wrapped;
  }

  private unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.original.get(connection) ?? connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.driver.beginTransaction(this.unwrap(connection), settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(this.unwrap(connection));
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.rollbackTransaction(this.unwrap(connection));
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(this.unwrap(connection));
  }
  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}

/** The URL without its password: logs never carry secrets. */
export function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
