/**
 * Unique visitors as HyperLogLog sketches (docs/OPERATING.md, "Storage engine, aggregates and
 * retention"): one sketch per UTC day, host and report suites, so the visitors of a range are the
 * union of its days' sketches (the larger value of each register), never a scan of hits.
 *
 * Precision 14: 16,384 one-byte registers (16 KB a sketch), a 64-bit hash (the first 8 bytes of
 * SHA-256), and Ertl's improved estimator ("New cardinality estimation algorithms for HyperLogLog
 * sketches", 2017), which needs no bias tables and holds its error over the whole range. Relative
 * standard error 1.04 / sqrt(16384) = 0.81%.
 */
import { createHash } from 'node:crypto';

export const PRECISION = 14;
export const REGISTERS = 1 << PRECISION;
/** Bits of the hash left after the register index; a rank is 1..Q+1. */
const Q = 64 - PRECISION;
export const RELATIVE_STANDARD_ERROR = 1.04 / Math.sqrt(REGISTERS);

/** The register a visitor id falls in and its rank (position of the first 1 bit after the index). */
export function registerOf(visitorId: string): { index: number; rank: number } {
  const hash = createHash('sha256').update(visitorId).digest();
  const high = hash.readUInt32BE(0);
  const low = hash.readUInt32BE(4);
  const index = high >>> (32 - PRECISION);
  const rest = high & ((1 << (32 - PRECISION)) - 1);
  let rank: number;
  if (rest !== 0) rank = Math.clz32(rest) - PRECISION + 1;
  else if (low !== 0) rank = 32 - PRECISION + Math.clz32(low) + 1;
  else rank = Q + 1;
  return { index, rank };
}

/** Registers to raise, keyed by index; only the largest rank of each is kept. */
export class SketchUpdate {
  private readonly ranks = new Map<number, number>();

  add(visitorId: string): void {
    const { index, rank } = registerOf(visitorId);
    if ((this.ranks.get(index) ?? 0) < rank) this.ranks.set(index, rank);
  }

  /** 3 bytes per register, ordered by index: the index (big-endian) and the rank. `tagwell_hll_add` reads it. */
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

  /** This update applied to `sketch` (a copy), as `tagwell_hll_add` does in the database. */
  applyTo(sketch: Uint8Array | null): Uint8Array {
    const out = sketch ? Uint8Array.from(sketch) : new Uint8Array(REGISTERS);
    for (const [index, rank] of this.ranks) if (out[index]! < rank) out[index] = rank;
    return out;
  }
}

/** The union of sketches: the larger value of each register. */
export function merge(sketches: Iterable<Uint8Array>): Uint8Array {
  const out = new Uint8Array(REGISTERS);
  for (const sketch of sketches) {
    if (sketch.length !== REGISTERS) throw new Error(`a visitor sketch has ${sketch.length} registers, not ${REGISTERS}`);
    for (let i = 0; i < REGISTERS; i++) if (sketch[i]! > out[i]!) out[i] = sketch[i]!;
  }
  return out;
}

/** Estimated distinct visitor ids in a sketch (Ertl 2017, algorithm 6). */
export function estimate(sketch: Uint8Array): number {
  const counts = new Array<number>(Q + 2).fill(0);
  for (let i = 0; i < REGISTERS; i++) counts[sketch[i]!]!++;
  const m = REGISTERS;
  let z = m * tau(1 - counts[Q + 1]! / m);
  for (let k = Q; k >= 1; k--) z = 0.5 * (z + counts[k]!);
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
