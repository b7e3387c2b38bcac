/** The experiment tables (migration 007): exposures and conversions in, counts out. */
export { recordConversions, recordExposures, type Conversion, type Exposure } from './record';
export { readActivityCounts, type ActivityShape } from './read';
export { hitConversions, type ActivityGoals, type GoalHit, type GoalShape } from './hit-conversions';
export { notificationEvents, type ClickGoalShape, type NotificationShape } from './notifications';
export { visitorKey } from './visitor-key';
