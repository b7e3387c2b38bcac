/** The admin API's answers about activities (docs/ADMIN-API.md "Activities"). */
export type EnvironmentName = 'development' | 'staging' | 'production';
export const ENVIRONMENTS: readonly EnvironmentName[] = ['production', 'staging', 'development'];
export const ENVIRONMENT_LABELS: Record<EnvironmentName, string> = { production: 'Production', staging: 'Staging', development: 'Development' };

export interface ListedActivity {
  property: string;
  id: number;
  name: string;
  type: 'ab' | 'xt';
  location: { type: 'mbox' | 'view'; name: string };
  experiences: { name: string; split: number | null }[];
  goals: { name: string; type: 'page-view' | 'click' | 'analytics-event' }[];
  state: 'draft' | 'running' | 'paused';
  runningIn: EnvironmentName[];
  pausedIn: EnvironmentName[];
  inLatestVersion: boolean;
}

export interface Interval {
  lower: number;
  upper: number;
}

export interface Comparison {
  difference: number;
  differenceInterval: Interval;
  lift: number | null;
  liftInterval: Interval | null;
  test: { method: 'two-proportion-z' | 'fisher-exact'; statistic: number | null; pValue: number; adjustedPValue: number } | null;
  outcome: 'not-enough-data' | 'better' | 'worse' | 'no-difference';
}

export interface ExperienceResult {
  experience: string;
  name: string;
  isControl: boolean;
  visitors: number;
  conversions: number;
  rate: number | null;
  rateInterval: Interval | null;
  /** Goals that count events: all of them, and per visitor. */
  total?: number;
  perVisitor?: number | null;
  comparison: Comparison | null;
  verdict: string;
}

export interface GoalResult {
  goal: string;
  name: string;
  experiences: ExperienceResult[];
}

export interface ActivityResultsAnswer {
  activity: Omit<ListedActivity, 'state' | 'runningIn' | 'pausedIn' | 'inLatestVersion'> & { state: 'active' | 'paused'; environment: EnvironmentName; version: number };
  counts: { experiences: { id: string; name?: string; visitors: number }[] };
  /** Null when there is nothing to compare (one experience). */
  results: { activity: string; control: string; comparisons: number; goals: GoalResult[] } | null;
  method: { alpha: number; minVisitorsPerExperience: number; minConversions: number };
}

/** `POST /api/admin/activities/:id/experiences/:n/preview`: a preview link forcing one experience (docs/PERSONALISATION.md "Previewing an experience"). */
export interface ExperiencePreviewAnswer {
  property: string;
  environment: EnvironmentName;
  version: number;
  activity: { id: number; name: string; state: 'active' | 'paused' };
  experience: { id: number; name: string };
  expiresAt: string;
  token: string;
  /** The activity's page with `at_preview_token`. */
  url: string;
}
