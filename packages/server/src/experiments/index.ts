/** Experiment results (issue 14 item 3): the public surface of the statistics. */
export { computeResults, ALPHA } from './results';
export { activityCountsSchema } from './model';
export type { ActivityCounts, ActivityResults, Comparison, ExperienceResult, GoalResult, Outcome } from './model';
export { MIN_CONVERSIONS, MIN_VISITORS_PER_EXPERIENCE } from './minimum-sample';
export { MIN_EXPECTED_CELL } from './significance';
