/**
 * Hit blocks (issue 18: under 200 bytes a hit): once a UTC day is over, the hits of each source and
 * day are packed BLOCK_HITS at a time into one row of `hit_blocks` (compaction.ts). Compressed
 * together, hits that repeat each other's pages, keys and user agents cost a fifth of their records
 * compressed one by one (hit-record.ts), and the row overhead is paid once a block.
 *
 * Format 1: byte 0 is the format; the rest is DEFLATE, with the records' dictionary and a 32 KB
 * window, of a JSON header `[ids, times, lengths]` (ids and times as differences from the hit
 * before, lengths of the texts in UTF-16 units), a U+0000, then the hits' record texts one after
 * the other (hitRecordText). Lossless: a hit read from its block equals the hit read from its row.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { RECORD_DICTIONARY } from './hit-record';

/** Hits a block holds at most: a read of old hits unpacks whole blocks, so they stay small. */
export const BLOCK_HITS = 256;

const FORMAT_1 = 1;
// Compressed once and read seldom: the best level and the largest window pay (5 µs a hit to pack,
// a third fewer bytes than level 6 with a 4 KB window). Synchronous: an asynchronous call costs the
// event loop more than the work (a stream object and a thread-pool round trip each).
const ZLIB_BLOCK_1 = { dictionary: RECORD_DICTIONARY, windowBits: 15, memLevel: 9, level: 9 } as const;

export interface BlockHit {
  id: number;
  /** Milliseconds since 1970, UTC. */
  receivedAt: number;
  /** hit-record.ts hitRecordText. */
  text: string;
}

/** Packs hits, in the order given (the compactor gives them by id). */
export function encodeHitBlock(hits: readonly BlockHit[]): Uint8Array {
  if (hits.length === 0 || hits.length > BLOCK_HITS) throw new RangeError(`a block holds 1 to ${BLOCK_HITS} hits, got ${hits.length}`);
  const header = [differences(hits.map((hit) => hit.id)), differences(hits.map((hit) => hit.receivedAt)), hits.map((hit) => hit.text.length)];
  const text = `${JSON.stringify(header)}\u0000${hits.map((hit) => hit.text).join('')}`;
  const body = deflateRawSync(Buffer.from(text, 'utf8'), ZLIB_BLOCK_1);
  const out = new Uint8Array(body.length + 1);
  out[0] = FORMAT_1;
  out.set(body, 1);
  return out;
}

export function decodeHitBlock(bytes: Uint8Array): BlockHit[] {
  if (bytes[0] !== FORMAT_1) throw new Error(`unknown hit block format ${bytes[0]}`);
  const text = inflateRawSync(Buffer.from(bytes.buffer, bytes.byteOffset + 1, bytes.length - 1), ZLIB_BLOCK_1).toString('utf8');
  const split = text.indexOf('\u0000');
  const [ids, times, lengths] = JSON.parse(text.slice(0, split)) as [number[], number[], number[]];
  const hits: BlockHit[] = [];
  let at = split + 1;
  let id = 0;
  let receivedAt = 0;
  for (let i = 0; i < lengths.length; i++) {
    id += ids[i]!;
    receivedAt += times[i]!;
    hits.push({ id, receivedAt, text: text.slice(at, at + lengths[i]!) });
    at += lengths[i]!;
  }
  return hits;
}

function differences(values: readonly number[]): number[] {
  return values.map((value, i) => (i === 0 ? value : value - values[i - 1]!));
}
