/**
 * The results of an activity from its counts (issue 14 item 3): per goal and experience, the
 * conversion rate with its 95% interval and, against control, the difference, the lift, the
 * significance test and a verdict. Pure: counts in, figures out.
 */
import { differenceInterval, liftInterval, wilsonInterval } from './intervals';
import { shortfall, type Shortfall } from './minimum-sample';
import type { ActivityCounts, ActivityResults, Comparison, ExperienceCounts, ExperienceResult, GoalResult } from './model';
import { upperQuantile } from './normal';
import { bonferroniAdjust, compareRates, type TestResult } from './significance';
import { comparisonVerdict, controlVerdict, notEnoughDataVerdict } from './verdict';

/** The significance level of every test: two-sided, 5%, after the Bonferroni adjustment. */
export const ALPHA = 0.05;

interface Pair {
  experience: ExperienceCounts;
  conversions: number;
}

function conversionsOf(e: ExperienceCounts, goal: string): number {
  return e.goals[goal]?.conversions ?? 0;
}

function displayName(e: ExperienceCounts): string {
  return e.name ?? e.id;
}

type Raw = Omit<Comparison, 'test' | 'outcome'> & { missing: Shortfall | null; test: TestResult | null };

/** Everything but the adjusted p-value and the outcome, which need all comparisons of the goal. */
function compare(t: Pair, c: Pair, z: number): Raw {
  const n1 = t.experience.visitors;
  const n2 = c.experience.visitors;
  const x1 = t.conversions;
  const x2 = c.conversions;
  const bothSeen = n1 > 0 && n2 > 0;
  const p1 = n1 > 0 ? x1 / n1 : 0;
  const p2 = n2 > 0 ? x2 / n2 : 0;
  const missing = shortfall({ name: displayName(c.experience), visitors: n2, conversions: x2 }, { name: displayName(t.experience), visitors: n1, conversions: x1 });
  return {
    difference: p1 - p2,
    differenceInterval: bothSeen ? differenceInterval(x1, n1, x2, n2, z) : { lower: -1, upper: 1 },
    lift: bothSeen && x2 > 0 ? p1 / p2 - 1 : null,
    liftInterval: bothSeen ? liftInterval(x1, n1, x2, n2, z) : null,
    missing,
    test: missing ? null : compareRates(x1, n1, x2, n2),
  };
}

function goalResult(counts: ActivityCounts, goal: { id: string; name?: string }): GoalResult {
  const control = counts.experiences.find((e) => e.id === counts.control)!;
  const controlPair: Pair = { experience: control, conversions: conversionsOf(control, goal.id) };
  const others = counts.experiences.filter((e) => e !== control);
  // docs/PERSONALISATION-STATISTICS.md: the comparisons with control of one goal are
  // one family; its intervals are simultaneous at 95% (Bonferroni), as is its test.
  const z = upperQuantile(ALPHA / 2 / others.length);
  const raw = others.map((e) => compare({ experience: e, conversions: conversionsOf(e, goal.id) }, controlPair, z));

  const rows = counts.experiences.map((e): ExperienceResult => {
    const conversions = conversionsOf(e, goal.id);
    const rate = e.visitors > 0 ? conversions / e.visitors : null;
    const rateInterval = e.visitors > 0 ? wilsonInterval(conversions, e.visitors) : null;
    const total = e.goals[goal.id]?.total;
    const base = {
      experience: e.id,
      name: displayName(e),
      isControl: e === control,
      visitors: e.visitors,
      conversions,
      rate,
      rateInterval,
      ...(total !== undefined && { total, perVisitor: e.visitors > 0 ? total / e.visitors : null }),
    };
    if (e === control) return { ...base, comparison: null, verdict: controlVerdict(e.visitors, conversions, rate, rateInterval) };

    const i = others.indexOf(e);
    const { missing, test, ...figures } = raw[i]!;
    if (missing || !test) {
      const comparison: Comparison = { ...figures, test: null, outcome: 'not-enough-data' };
      return { ...base, comparison, verdict: notEnoughDataVerdict(displayName(e), displayName(control), missing!) };
    }
    const adjustedPValue = bonferroniAdjust(test.pValue, others.length);
    const outcome = adjustedPValue < ALPHA ? (figures.difference > 0 ? 'better' : 'worse') : 'no-difference';
    const comparison: Comparison = { ...figures, test: { ...test, adjustedPValue }, outcome };
    const controlRate = controlPair.conversions / control.visitors;
    return { ...base, comparison, verdict: comparisonVerdict(displayName(e), displayName(control), rate!, controlRate, comparison, others.length, ALPHA) };
  });
  return { goal: goal.id, name: goal.name ?? goal.id, experiences: rows };
}

/** Results for every goal of the activity. The counts must have passed activityCountsSchema. */
export function computeResults(counts: ActivityCounts): ActivityResults {
  return {
    activity: counts.activity,
    control: counts.control,
    comparisons: counts.experiences.length - 1,
    goals: counts.goals.map((g) => goalResult(counts, g)),
  };
}
