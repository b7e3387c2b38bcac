import { timestamp } from './timestamp';

/** A query key and its value. Context data travels as `c.<dotted key>` until it is nested here. */
export type Pair = [key: string, value: string];

// AppMeasurement's order, so beacons read the same in packet analysers as the existing ones (CONTRACT §4):
// fixed fields, then numbered variables by letter and number, link fields, context data, browser fields.
const ORDER = 'mid ce pageName g r cc ch server events products ? c v h l pe pev1 pev2 c. s c k bw bh'.split(' ');

// Two speed-ups of the hit path serve pages that send hits on clicks (TW_LINK_HITS): a container that
// sends only its page view keeps the shorter forms, and the minimal container its 5 KB (issue 2).
const ranks = new Map<string, number>();

/** A key's rank, remembered: every hit of a page sends much the same keys. */
function knownRank(key: string): number {
  let r = ranks.get(key);
  if (r === undefined) ranks.set(key, (r = rank(key)));
  return r;
}

function rank(key: string): number {
  const m = /^([cvhl])(\d+)$/.exec(key);
  const i = m ? ORDER.indexOf(m[1]!) : ORDER.lastIndexOf(key.slice(0, 2) == 'c.' ? 'c.' : key);
  // Unknown keys (pageType, xact...) sit between the fixed fields and the numbered ones.
  return (i < 0 ? ORDER.indexOf('?') : i) * 1e3 + (m ? +m[2]! : 0);
}

/**
 * Lone surrogates. Made once: for the container's browser targets esbuild writes this literal as
 * `new RegExp(...)`, which, inside `enc`, built a RegExp for every value of every hit.
 */
const LONE_SURROGATE = /\p{Cs}/gu;

/** encodeURIComponent throws on lone surrogates, which are rare: they become U+FFFD, searched for only then. */
export const enc = (s: string): string => {
  if (TW_LINK_HITS)
    try {
      return encodeURIComponent(s);
    } catch {
      // As below.
    }
  return encodeURIComponent(s.replace(LONE_SURROGATE, '\uFFFD'));
};

/**
 * The query string of one image request: `AQB=1&ndh=1&t=...&...&AQE=1`, non-empty values only.
 * Context data keys nest on their dots (`c.&tool.&name=bmi&.tool&.c`), sorted so the output is deterministic.
 */
export function encode(pairs: Pair[], now: Date = new Date()): string {
  const out = ['AQB=1', 'ndh=1', 't=' + enc(timestamp(now))];
  let context: Map<string, string> | undefined;
  // Each with its rank, worked out once rather than in every comparison of the sort.
  const rest: Array<[key: string, value: string, rank: number]> = [['ce', 'UTF-8', rank('ce')]];
  for (const [key, value] of pairs) {
    if (!value) continue;
    if (key.slice(0, 2) != 'c.') rest.push([key, value, TW_LINK_HITS ? knownRank(key) : rank(key)]);
    else if (TW_CONTEXT_DATA) {
      // A key with no name between its dots goes.
      const path = key.slice(2).split('.').filter(Boolean).join('.');
      // One `c.` marker stands for the whole block in the sort.
      if (path && !context) rest.push(['c.', '', rank('c.')]);
      if (path) (context ||= new Map()).set(path, value);
    }
  }
  // Only context data makes the `c.` marker.
  for (const [key, value] of rest.sort((a, b) => a[2] - b[2]))
    if (TW_CONTEXT_DATA && key == 'c.') nest(context!, out);
    else out.push(enc(key) + '=' + enc(value));
  out.push('AQE=1');
  return out.join('&');
}

function nest(context: Map<string, string>, out: string[]): void {
  const open: string[] = [];
  const close = (depth: number) => {
    while (open.length > depth) out.push('.' + enc(open.pop()!));
  };
  out.push('c.');
  // Sorted, every group is one contiguous run, so each level opens and closes once.
  for (const path of [...context.keys()].sort()) {
    const segs = path.split('.');
    const leaf = segs.pop()!;
    let same = 0;
    while (same < open.length && open[same] === segs[same]) same++;
    close(same);
    for (const seg of segs.slice(same)) {
      open.push(seg);
      out.push(enc(seg) + '.');
    }
    out.push(enc(leaf) + '=' + enc(context.get(path)!));
  }
  close(0);
  out.push('.c');
}
