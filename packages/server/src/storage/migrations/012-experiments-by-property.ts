/**
 * Experiment results per property (issue 14 item 3): an activity id is unique within its property,
 * not across properties, so two properties that both number an activity 1001 kept one set of
 * counts between them. The experiment tables gain a `property` column, first in their keys. Rows
 * already stored are given the property whose saved versions define their activity (the first by
 * name when several do, logged); rows of an activity no version defines keep an empty property,
 * which no results page reads, and are logged too: nothing is deleted.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from './index';

/** Activity id -> the properties whose saved versions define it, sorted by name. */
// Migrations see the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function activityOwners(db: Kysely<any>): Promise<Map<number, string[]>> {
  const owners = new Map<number, Set<string>>();
  const versions = await db.selectFrom('property_versions').select(['property', 'document']).execute();
  for (const { property, document } of versions as Array<{ property: string; document: string }>) {
    let activities: unknown;
    try {
      activities = (JSON.parse(document) as { personalisation?: { activities?: unknown } }).personalisation?.activities;
    } catch {
      continue;
    }
    if (!Array.isArray(activities)) continue;
    for (const activity of activities as Array<{ id?: unknown }>)
      if (typeof activity?.id === 'number') (owners.get(activity.id) ?? owners.set(activity.id, new Set()).get(activity.id)!).add(property);
  }
  return new Map([...owners].map(([id, names]) => [id, [...names].sort()]));
}

export const experimentsByProperty: Migration = {
  name: '012_experiments_by_property',
  async up(db, kind, log) {
    const count = kind === 'sqlite' ? 'integer' : 'bigint';
    // New tables with the property first in every key, filled from the old ones, then put in their place.
    await db.schema
      .createTable('experiment_visitors_012')
      .addColumn('property', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('activity', 'integer', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('experience', 'integer', (c) => c.notNull())
      .addColumn('first_seen', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('experiment_visitors_property_pk', ['property', 'environment', 'activity', 'visitor'])
      .execute();
    await db.schema
      .createTable('experiment_conversions_012')
      .addColumn('property', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('activity', 'integer', (c) => c.notNull())
      .addColumn('goal', 'integer', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('experience', 'integer', (c) => c.notNull())
      .addColumn('events', count, (c) => c.notNull())
      .addColumn('first_converted', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('experiment_conversions_property_pk', ['property', 'environment', 'activity', 'goal', 'visitor'])
      .execute();

    const owners = await activityOwners(db);
    const stored = [
      ...((await db.selectFrom('experiment_visitors').select('activity').distinct().execute()) as Array<{ activity: number }>),
      ...((await db.selectFrom('experiment_conversions').select('activity').distinct().execute()) as Array<{ activity: number }>),
    ].map((row) => Number(row.activity));
    for (const activity of new Set(stored)) {
      const names = owners.get(activity) ?? [];
      const property = names[0] ?? '';
      if (names.length > 1) log(`storage: experiment results of activity ${activity} given to property ${property}; ${names.slice(1).join(', ')} also define it`);
      if (names.length === 0) log(`storage: experiment results of activity ${activity} kept without a property: no saved version defines it`);
      await sql`insert into experiment_visitors_012 (property, environment, activity, visitor, experience, first_seen)
        select ${property}, environment, activity, visitor, experience, first_seen from experiment_visitors where activity = ${activity}`.execute(db);
      await sql`insert into experiment_conversions_012 (property, environment, activity, goal, visitor, experience, events, first_converted)
        select ${property}, environment, activity, goal, visitor, experience, events, first_converted from experiment_conversions where activity = ${activity}`.execute(db);
    }

    await db.schema.dropTable('experiment_visitors').execute();
    await db.schema.dropTable('experiment_conversions').execute();
    await db.schema.alterTable('experiment_visitors_012').renameTo('experiment_visitors').execute();
    await db.schema.alterTable('experiment_conversions_012').renameTo('experiment_conversions').execute();
    // The results' index-only counts, as in 007, per property.
    await db.schema.createIndex('experiment_visitors_experience').on('experiment_visitors').columns(['property', 'environment', 'activity', 'experience']).execute();
    await db.schema.createIndex('experiment_conversions_experience').on('experiment_conversions').columns(['property', 'environment', 'activity', 'experience', 'goal']).execute();
  },
};
