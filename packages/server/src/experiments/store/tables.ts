/** The tables of migrations 007 and 012 (storage/migrations/), for kysely's withTables. */
// Type aliases, not interfaces: kysely's withTables needs an index-compatible record.
export type ExperimentVisitorsTable = {
  /** The property whose activity it is: activity ids are unique within a property only. */
  property: string;
  environment: string;
  activity: number;
  /** visitorKey(id): never the id itself. */
  visitor: string;
  experience: number;
  first_seen: string;
};

export type ExperimentConversionsTable = {
  property: string;
  environment: string;
  activity: number;
  goal: number;
  visitor: string;
  experience: number;
  events: number;
  first_converted: string;
};

export type ExperimentTables = {
  experiment_visitors: ExperimentVisitorsTable;
  experiment_conversions: ExperimentConversionsTable;
};
