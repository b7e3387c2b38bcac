/**
 * One activity as an environment runs it (docs/ADMIN-API.md "Activities"): what the results and
 * the experience preview of an activity read, named by its id and, when two properties publish the
 * same id there, its property.
 */
import { ENVIRONMENTS, type Activity, type EnvironmentName } from '@tagwell/schema';
import type { PropertyService } from '../../admin/property-service';
import { ApiError } from '../../app/errors';
import type { PublishedActivities, PublishedEnvironment } from '../../experiments/published';

/** An environment name as a request gives it (`production` when none), or BAD_REQUEST. */
export function environmentNamed(value: string | undefined): EnvironmentName {
  const text = value ?? 'production';
  if (!(ENVIRONMENTS as readonly string[]).includes(text)) throw new ApiError('BAD_REQUEST', `environment must be one of ${ENVIRONMENTS.join(', ')}, got ${JSON.stringify(text)}`);
  return text as EnvironmentName;
}

/** The activity `id` published on `environment` (by `property` when given), or NOT_FOUND / BAD_REQUEST saying why. */
export async function publishedActivity(
  published: PublishedActivities,
  properties: PropertyService,
  id: number,
  environment: EnvironmentName,
  property: string | undefined,
): Promise<{ at: PublishedEnvironment; activity: Activity }> {
  if (property !== undefined) properties.assertKnown(property);
  const here = (await published.read()).filter((e) => e.environment === environment && (property === undefined || e.property === property));
  const found = here.flatMap((e) => e.activities.filter((a) => a.id === id).map((activity) => ({ at: e, activity })));
  if (found.length === 0) {
    const ids = here.flatMap((e) => e.activities.map((a) => a.id));
    throw new ApiError('NOT_FOUND', `activity ${id} is not published on ${environment}; published there: ${ids.length ? ids.join(', ') : 'none'}`);
  }
  if (found.length > 1) throw new ApiError('BAD_REQUEST', `activity ${id} is published by ${found.map((f) => f.at.property).join(' and ')}; name one with its property`);
  return found[0]!;
}
