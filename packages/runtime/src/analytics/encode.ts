import { timestamp } from './timestamp';

/** A query key and its value. Context data travels as `c.<dotted key>` until it is nested here. */
export type Pair = [key: string, value: string];

const HEAD = ['mid', 'ce', 'pageName', 'g', 'r', 'cc', 'ch', 'server', 'events', 'products'];
const TAIL = ['pe', 'pev1', 'pev2', 'c.', 's', 'c', 'k', 'bw', 'bh'];

// AppMeasurement's order, so beacons read the same in packet analysers as the existing ones (CONTRACT §4).
function rank(key: string): number {
  const m = /^([cvhl])(\d+)$/.exec(key);
  if (m) return 20 + 'cvhl'.indexOf(m[1]!) * 300 + +m[2]!;
  const i = HEAD.indexOf(key);
  if (i >= 0) return i;
  const j = TAIL.indexOf(key.startsWith('c.') ? 'c.' : key);
  return j < 0 ? 1500 : 2000 + j;
}

/** encodeURIComponent throws on lone surrogates; they become U+FFFD instead. */
export const enc = (s: string): string => encodeURIComponent(s.replace(/\p{Cs}/gu, '\uFFFD'));

/**
 * The query string of one image request: `AQB=1&ndh=1&t=...&...&AQE=1`, non-empty values only.
 * Context data keys nest on their dots (`c.&tool.&name=bmi&.tool&.c`), sorted so the output is deterministic.
 */
export function encode(pairs: Pair[], now: Date = new Date()): string {
  const out = ['AQB=1', 'ndh=1', 't=' + enc(timestamp(now))];
  const rest: Pair[] = [['ce', 'UTF-8']];
  const ctx = new Map<string, string>();
  for (const [key, value] of pairs) {
    if (!value) continue;
    if (!key.startsWith('c.')) rest.push([key, value]);
    else {
      const path = key.slice(2).split('.').filter(Boolean).join('.');
      // The `c.` marker stands for the whole block in the sort below.
      if (path && !ctx.size) rest.push(['c.', '']);
      if (path) ctx.set(path, value);
    }
  }
  for (const [key, value] of rest.sort((a, b) => rank(a[0]) - rank(b[0]))) {
    if (key == 'c.') nest(ctx, out);
    else out.push(enc(key) + '=' + enc(value));
  }
  out.push('AQE=1');
  return out.join('&');
}

function nest(ctx: Map<string, string>, out: string[]): void {
  const open: string[] = [];
  const close = (depth: number) => {
    while (open.length > depth) out.push('.' + enc(open.pop()!));
  };
  out.push('c.');
  // Sorted, every group is one contiguous run, so each level opens and closes once.
  for (const path of [...ctx.keys()].sort()) {
    const segs = path.split('.');
    const leaf = segs.pop()!;
    let same = 0;
    while (same < open.length && open[same] === segs[same]) same++;
    close(same);
    for (const seg of segs.slice(same)) {
      open.push(seg);
      out.push(enc(seg) + '.');
    }
    out.push(enc(leaf) + '=' + enc(ctx.get(path)!));
  }
  close(0);
  out.push('.c');
}
