/** The tables of migration 007 (storage/migrations/007-experiments.ts), for kysely's withTables. */
// Type aliases, not interfaces: kysely's withTables needs an index-compatible record.
export type ExperimentVisitorsTable = {
  environment: string;
  activity: number;
  /** visitorKey(id): never the id itself. */
  visitor: string;
  experience: number;
  first_seen: string;
};

export type ExperimentConversionsTable = {
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
