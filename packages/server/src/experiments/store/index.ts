/** The experiment tables (migrations 007 and 012): exposures and conversions in, counts out, per property and environment. */
export { recordConversions, recordExposures, type Conversion, type Exposure, type Scope, type Unscoped } from './record';
export { readActivityCounts, type ActivityShape } from './read';
export { hitConversions, type ActivityGoals, type GoalHit, type GoalShape } from './hit-conversions';
export { notificationEvents, type ClickGoalShape, type NotificationShape } from './notifications';
export { visitorKey } from './visitor-key';
