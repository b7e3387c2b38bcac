/**
 * SQLite off the event loop: kysely compiles a query on the server's thread and posts its text and
 * parameters to a worker thread that owns a better-sqlite3 connection (sqlite-worker.mjs).
 *
 * - The writer: one thread, one connection, all writes. A kysely connection holds it for a whole
 *   transaction (a mutex, as kysely's own SQLite driver does), and `transact` runs a list of
 *   statements as one transaction in one message, so a group commit of hits costs one round trip.
 * - The readers: a few threads, each with a read-only connection (WAL lets them read while the
 *   writer writes). Every read has a deadline; past it the read fails with StorageTimeoutError
 *   and, when it is running, its thread is stopped and replaced.
 */
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { StorageTimeoutError } from '../errors';
import { RECORD_CODEC } from '../hit-record';

const WORKER = new URL('./sqlite-worker.mjs', import.meta.url);

interface WireQuery {
  sql: string;
  parameters: readonly unknown[];
}
interface WireResult {
  rows: unknown[];
  changes?: number;
  lastInsertRowid?: number;
}
type Request = ({ type: 'query' } & WireQuery) | { type: 'transaction'; queries: WireQuery[] } | { type: 'close' };

const wire = (query: CompiledQuery): WireQuery => ({ sql: query.sql, parameters: query.parameters });

function toQueryResult<R>(result: WireResult): QueryResult<R> {
  if (result.changes === undefined) return { rows: result.rows as R[] };
  return { rows: result.rows as R[], numAffectedRows: BigInt(result.changes), insertId: BigInt(result.lastInsertRowid ?? 0) };
}

/** The worker's error as an Error with the same message, name and code (isUniqueViolation reads the code). */
function revive(error: { message: string; code?: string; name?: string }): Error {
  return Object.assign(new Error(error.message), { code: error.code, name: error.name === 'SqliteError' ? 'SqliteError' : 'Error' });
}

/** One worker thread and its connection; requests are answered in order. */
export class SqliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private failure: Error | undefined;
  /** Resolves once the thread has ended, however it ended. */
  readonly exited: Promise<void>;

  constructor(file: string, readonly: boolean, log: (msg: string) => void) {
    // Plain JavaScript: no loader flags of the parent (tsx, vitest) to slow its start.
    // The writer makes hit records (tagwell_hit_record) with the codec of hit-record.ts.
    this.worker = new Worker(WORKER, { workerData: { file, readonly, recordCodec: readonly ? undefined : RECORD_CODEC }, execArgv: [] });
    // An idle thread does not keep the process alive; one with work in flight does (see request).
    this.worker.unref();
    this.worker.on('message', (message: { id: number; warning?: string; error?: { message: string }; result?: unknown; results?: unknown }) => {
      if (message.warning) return log(`storage: SQLite ${file}: ${message.warning}`);
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.worker.unref();
      if (message.error) waiting.reject(revive(message.error));
      else waiting.resolve(message.result ?? message.results);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', () => {
        this.fail(new Error('the SQLite thread has stopped'));
        resolve();
      }),
    );
  }

  get alive(): boolean {
    return this.failure === undefined;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
    this.worker.unref();
  }

  request<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  query<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.request<WireResult>({ type: 'query', ...wire(query) }).then((result) => toQueryResult<R>(result));
  }

  /** Closes the connection cleanly, then the thread. */
  async close(): Promise<void> {
    if (this.alive) await this.request({ type: 'close' }).catch(() => undefined);
    await this.terminate();
  }

  /** Stops the thread. A statement running in native code finishes first; `exited` says when. */
  async terminate(): Promise<void> {
    this.fail(new Error('the SQLite thread was stopped'));
    await this.worker.terminate();
    await this.exited;
  }
}

/** Waits in line for the one connection (as kysely's SqliteDriver does). */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let unlock!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => (unlock = resolve));
    await previous;
    return unlock;
  }
}

class ThreadConnection implements DatabaseConnection {
  constructor(private readonly run: <R>(query: CompiledQuery) => Promise<QueryResult<R>>) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.run<R>(compiledQuery);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const result = await this.run<R>(compiledQuery);
    for (const row of result.rows) yield { rows: [row] };
  }
}

abstract class ThreadDriver implements Driver {
  async init(): Promise<void> {}
  abstract acquireConnection(): Promise<DatabaseConnection>;
  abstract releaseConnection(connection: DatabaseConnection): Promise<void>;
  abstract destroy(): Promise<void>;

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // IMMEDIATE: take the write lock now, so a transaction never fails halfway on another process's lock.
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }
}

/** The writer: one thread, one connection, held by one kysely connection (or `transact`) at a time. */
export class WriterDriver extends ThreadDriver {
  private readonly mutex = new Mutex();
  private thread: SqliteThread;
  private readonly connection: ThreadConnection;
  private release: (() => void) | undefined;
  private destroyed: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly log: (msg: string) => void,
  ) {
    super();
    this.thread = new SqliteThread(file, false, log);
    this.connection = new ThreadConnection((query) => this.thread.query(query));
  }

  /**
   * The thread, started again if it ended. Only when a unit of work begins: a transaction whose
   * thread died fails to its end rather than going on, outside it, on a new connection.
   */
  private current(): SqliteThread {
    if (!this.thread.alive && !this.destroyed) this.thread = new SqliteThread(this.file, false, this.log);
    return this.thread;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.mutex.lock();
    this.current();
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  /** The statements in one transaction, in one message; all commit or none. Results in order. */
  async transact(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> {
    const unlock = await this.mutex.lock();
    try {
      const results = await this.current().request<WireResult[]>({ type: 'transaction', queries: queries.map(wire) });
      return results.map((result) => toQueryResult(result));
    } finally {
      unlock();
    }
  }

  /** Waits for the transactions already queued (closing mid-transaction would roll them back), then closes. */
  destroy(): Promise<void> {
    return (this.destroyed ??= (async () => {
      const unlock = await this.mutex.lock();
      try {
        await this.thread.close();
      } finally {
        unlock();
      }
    })());
  }
}

interface ReadJob {
  query: WireQuery;
  resolve: (result: WireResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  thread?: SqliteThread;
}

export interface ReaderOptions {
  /** Threads reading at once. */
  threads: number;
  /** A read (waiting included) that takes longer fails with StorageTimeoutError. */
  timeoutMs: number;
}

/**
 * Read-only threads. A thread stopped on a timeout may still be finishing its statement in native
 * code (better-sqlite3 cannot interrupt one): until it has, it counts against `2 x threads`, so a
 * run of slow reads cannot start threads without bound; reads then wait, and time out.
 */
export class ReaderDriver extends ThreadDriver {
  private readonly idle: SqliteThread[] = [];
  private readonly busy = new Set<SqliteThread>();
  private readonly stopping = new Set<Promise<void>>();
  private readonly queue: ReadJob[] = [];
  private readonly connection = new ThreadConnection(async <R>(query: CompiledQuery) => toQueryResult<R>(await this.read(wire(query))));
  private closed = false;
  private destroyed: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly options: ReaderOptions,
    private readonly log: (msg: string) => void,
  ) {
    super();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async releaseConnection(): Promise<void> {}
  override async beginTransaction(): Promise<void> {
    throw new Error('the read connection runs single statements, not transactions');
  }

  private read(query: WireQuery): Promise<WireResult> {
    if (this.closed) return Promise.reject(new Error('storage is closed'));
    return new Promise<WireResult>((resolve, reject) => {
      const job: ReadJob = { query, resolve, reject, timer: setTimeout(() => this.timeOut(job), this.options.timeoutMs) };
      this.queue.push(job);
      this.dispatch();
    });
  }

  private timeOut(job: ReadJob): void {
    job.reject(new StorageTimeoutError(this.options.timeoutMs));
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const thread = job.thread;
    if (thread) {
      this.busy.delete(thread);
      this.log(`storage: a read ran past ${this.options.timeoutMs} ms; its SQLite thread is stopped and replaced`);
      this.retire(thread.terminate());
    }
    this.dispatch();
  }

  /** Counts a thread that is ending until it has ended. */
  private retire(ended: Promise<void>): void {
    const counted = ended.finally(() => {
      this.stopping.delete(counted);
      if (!this.closed) this.dispatch();
    });
    this.stopping.add(counted);
  }

  private dispatch(): void {
    while (this.queue.length) {
      let thread = this.idle.pop();
      if (thread && !thread.alive) continue;
      if (!thread) {
        if (this.busy.size + this.idle.length >= this.options.threads || this.busy.size + this.stopping.size >= 2 * this.options.threads) return;
        thread = new SqliteThread(this.file, true, this.log);
      }
      const job = this.queue.shift()!;
      job.thread = thread;
      this.busy.add(thread);
      const running = thread;
      running
        .request<WireResult>({ type: 'query', ...job.query })
        .then(job.resolve, job.reject)
        .finally(() => {
          clearTimeout(job.timer);
          // Not busy any more: it was stopped on a timeout, and is already counted in `stopping`.
          if (!this.busy.delete(running)) return;
          if (this.closed) this.retire(running.close());
          else if (running.alive) this.idle.push(running);
          this.dispatch();
        });
    }
  }

  /** Fails what waits, lets what runs finish, closes the threads and waits until every one has ended. */
  destroy(): Promise<void> {
    return (this.destroyed ??= this.close());
  }

  private async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      clearTimeout(job.timer);
      job.reject(new Error('storage is closed'));
    }
    for (const thread of this.idle.splice(0)) this.retire(thread.close());
    // Reads in flight finish (or time out); their threads then close and join `stopping`.
    while (this.busy.size) await new Promise((resolve) => setTimeout(resolve, 20));
    // A thread stopped on a timeout ends when its statement does: every read is bounded by the data.
    await Promise.all(this.stopping);
  }
}

export class ThreadDialect implements Dialect {
  constructor(private readonly driver: Driver) {}
  createDriver(): Driver {
    return this.driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
