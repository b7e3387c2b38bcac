/**
 * New versus repeat (first-visits.ts) on known hits, and the sparse sketch form (hll.ts) against
 * the dense one.
 */
import { describe, expect, it } from 'vitest';
import { classify, firstVisitKey } from './first-visits';
import { SketchUpdate, estimate, merge, mergeStored } from './hll';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, 0) + minutes * 60_000).toISOString();

describe('new versus repeat: the first visit lasts while hits come within 30 minutes of the last new one', () => {
  it('classifies a visitor never seen before', () => {
    const a = firstVisitKey('rs', 'A');
    // 0, 20, 50 (30 after 20), 81 (31 after 50): new, new, new, repeat; then 85 repeat.
    const { isNew, rows } = classify([0, 20, 50, 81, 85].map((m) => ({ key: a, at: at(m) })), new Map());
    expect(isNew).toEqual([true, true, true, false, false]);
    expect(rows).toEqual([{ key: a, first_seen: at(0), new_until: at(80), last_seen: at(85) }]);
  });

  it('takes the stored first visit into account, and hits given out of order by time', () => {
    const a = firstVisitKey('rs', 'A');
    const b = firstVisitKey('rs', 'B');
    const known = new Map([[a, { first_seen: at(0), new_until: at(30), last_seen: at(0) }]]);
    const { isNew, rows } = classify(
      [
        { key: a, at: at(40) },
        { key: b, at: at(45) },
        { key: a, at: at(29) },
        { key: b, at: at(10) },
      ],
      known,
    );
    // A at 29 extends the first visit to 59, so 40 is new too; B's first hit is the one at 10, so 45 is repeat.
    expect(isNew).toEqual([true, false, true, true]);
    expect(rows).toEqual([
      { key: a, first_seen: at(0), new_until: at(70), last_seen: at(40) },
      { key: b, first_seen: at(10), new_until: at(40), last_seen: at(45) },
    ].sort((x, y) => (x.key < y.key ? -1 : 1)));
  });

  it('keys a visitor per report-suite list, by a digest and never the id', () => {
    expect(firstVisitKey('rs1', '12345678901234567890123456789012345678')).not.toBe(firstVisitKey('rs2', '12345678901234567890123456789012345678'));
    expect(firstVisitKey('rs1', '12345678901234567890123456789012345678')).not.toContain('1234567890');
  });
});

describe('sketches: the sparse form while smaller, the same estimate as dense', () => {
  it('stays sparse below a third of the registers, turns dense after, and merges as dense does', () => {
    const precision = 12;
    let stored: Uint8Array | null = null;
    const dense = new SketchUpdate(precision);
    for (let batch = 0; batch < 30; batch++) {
      const update = new SketchUpdate(precision);
      for (let i = 0; i < 100; i++) {
        update.add(`v${batch * 100 + i}`);
        dense.add(`v${batch * 100 + i}`);
      }
      stored = mergeStored(stored, update.encode(), precision);
      if (stored.length !== 4096) expect(stored.length % 3).toBe(0);
      expect(merge([stored], precision)).toEqual(dense.applyTo(null));
    }
    expect(stored!.length).toBe(4096);
    // A stored sketch merged as an update, in either form, gives the union.
    const other = new SketchUpdate(precision);
    for (let i = 0; i < 2000; i++) other.add(`w${i}`);
    const otherDense = mergeStored(null, other.encode(), precision);
    expect(otherDense.length).toBe(4096);
    const small = new SketchUpdate(precision);
    small.add('x');
    const both = new SketchUpdate(precision);
    for (let i = 0; i < 2000; i++) both.add(`w${i}`);
    both.add('x');
    expect(mergeStored(mergeStored(null, small.encode(), precision), otherDense, precision)).toEqual(both.applyTo(null));
    const three = new SketchUpdate(precision);
    for (const id of ['a', 'b', 'c']) three.add(id);
    const sparse = mergeStored(null, three.encode(), precision);
    expect([sparse.length, estimate(merge([sparse], precision), precision)]).toEqual([9, 3]);
  });
});
