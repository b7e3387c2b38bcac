import { randomBytes } from 'node:crypto';

// CONTRACT §5: the visitor id is the 38 decimal digits AppMeasurement sends as `mid`, so the
// site's existing report suite takes it. Two halves of 63 random bits, each written as 19 digits
// (2^63 - 1 has 19): 126 random bits, from the operating system's CSPRNG.

export const VISITOR_ID = /^\d{38}$/;

/** A new visitor id: 38 digits carrying 126 random bits. Nothing about the visitor goes into it. */
export function mintVisitorId(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(16);
  const half = (offset: number) => (bytes.readBigUInt64BE(offset) >> 1n).toString().padStart(19, '0');
  return half(0) + half(8);
}

/** The two 63-bit halves of an id, as the mint wrote them (for tests of the bits it carries). */
export function idHalves(id: string): [bigint, bigint] {
  if (!VISITOR_ID.test(id)) throw new Error('not a visitor id');
  return [BigInt(id.slice(0, 19)), BigInt(id.slice(19))];
}
