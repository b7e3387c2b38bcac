// One pure allocation function (issue 14 item 1, docs/PERSONALISATION.md "Allocation"): the
// bucket a visitor falls in for an activity, computed exactly as Target's edge and its on-device
// engine compute it, so that this server and the SDK deciding on device agree. No dependencies:
// MurmurHash3 (32-bit) over the string's UTF-16 code units, 10,000 buckets, as a percentage.

/** Target's campaign bucket salt. */
export const ALLOCATION_SALT = '0';
const BUCKETS = 10_000;

/** 32-bit multiply without losing the low bits to floating point. */
function mul32(m: number, n: number): number {
  const low = n & 0xffff;
  return (((n - low) * m) | 0) + ((low * m) | 0) | 0;
}

/** MurmurHash3 x86 32-bit of the UTF-16 code units, two per block (Java's hashUnencodedChars); signed. */
export function murmur3Chars(value: string, seed = 0): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = seed | 0;
  const length = value.length;
  const paired = length & ~1;
  const mix = (k: number) => {
    const scrambled = mul32(k, c1);
    return mul32((scrambled << 15) | (scrambled >>> 17), c2);
  };
  for (let i = 0; i < paired; i += 2) {
    h ^= mix(value.charCodeAt(i) | (value.charCodeAt(i + 1) << 16));
    h = (h << 13) | (h >>> 19);
    h = (h * 5 + 0xe6546b64) | 0;
  }
  if (length % 2 === 1) h ^= mix(value.charCodeAt(paired));
  h ^= length << 1;
  h ^= h >>> 16;
  h = mul32(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = mul32(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/**
 * The visitor's allocation for an activity: 0 to 99.99 in steps of 0.01, from
 * `<client>.<activity id>.<visitor id>.<salt>`.
 */
export function allocation(client: string, activityId: number, visitorId: string, salt = ALLOCATION_SALT): number {
  const bucket = Math.abs(murmur3Chars(`${client}.${activityId}.${visitorId}.${salt}`)) % BUCKETS;
  return Math.round((bucket / BUCKETS) * 100 * 100) / 100;
}

/** The experience ranges of a split: experience i takes [from, to) of 0..100. */
export function splitRanges(splits: readonly number[]): Array<{ from: number; to: number }> {
  let from = 0;
  return splits.map((split) => {
    const range = { from, to: from + split };
    from += split;
    return range;
  });
}

/** The index of the experience an allocation falls in, or -1 (splits that do not cover it). */
export function experienceAt(splits: readonly number[], value: number): number {
  return splitRanges(splits).findIndex((range) => range.from <= value && value < range.to);
}
