/**
 * The counts of one activity for the results (experiments/results.ts), from the experiment tables
 * by index: the work grows with the activity's visitors, not with the hits they sent.
 */
import type { EnvironmentName } from '@tagwell/schema';
import { sql } from 'kysely';
import type { Engine } from '../../storage/engine';
import type { ActivityCounts } from '../model';
import type { ExperimentTables } from './tables';

/** What the counts need of an activity of the property document (schema `Activity` fits). */
export interface ActivityShape {
  id: number;
  experiences: readonly { name: string }[];
  goals: readonly { name: string }[];
}

/**
 * Visitors per experience and converting visitors (and their conversion events) per goal. The
 * first experience is control, as in Target; experience and goal ids are their positions.
 */
export async function readActivityCounts(engine: Engine, property: string, activity: ActivityShape, environment: EnvironmentName = 'production'): Promise<ActivityCounts> {
  const db = engine.read.withTables<ExperimentTables>();
  const [visitors, conversions] = await Promise.all([
    db
      .selectFrom('experiment_visitors')
      .select(['experience', sql<number>`count(*)`.as('visitors')])
      .where('property', '=', property)
      .where('environment', '=', environment)
      .where('activity', '=', activity.id)
      .groupBy('experience')
      .execute(),
    db
      .selectFrom('experiment_conversions')
      .select(['experience', 'goal', sql<number>`count(*)`.as('visitors'), sql<number>`sum(events)`.as('events')])
      .where('property', '=', property)
      .where('environment', '=', environment)
      .where('activity', '=', activity.id)
      .groupBy(['experience', 'goal'])
      .execute(),
  ]);
  return {
    activity: String(activity.id),
    control: '0',
    goals: activity.goals.map((g, i) => ({ id: String(i), name: g.name })),
    experiences: activity.experiences.map((e, i) => ({
      id: String(i),
      name: e.name,
      visitors: Number(visitors.find((v) => Number(v.experience) === i)?.visitors ?? 0),
      goals: Object.fromEntries(
        conversions
          .filter((c) => Number(c.experience) === i && Number(c.goal) < activity.goals.length)
          .map((c) => [String(c.goal), { conversions: Number(c.visitors), total: Number(c.events) }]),
      ),
    })),
  };
}
