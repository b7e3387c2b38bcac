/**
 * Unique visitors as HyperLogLog sketches (docs/OPERATING.md, "Unique visitors"): one sketch per
 * UTC day, host, report suites and dimension, so the visitors of a range are the union of its days'
 * sketches (the larger value of each register), never a scan of hits.
 *
 * A 64-bit hash (the first 8 bytes of SHA-256) and Ertl's improved estimator ("New cardinality
 * estimation algorithms for HyperLogLog sketches", 2017), which needs no bias tables and holds its
 * error over the whole range: relative standard error 1.04 / sqrt(2^precision). The precision is
 * chosen per dimension (aggregates.ts SKETCH_PRECISION).
 *
 * Stored form: dense (2^precision one-byte registers) or sparse (3 bytes per register that is not
 * zero, ordered by index: the index, big-endian uint16, and the rank). A sketch stays sparse while
 * that is smaller than dense, so the many small sketches (a page's visitors of a day) take a few
 * bytes each. 2^precision is never a multiple of 3, so the length alone says which form it is.
 */
import { createHash } from 'node:crypto';

/** The day sketches' precision (the first sketches stored, always dense). */
export const PRECISION = 14;
export const REGISTERS = 1 << PRECISION;
export const RELATIVE_STANDARD_ERROR = relativeStandardError(PRECISION);

export function relativeStandardError(precision: number): number {
  return 1.04 / Math.sqrt(2 ** precision);
}

function checkPrecision(precision: number): number {
  // An index must fit the sparse form's uint16, and 4 is the smallest precision the estimator is defined for.
  if (!Number.isInteger(precision) || precision < 4 || precision > 16) throw new RangeError(`a sketch precision is 4..16, got ${precision}`);
  return precision;
}

/** The 64 bits of a visitor id that every sketch reads: the first 8 bytes of its SHA-256. */
export interface VisitorHash {
  high: number;
  low: number;
}

export function hashOf(visitorId: string): VisitorHash {
  const hash = createHash('sha256').update(visitorId).digest();
  return { high: hash.readUInt32BE(0), low: hash.readUInt32BE(4) };
}

/** The register a visitor id (or its hash) falls in and its rank (position of the first 1 bit after the index). */
export function registerOf(visitor: string | VisitorHash, precision = PRECISION): { index: number; rank: number } {
  const { high, low } = typeof visitor === 'string' ? hashOf(visitor) : visitor;
  const index = high >>> (32 - precision);
  const rest = high & ((1 << (32 - precision)) - 1);
  let rank: number;
  if (rest !== 0) rank = Math.clz32(rest) - precision + 1;
  else if (low !== 0) rank = 32 - precision + Math.clz32(low) + 1;
  else rank = 64 - precision + 1;
  return { index, rank };
}

/** Registers to raise, keyed by index; only the largest rank of each is kept. */
export class SketchUpdate {
  private readonly ranks = new Map<number, number>();

  constructor(readonly precision = PRECISION) {
    checkPrecision(precision);
  }

  add(visitor: string | VisitorHash): void {
    const { index, rank } = registerOf(visitor, this.precision);
    if ((this.ranks.get(index) ?? 0) < rank) this.ranks.set(index, rank);
  }

  /** The sparse form: what `tagwell_hll_add` and `tagwell_hll_merge` read. */
  encode(): Buffer {
    const indexes = [...this.ranks.keys()].sort((a, b) => a - b);
    const out = Buffer.alloc(indexes.length * 3);
    indexes.forEach((index, i) => {
      out[i * 3] = index >>> 8;
      out[i * 3 + 1] = index & 0xff;
      out[i * 3 + 2] = this.ranks.get(index)!;
    });
    return out;
  }

  /** This update applied to a dense `sketch` (a copy), as `tagwell_hll_add` does in the database. */
  applyTo(sketch: Uint8Array | null): Uint8Array {
    const out = sketch ? Uint8Array.from(sketch) : new Uint8Array(1 << this.precision);
    for (const [index, rank] of this.ranks) if (out[index]! < rank) out[index] = rank;
    return out;
  }
}

/**
 * A stored sketch (or null) with another merged in (a sparse update, or a sketch in either form),
 * in its stored form: what `tagwell_hll_merge` does in the database (engines/sqlite-worker.mjs,
 * migrations/006).
 */
export function mergeStored(sketch: Uint8Array | null, stored: Uint8Array, precision: number): Uint8Array {
  const registers = 1 << checkPrecision(precision);
  // The update may itself be a stored sketch in dense form: its registers that are not zero.
  const update = stored.length === registers ? sparseOf(stored) : stored;
  if (sketch && sketch.length === registers) {
    const out = Uint8Array.from(sketch);
    for (let i = 0; i + 2 < update.length; i += 3) {
      const index = (update[i]! << 8) | update[i + 1]!;
      if (out[index]! < update[i + 2]!) out[index] = update[i + 2]!;
    }
    return out;
  }
  const a = sketch ?? new Uint8Array(0);
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i + 2 < a.length || j + 2 < update.length) {
    const ai = i + 2 < a.length ? (a[i]! << 8) | a[i + 1]! : Infinity;
    const bj = j + 2 < update.length ? (update[j]! << 8) | update[j + 1]! : Infinity;
    const index = Math.min(ai, bj);
    merged.push(index, Math.max(ai === index ? a[i + 2]! : 0, bj === index ? update[j + 2]! : 0));
    if (ai === index) i += 3;
    if (bj === index) j += 3;
  }
  const entries = merged.length / 2;
  if (entries * 3 >= registers) {
    const dense = new Uint8Array(registers);
    for (let k = 0; k < merged.length; k += 2) dense[merged[k]!] = merged[k + 1]!;
    return dense;
  }
  const out = new Uint8Array(entries * 3);
  for (let k = 0; k < entries; k++) {
    out[k * 3] = merged[k * 2]! >>> 8;
    out[k * 3 + 1] = merged[k * 2]! & 0xff;
    out[k * 3 + 2] = merged[k * 2 + 1]!;
  }
  return out;
}

function sparseOf(dense: Uint8Array): Uint8Array {
  const entries: number[] = [];
  dense.forEach((rank, index) => {
    if (rank) entries.push(index >>> 8, index & 0xff, rank);
  });
  return Uint8Array.from(entries);
}

/** The union of stored sketches (dense or sparse), as dense registers: the larger value of each. */
export function merge(sketches: Iterable<Uint8Array>, precision = PRECISION): Uint8Array {
  const registers = 1 << checkPrecision(precision);
  const out = new Uint8Array(registers);
  for (const sketch of sketches) {
    if (sketch.length === registers) {
      for (let i = 0; i < registers; i++) if (sketch[i]! > out[i]!) out[i] = sketch[i]!;
    } else if (sketch.length % 3 === 0) {
      for (let i = 0; i + 2 < sketch.length; i += 3) {
        const index = (sketch[i]! << 8) | sketch[i + 1]!;
        if (index >= registers) throw new Error(`a sparse visitor sketch names register ${index} of ${registers}`);
        if (sketch[i + 2]! > out[index]!) out[index] = sketch[i + 2]!;
      }
    } else {
      throw new Error(`a visitor sketch of ${sketch.length} bytes is neither dense (${registers}) nor sparse (3 bytes a register)`);
    }
  }
  return out;
}

/** Estimated distinct visitor ids in dense registers (Ertl 2017, algorithm 6). */
export function estimate(sketch: Uint8Array, precision = PRECISION): number {
  const m = 1 << checkPrecision(precision);
  if (sketch.length !== m) throw new Error(`a dense visitor sketch has ${m} registers, not ${sketch.length}`);
  const q = 64 - precision;
  const counts = new Array<number>(q + 2).fill(0);
  for (let i = 0; i < m; i++) counts[sketch[i]!]!++;
  let z = m * tau(1 - counts[q + 1]! / m);
  for (let k = q; k >= 1; k--) z = 0.5 * (z + counts[k]!);
  z += m * sigma(counts[0]! / m);
  if (!Number.isFinite(z)) return 0;
  return Math.round((m * m) / (2 * Math.LN2) / z);
}

function sigma(x: number): number {
  if (x === 1) return Infinity;
  let y = 1;
  let z = x;
  for (;;) {
    x *= x;
    const previous = z;
    z += x * y;
    y += y;
    if (z === previous) return z;
  }
}

function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  for (;;) {
    x = Math.sqrt(x);
    const previous = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
    if (z === previous) return z / 3;
  }
}
