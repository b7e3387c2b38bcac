/**
 * Activities and their results (issue 14 items 3-4; docs/ADMIN-API.md "Activities"): what each
 * environment runs, and per experience and goal the figures of experiments/results.ts, read from
 * the experiment tables.
 */
import type { FastifyInstance } from 'fastify';
import type { Activity, EnvironmentName } from '@tagwell/schema';
import { requirePermission } from '../../admin/auth';
import type { PropertyService } from '../../admin/property-service';
import { ApiError } from '../../app/errors';
import { activityCountsSchema, ALPHA, computeResults, MIN_CONVERSIONS, MIN_VISITORS_PER_EXPERIENCE } from '../../experiments';
import { PublishedActivities } from '../../experiments/published';
import type { Storage } from '../../storage';
import { wholeNumber } from './body';
import { environmentNamed, publishedActivity } from './published-activity';

/** How an activity stands: never published, deciding somewhere, or published but paused everywhere. */
type State = 'draft' | 'running' | 'paused';

interface Listed {
  property: string;
  id: number;
  name: string;
  type: Activity['type'];
  location: Activity['location'];
  experiences: { name: string; split: number | null }[];
  goals: { name: string; type: Activity['goals'][number]['type'] }[];
  state: State;
  /** The environments deciding it now, and those where it is published paused. */
  runningIn: EnvironmentName[];
  pausedIn: EnvironmentName[];
  /** In the latest saved version (false: removed since it was published). */
  inLatestVersion: boolean;
}

const summary = (property: string, a: Activity) => ({
  property,
  id: a.id,
  name: a.name,
  type: a.type,
  location: a.location,
  experiences: a.experiences.map((e) => ({ name: e.name, split: e.split ?? null })),
  goals: a.goals.map((g) => ({ name: g.name, type: g.type })),
});

function single(value: unknown, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new ApiError('BAD_REQUEST', `${name} must be given once`);
  return value;
}

export function activityRoutes(scope: FastifyInstance, storage: Storage, properties: PropertyService): void {
  const published = new PublishedActivities(storage, () => properties.names());

  scope.get('/activities', async (request) => {
    requirePermission(request, 'read');
    const environments = await published.read();
    const byKey = new Map<string, Listed>();
    const entry = (property: string, activity: Activity) => {
      const key = `${property}/${activity.id}`;
      let listed = byKey.get(key);
      if (!listed) byKey.set(key, (listed = { ...summary(property, activity), state: 'draft', runningIn: [], pausedIn: [], inLatestVersion: false }));
      return listed;
    };
    for (const name of properties.names()) {
      const [latest] = await storage.listPropertyVersions(name);
      const document = latest && (await published.version(name, latest.version));
      for (const activity of document?.personalisation?.activities ?? []) entry(name, activity).inLatestVersion = true;
    }
    for (const environment of environments) {
      for (const activity of environment.activities) {
        const listed = entry(environment.property, activity);
        (activity.state === 'active' ? listed.runningIn : listed.pausedIn).push(environment.environment);
      }
    }
    const activities = [...byKey.values()].map((a) => ({ ...a, state: (a.runningIn.length ? 'running' : a.pausedIn.length ? 'paused' : 'draft') as State }));
    return { activities };
  });

  scope.get<{ Params: { id: string }; Querystring: { environment?: string; property?: string } }>('/activities/:id/results', async (request) => {
    requirePermission(request, 'read');
    const id = wholeNumber(request.params.id, 'the activity id', { max: 2_147_483_647 });
    const q = request.query as Record<string, unknown>;
    const environment = environmentNamed(single(q.environment, 'environment'));
    const { at, activity } = await publishedActivity(published, properties, id, environment, single(q.property, 'property'));

    const counts = await storage.readActivityCounts(at.property, activity, environment);
    const checked = activityCountsSchema.safeParse(counts);
    return {
      activity: { ...summary(at.property, activity), state: activity.state, environment, version: at.version },
      counts,
      // Experience targeting with one experience has nothing to compare: counts only.
      results: checked.success ? computeResults(checked.data) : null,
      method: { alpha: ALPHA, minVisitorsPerExperience: MIN_VISITORS_PER_EXPERIENCE, minConversions: MIN_CONVERSIONS },
    };
  });
}
