// Whole activities, from counts to figures and verdicts, against independent references
// (reference/reference-values.py): the scenarios an analyst meets, edges included.
import { describe, expect, it } from 'vitest';
import { activityCountsSchema, computeResults, MIN_CONVERSIONS, MIN_VISITORS_PER_EXPERIENCE, type ActivityResults, type ExperienceResult } from './index';
import { expectClose } from './reference/close';

type Arm = [id: string, visitors: number, conversions: number];

function results(arms: Arm[], extra: Record<string, unknown> = {}): ActivityResults {
  return computeResults(
    activityCountsSchema.parse({
      activity: 'home-hero',
      control: arms[0]![0],
      goals: [{ id: 'quiz', name: 'Quiz completed' }],
      experiences: arms.map(([id, visitors, conversions]) => ({ id, visitors, goals: { quiz: { conversions } } })),
      ...extra,
    }),
  );
}

function row(r: ActivityResults, id: string): ExperienceResult {
  return r.goals[0]!.experiences.find((e) => e.experience === id)!;
}

describe('an A/B/C/D test with three challengers', () => {
  const r = results([
    ['A', 1000, 41],
    ['B', 1000, 62],
    ['C', 1000, 45],
    ['D', 1000, 0],
  ]);

  it('gives each rate with its Wilson 95% interval', () => {
    const a = row(r, 'A');
    expect(a.isControl).toBe(true);
    expect(a.rate).toBe(0.041);
    expectClose(a.rateInterval?.lower, 0.0303649710820983, 'A lower');
    expectClose(a.rateInterval?.upper, 0.0551479932076413, 'A upper');
    expectClose(row(r, 'B').rateInterval?.lower, 0.0486641801199806, 'B lower');
    expectClose(row(r, 'C').rateInterval?.upper, 0.0596828379362235, 'C upper');
    expect(row(r, 'D').rateInterval?.lower).toBe(0);
    expectClose(row(r, 'D').rateInterval?.upper, 0.00382675848555512, 'D upper');
    expect(a.comparison).toBeNull();
    expect(a.verdict).toBe('Control: 41 of 1,000 visitors converted, 4.10% (95% interval 3.04% to 5.51%).');
  });

  it('adjusts for three comparisons: p times 3, simultaneous intervals at 1 - 0.05/3', () => {
    expect(r.comparisons).toBe(3);
    const b = row(r, 'B').comparison!;
    expect(b.test?.method).toBe('two-proportion-z');
    expectClose(b.test?.pValue, 0.0336180274934405, 'B p');
    expectClose(b.test?.adjustedPValue, 0.100854082480322, 'B adjusted p');
    expectClose(b.difference, 0.021, 'B difference', 1e-12);
    expectClose(b.differenceInterval.lower, -0.00286142304078545, 'B difference lower');
    expectClose(b.differenceInterval.upper, 0.0453687407406145, 'B difference upper');
    expectClose(b.lift, 62 / 41 - 1, 'B lift', 1e-12);
    expectClose(b.liftInterval?.lower, -0.0547331553307583, 'B lift lower');
    expectClose(b.liftInterval?.upper, 1.41914132474753, 'B lift upper');
    // Significant alone (p = 0.034), not after the adjustment: the verdict and interval agree on that.
    expect(b.outcome).toBe('no-difference');

    const c = row(r, 'C').comparison!;
    expect(c.test?.adjustedPValue).toBe(1);
    expectClose(c.liftInterval?.lower, -0.338045151538154, 'C lift lower');
    expectClose(c.liftInterval?.upper, 0.819822149472288, 'C lift upper');
    expect(c.outcome).toBe('no-difference');

    const d = row(r, 'D').comparison!;
    expectClose(d.test?.adjustedPValue, 2.94431453234706e-10, 'D adjusted p', 1e-8);
    expectClose(d.differenceInterval.lower, -0.0588109943273587, 'D difference lower');
    expectClose(d.differenceInterval.upper, -0.0271897220491568, 'D difference upper');
    expect(d.lift).toBe(-1);
    expect(d.liftInterval).toBeNull();
    expect(d.outcome).toBe('worse');
  });

  it('says so in plain language', () => {
    expect(row(r, 'B').verdict).toBe(
      'No significant difference between B and control A yet: 6.20% against 4.10% (p = 0.101, adjusted for 3 comparisons with control). ' +
        'The data are consistent with a lift from \u22125.47% to +141.9% (95% simultaneous interval); more visitors narrow this.',
    );
    expect(row(r, 'D').verdict).toBe(
      'D converts worse than control A: 0.00% against 4.10%, a difference of \u22124.10 percentage points ' +
        '(95% simultaneous interval: a difference from \u22125.88 to \u22122.72 percentage points). ' +
        'The difference is statistically significant (p < 0.001, adjusted for 3 comparisons with control).',
    );
  });
});

describe('a plain A/B test', () => {
  it('is significant at p = 0.034 with one comparison, with a 95% lift interval above zero', () => {
    const b = row(results([['A', 1000, 41], ['B', 1000, 62]]), 'B');
    expectClose(b.comparison?.test?.adjustedPValue, 0.0336180274934405, 'p');
    expectClose(b.comparison?.liftInterval?.lower, 0.0293148149134861, 'lift lower');
    expectClose(b.comparison?.liftInterval?.upper, 1.22160805782754, 'lift upper');
    expectClose(b.comparison?.differenceInterval.lower, 0.00155752578307524, 'difference lower');
    expect(b.comparison?.outcome).toBe('better');
    expect(b.verdict).toBe(
      'B converts better than control A: 6.20% against 4.10%, a lift of +51.2% (95% interval: a lift from +2.93% to +122.2%). ' +
        'The difference is statistically significant (p = 0.034).',
    );
  });

  it("uses Fisher's exact test when an expected cell count is below 5", () => {
    const b = row(results([['A', 1000, 8], ['B', 100, 5]]), 'B').comparison!;
    expect(b.test?.method).toBe('fisher-exact');
    expect(b.test?.statistic).toBeNull();
    expectClose(b.test?.pValue, 0.00401051529004206, 'p');
    expectClose(b.liftInterval?.lower, 1.08402655959339, 'lift lower');
    expectClose(b.liftInterval?.upper, 17.7437630389996, 'lift upper');
    expectClose(b.differenceInterval.lower, 0.0125186535590226, 'difference lower');
    expectClose(b.differenceInterval.upper, 0.103876088984007, 'difference upper');
    expect(b.outcome).toBe('better');
  });

  it('with control at zero conversions: no lift, the difference and the test still stand', () => {
    const b = row(results([['A', 1000, 0], ['B', 1000, 30]]), 'B');
    expect(b.comparison?.lift).toBeNull();
    expect(b.comparison?.liftInterval).toBeNull();
    expectClose(b.comparison?.differenceInterval.lower, 0.0203064161139558, 'difference lower');
    expectClose(b.comparison?.differenceInterval.upper, 0.0425034141475871, 'difference upper');
    expectClose(b.comparison?.test?.pValue, 3.41375285803206e-8, 'p', 1e-8);
    expect(b.comparison?.outcome).toBe('better');
    expect(b.verdict).toContain('a difference of +3.00 percentage points');
  });

  it('at ten million visitors each, finds a 0.3% lift not significant (p = 0.12)', () => {
    const b = row(results([['A', 10_000_000, 500_000], ['B', 10_000_000, 501_500]]), 'B').comparison!;
    expectClose(b.test?.pValue, 0.124079106160352, 'p', 1e-8);
    expectClose(b.liftInterval?.lower, -0.000821817835399696, 'lift lower', 1e-8);
    expectClose(b.liftInterval?.upper, 0.00683643614055041, 'lift upper', 1e-8);
    expectClose(b.differenceInterval.lower, -4.11694656074119e-5, 'difference lower', 1e-8);
    expect(b.outcome).toBe('no-difference');
  });
});

describe('not enough data', () => {
  it(`below ${MIN_VISITORS_PER_EXPERIENCE} visitors in an experience: no test, intervals still shown`, () => {
    const b = row(results([['A', 3, 1], ['B', 2, 0]]), 'B');
    expect(b.comparison?.outcome).toBe('not-enough-data');
    expect(b.comparison?.test).toBeNull();
    expect(b.rateInterval).toEqual({ lower: 0, upper: expect.any(Number) });
    expect(b.verdict).toBe(
      'Not enough data yet to compare B with control A: the comparison needs at least 100 visitors in each experience (A has 3, B has 2) ' +
        'and at least 10 converting visitors between them (they have 1) and at least 10 visitors who did not convert (they have 4).',
    );
  });

  it(`with no conversions at all, or fewer than ${MIN_CONVERSIONS}`, () => {
    expect(row(results([['A', 5000, 0], ['B', 5000, 0]]), 'B').comparison?.outcome).toBe('not-enough-data');
    const nine = row(results([['A', 5000, 4], ['B', 5000, 5]]), 'B');
    expect(nine.comparison?.outcome).toBe('not-enough-data');
    expect(nine.verdict).toContain('at least 10 converting visitors between them (they have 9)');
    expect(row(results([['A', 5000, 5], ['B', 5000, 5]]), 'B').comparison?.outcome).toBe('no-difference');
  });

  it('when (nearly) everyone converts', () => {
    const all = row(results([['A', 200, 200], ['B', 200, 200]]), 'B');
    expect(all.comparison?.outcome).toBe('not-enough-data');
    expect(all.rateInterval?.upper).toBe(1);
    expect(all.verdict).toContain('at least 10 visitors who did not convert (they have 0)');
  });

  it('for an experience nobody has seen yet', () => {
    const b = row(results([['A', 500, 20], ['B', 0, 0]]), 'B');
    expect(b.rate).toBeNull();
    expect(b.rateInterval).toBeNull();
    expect(b.comparison?.outcome).toBe('not-enough-data');
  });

  it('still counts an untested experience in the adjustment', () => {
    const r = results([['A', 1000, 41], ['B', 1000, 62], ['C', 20, 1]]);
    expect(row(r, 'C').comparison?.outcome).toBe('not-enough-data');
    expectClose(row(r, 'B').comparison?.test?.adjustedPValue, 2 * 0.0336180274934405, 'p*2');
  });
});

describe('the counts', () => {
  it('report events per visitor for a count goal', () => {
    const r = computeResults(
      activityCountsSchema.parse({
        activity: 'x',
        control: 'A',
        goals: [{ id: 'clicks' }],
        experiences: [
          { id: 'A', visitors: 400, goals: { clicks: { conversions: 40, total: 100 } } },
          { id: 'B', visitors: 500, goals: {} },
        ],
      }),
    );
    expect(row(r, 'A').perVisitor).toBe(0.25);
    expect(row(r, 'A').total).toBe(100);
    expect(row(r, 'B').conversions).toBe(0);
  });

  it.each([
    [{ control: 'Z' }, 'control: names no experience (experiences: A, B)'],
    [{ experiences: [{ id: 'A', visitors: 10, goals: { quiz: { conversions: 11 } } }, { id: 'B', visitors: 1, goals: {} }] }, 'experiences.0.goals.quiz.conversions: 11 converting visitors is more than the 10 visitors'],
    [{ experiences: [{ id: 'A', visitors: 10, goals: {} }, { id: 'A', visitors: 1, goals: {} }] }, 'experiences.1.id: "A" is used by two experiences'],
    [{ experiences: [{ id: 'A', visitors: 10, goals: { other: { conversions: 1 } } }, { id: 'B', visitors: 1, goals: {} }] }, 'experiences.0.goals.other: is not a goal of the activity'],
    [{ experiences: [{ id: 'A', visitors: -1, goals: {} }, { id: 'B', visitors: 1.5, goals: {} }] }, 'experiences.0.visitors: must not be negative'],
  ])('are refused when wrong: %j', (change, message) => {
    const input = { activity: 'x', control: 'A', goals: [{ id: 'quiz' }], experiences: [{ id: 'A', visitors: 1, goals: {} }, { id: 'B', visitors: 1, goals: {} }], ...change };
    const parsed = activityCountsSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    const lines = parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(lines).toContain(message);
  });
});
