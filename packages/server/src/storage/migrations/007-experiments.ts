/**
 * Experiment results (issue 14 item 3): who was shown which experience of an activity, and who
 * of them then converted on each goal, one row per visitor (experiments/store/). The results read
 * counts from these with an index, never from the raw hits.
 */
import type { Migration } from './index';

export const experiments: Migration = {
  name: '007_experiments',
  async up(db, kind) {
    const count = kind === 'sqlite' ? 'integer' : 'bigint';
    // One row per visitor and activity: the first experience shown sticks (allocation is sticky).
    await db.schema
      .createTable('experiment_visitors')
      // Each environment's traffic apart: a test on staging never enters production's results.
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('activity', 'integer', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('experience', 'integer', (c) => c.notNull())
      .addColumn('first_seen', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('experiment_visitors_pk', ['environment', 'activity', 'visitor'])
      .execute();
    // Visitors per experience: an index-only count.
    await db.schema.createIndex('experiment_visitors_experience').on('experiment_visitors').columns(['environment', 'activity', 'experience']).execute();

    // One row per exposed visitor, activity and goal; `events` counts every conversion event.
    await db.schema
      .createTable('experiment_conversions')
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('activity', 'integer', (c) => c.notNull())
      .addColumn('goal', 'integer', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('experience', 'integer', (c) => c.notNull())
      .addColumn('events', count, (c) => c.notNull())
      .addColumn('first_converted', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('experiment_conversions_pk', ['environment', 'activity', 'goal', 'visitor'])
      .execute();
    await db.schema.createIndex('experiment_conversions_experience').on('experiment_conversions').columns(['environment', 'activity', 'experience', 'goal']).execute();
  },
};
