/**
 * Activities and their results (issue 14 items 3-4; docs/ADMIN-API.md "Activities"): what each
 * environment runs, and per experience and goal the figures of experiments/results.ts, read from
 * the experiment tables.
 */
import type { FastifyInstance } from 'fastify';
import { ENVIRONMENTS, type Activity, type EnvironmentName } from '@tagwell/schema';
import { requirePermission } from '../../admin/auth';
import type { PropertyService } from '../../admin/property-service';
import { ApiError } from '../../app/errors';
import { activityCountsSchema, ALPHA, computeResults, MIN_CONVERSIONS, MIN_VISITORS_PER_EXPERIENCE } from '../../experiments';
import { PublishedActivities } from '../../experiments/published';
import type { Storage } from '../../storage';
import { wholeNumber } from './body';

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
    const environmentText = single(q.environment, 'environment') ?? 'production';
    if (!(ENVIRONMENTS as readonly string[]).includes(environmentText)) throw new ApiError('BAD_REQUEST', `environment must be one of ${ENVIRONMENTS.join(', ')}, got ${JSON.stringify(environmentText)}`);
    const environment = environmentText as EnvironmentName;
    const property = single(q.property, 'property');
    if (property !== undefined) properties.assertKnown(property);

    const here = (await published.read()).filter((e) => e.environment === environment && (property === undefined || e.property === property));
    const found = here.flatMap((e) => e.activities.filter((a) => a.id === id).map((activity) => ({ published: e, activity })));
    if (found.length === 0) {
      const ids = here.flatMap((e) => e.activities.map((a) => a.id));
      throw new ApiError('NOT_FOUND', `activity ${id} is not published on ${environment}; published there: ${ids.length ? ids.join(', ') : 'none'}`);
    }
    if (found.length > 1) throw new ApiError('BAD_REQUEST', `activity ${id} is published by ${found.map((f) => f.published.property).join(' and ')}; name one with ?property=`);
    const { published: at, activity } = found[0]!;

    const counts = await storage.readActivityCounts(activity, environment);
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
