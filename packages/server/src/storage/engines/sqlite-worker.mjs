// One SQLite connection in its own thread (engines/sqlite.ts): the server's event loop never
// waits for the disk or for a long query. Plain JavaScript, so Node runs it as it is wherever the
// server runs (tsx, vitest, node).
//
// workerData: { file, readonly, recordCodec }   recordCodec: hit-record.ts RECORD_CODEC (the writer)
// Messages in:  { id, type: 'query', sql, parameters }
//               { id, type: 'transaction', queries: [{ sql, parameters }] }   all or nothing, one message
//               { id, type: 'close' }
// Messages out: { id, result } | { id, results } | { id, error: { message, code, name } }
import { parentPort, workerData } from 'node:worker_threads';
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import Database from 'better-sqlite3';
import { recordBytes } from '../record-codec.mjs';

const { file, readonly, recordCodec } = workerData;
const READER_NICE = 10;
const db = new Database(file, { readonly, fileMustExist: readonly });

if (readonly) {
  db.pragma('query_only = ON');
  yieldToWriter();
} else {
  // A new file gives the pages that compaction frees back to the disk (storage/compaction.ts); an
  // existing one keeps its mode (SQLite changes it only with a VACUUM) and reuses them instead.
  db.pragma('auto_vacuum = INCREMENTAL');
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  // Reported to the opener, which logs it.
  if (mode !== 'wal') parentPort.postMessage({ id: 0, warning: `could not switch to WAL (journal_mode=${String(mode)})` });
  // Durability: "never lose an acknowledged hit". In WAL mode, synchronous=NORMAL survives a
  // killed process (the WAL is in the OS cache) but not a power cut; FULL fsyncs the WAL at every
  // commit, so an answered hit survives both. Group commit pays one fsync per batch, not per hit.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
}
// Another process (the admin CLI) may hold the write lock briefly: wait, don't fail.
db.pragma('busy_timeout = 5000');

// HyperLogLog (storage/hll.ts): registers of one sketch, and an update as 3-byte entries
// (register index, big-endian uint16; rank, uint8). Keeps the larger rank of each register.
const REGISTERS = 16384;
db.function('tagwell_hll_add', { deterministic: true }, (sketch, updates) => {
  const out = sketch ? Buffer.from(sketch) : Buffer.alloc(REGISTERS);
  for (let i = 0; i + 2 < updates.length; i += 3) {
    const index = (updates[i] << 8) | updates[i + 1];
    if (out[index] < updates[i + 2]) out[index] = updates[i + 2];
  }
  return out;
});

// The same with the sparse form (storage/hll.ts mergeStored, migration 006): `registers` is the
// dense size; a sketch stays a sorted list of 3-byte entries while that is smaller than dense.
// Merges a stored sketch (or null) with an update or another stored sketch.
db.function('tagwell_hll_merge', { deterministic: true }, (sketch, stored, registers) => {
  const size = Number(registers);
  // The second may be a sketch in dense form: its registers that are not zero, as entries.
  let updates = stored;
  if (stored.length === size) {
    const entries = [];
    for (let r = 0; r < size; r++) if (stored[r]) entries.push(r >>> 8, r & 0xff, stored[r]);
    updates = Buffer.from(entries);
  }
  if (sketch && sketch.length === size) {
    const out = Buffer.from(sketch);
    for (let i = 0; i + 2 < updates.length; i += 3) {
      const index = (updates[i] << 8) | updates[i + 1];
      if (out[index] < updates[i + 2]) out[index] = updates[i + 2];
    }
    return out;
  }
  const a = sketch ?? Buffer.alloc(0);
  const merged = Buffer.alloc(a.length + updates.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i + 2 < a.length || j + 2 < updates.length) {
    const ai = i + 2 < a.length ? (a[i] << 8) | a[i + 1] : Infinity;
    const bj = j + 2 < updates.length ? (updates[j] << 8) | updates[j + 1] : Infinity;
    const index = Math.min(ai, bj);
    const rank = Math.max(ai === index ? a[i + 2] : 0, bj === index ? updates[j + 2] : 0);
    if (ai === index) i += 3;
    if (bj === index) j += 3;
    merged[k] = index >>> 8;
    merged[k + 1] = index & 0xff;
    merged[k + 2] = rank;
    k += 3;
  }
  if (k < size) return merged.subarray(0, k);
  const dense = Buffer.alloc(size);
  for (let e = 0; e < k; e += 3) dense[(merged[e] << 8) | merged[e + 1]] = merged[e + 2];
  return dense;
});

// A hit's stored record from its text, by the same code as the event loop's (storage/record-codec.mjs):
// here, the records of a group commit are compressed on this thread, not on the server's event loop.
if (recordCodec) {
  const { format, ...zlib } = recordCodec;
  db.function('tagwell_hit_record', { deterministic: true }, (text) => recordBytes(text, format, zlib));
}

/**
 * A reader thread runs at a lower CPU priority (nice READER_NICE) than the server's event loop and
 * the writer thread: on a busy machine a report takes longer, and hits do not wait for it (issue 18
 * item 1). Linux applies setpriority to one thread when given its id; elsewhere, or without
 * /proc, the thread keeps the process's priority.
 */
function yieldToWriter() {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid !== process.pid) setPriority(tid, Math.max(getPriority(tid), READER_NICE));
  } catch {
    // Not Linux, or not allowed: the reader runs at the process's priority.
  }
}

const statements = new Map();
function prepare(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    // Hit inserts repeat the same few texts; other statements are kept while the cache is small.
    if (statements.size >= 200) statements.clear();
    statements.set(sql, statement);
  }
  return statement;
}

/** Blobs arrive as Uint8Array (structured clone); better-sqlite3 binds Buffers. */
function bindable(parameters) {
  return parameters.map((p) => (p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p.buffer, p.byteOffset, p.byteLength) : p));
}

const PRAGMA = /^\s*pragma\s+/i;

function run({ sql, parameters }) {
  // A PRAGMA runs to its end, as better-sqlite3's pragma() runs it: incremental_vacuum frees one
  // page a step, and run() would take one step. Pragmas take no parameters.
  if (PRAGMA.test(sql)) return { rows: db.pragma(sql.replace(PRAGMA, '')) };
  const statement = prepare(sql);
  const values = bindable(parameters);
  if (statement.reader) return { rows: statement.all(values) };
  const { changes, lastInsertRowid } = statement.run(values);
  return { rows: [], changes, lastInsertRowid: Number(lastInsertRowid) };
}

const transaction = db.transaction((queries) => queries.map(run));

parentPort.on('message', (message) => {
  const { id, type } = message;
  try {
    if (type === 'query') parentPort.postMessage({ id, result: run(message) });
    else if (type === 'transaction') parentPort.postMessage({ id, results: transaction.immediate(message.queries) });
    else if (type === 'close') {
      db.close();
      parentPort.postMessage({ id, result: { rows: [] } });
      parentPort.close();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error?.message ?? error), code: error?.code, name: error?.name } });
  }
});
