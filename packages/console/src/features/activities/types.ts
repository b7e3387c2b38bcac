/** The admin API's answers about activities (docs/ADMIN-API.md "Activities"). */
import type { ActivityResults } from '@tagwell/schema';

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

// The results themselves are the server's type (@tagwell/schema experiment-results.ts).
export type { Comparison, ExperienceResult, GoalResult, Interval } from '@tagwell/schema';

export interface ActivityResultsAnswer {
  activity: Omit<ListedActivity, 'state' | 'runningIn' | 'pausedIn' | 'inLatestVersion'> & { state: 'active' | 'paused'; environment: EnvironmentName; version: number };
  counts: { experiences: { id: string; name?: string; visitors: number }[] };
  /** Null when there is nothing to compare (one experience). */
  results: ActivityResults | null;
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
