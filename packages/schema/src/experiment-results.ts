/**
 * An activity's results as the admin API answers them (docs/ADMIN-API.md "Activities", issue 14 item 3): computed
 * by the server (packages/server/src/experiments), read by the console. One definition, so the two cannot drift.
 */

export interface Interval {
  lower: number;
  upper: number;
}

/** How one experience compares with control on one goal. */
export type Outcome = 'not-enough-data' | 'better' | 'worse' | 'no-difference';

export interface Comparison {
  /** Rate minus control's rate, as a fraction (0.012 is 1.2 percentage points). */
  difference: number;
  /** With liftInterval: 95% for one comparison; simultaneous 95% over m comparisons (each at 1 - 0.05 / m). */
  differenceInterval: Interval;
  /** Rate / control's rate - 1 (0.25 is +25%); null when control has no conversions. */
  lift: number | null;
  /** Null when either experience has no conversions (docs say why). */
  liftInterval: Interval | null;
  /** Null below the minimum sample. */
  test: {
    method: 'two-proportion-z' | 'fisher-exact';
    statistic: number | null;
    pValue: number;
    /** Bonferroni-adjusted over the comparisons with control of this goal; the verdict reads this one. */
    adjustedPValue: number;
  } | null;
  outcome: Outcome;
}

export interface ExperienceResult {
  experience: string;
  name: string;
  isControl: boolean;
  visitors: number;
  conversions: number;
  /** Null when the experience has no visitors. */
  rate: number | null;
  rateInterval: Interval | null;
  /** Count goals only: all events, and events per visitor (descriptive; no test). */
  total?: number;
  perVisitor?: number | null;
  /** Null for control. */
  comparison: Comparison | null;
  /** One or two sentences for the analyst. */
  verdict: string;
}

export interface GoalResult {
  goal: string;
  name: string;
  experiences: ExperienceResult[];
}

export interface ActivityResults {
  activity: string;
  control: string;
  /** How many experiences are compared with control: the m of the Bonferroni adjustment. */
  comparisons: number;
  goals: GoalResult[];
}
