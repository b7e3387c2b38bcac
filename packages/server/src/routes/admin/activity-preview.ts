/**
 * `POST /api/admin/activities/:id/experiences/:n/preview` (issue 14 item 4; docs/ADMIN-API.md
 * "Activities", docs/PERSONALISATION.md "Previewing an experience"): a signed token that forces
 * experience `n` of the activity published on an environment, and the address of the activity's
 * page with it as at.js's `at_preview_token`. The page sends it back as the Delivery request's
 * `preview.token`; only the browser that opens the address sees the experience, for an hour, and
 * nothing it is shown is counted. Editors may preview what they may save; nothing is published.
 */
import type { FastifyInstance } from 'fastify';
import { isDemoHost } from '@tagwell/demo-site';
import { ENVIRONMENTS, type Activity, type AudienceCondition } from '@tagwell/schema';
import { z } from 'zod';
import { requirePermission } from '../../admin/auth';
import type { PropertyService } from '../../admin/property-service';
import { ApiError } from '../../app/errors';
import { PublishedActivities, type PublishedEnvironment } from '../../experiments/published';
import { PREVIEW_SECONDS, type ExperiencePreviewTokens } from '../../preview';
import type { Storage } from '../../storage';
import { parseBody, wholeNumber } from './body';
import { publishedActivity } from './published-activity';

/** at.js's query parameter for a QA link; the page's personalisation module reads the same name. */
export const PREVIEW_PARAMETER = 'at_preview_token';

const startPreview = z.strictObject({ environment: z.enum(ENVIRONMENTS).default('production'), property: z.string().min(1).optional() });

/** Conditions the visitor must meet (not negated ones, which say where the activity is not). */
const required = (activity: Activity): AudienceCondition[] =>
  [activity.audience, ...activity.experiences.map((e) => e.audience)].flatMap((audience) => (audience?.match === 'any' ? [] : (audience?.conditions ?? []))).filter((c) => !c.negate);

/**
 * The activity's page on the environment: the first host its audience requires among the
 * environment's hosts (else the environment's first host, the live host on production), at the
 * first path it requires (equals or startsWith; else the home page). A demo host is served by this
 * server, on its port.
 */
export function activityPage(activity: Activity, environment: PublishedEnvironment, port: number): URL | undefined {
  const conditions = required(activity);
  const hosts = conditions.flatMap((c) => (c.type === 'host' ? c.values : [])).filter((h) => environment.hosts.includes(h));
  const host = hosts[0] ?? environment.hosts[0];
  if (!host) return undefined;
  const path = conditions.flatMap((c) => (c.type === 'path' && c.operator !== 'contains' ? c.values : []))[0] ?? '/';
  return new URL(path, isDemoHost(host) ? `http://${host}:${port}` : `https://${host}`);
}

export function activityPreviewRoutes(scope: FastifyInstance, storage: Storage, properties: PropertyService, tokens: ExperiencePreviewTokens, port: () => number): void {
  const published = new PublishedActivities(storage, () => properties.names());

  scope.post<{ Params: { id: string; n: string } }>('/activities/:id/experiences/:n/preview', async (request, reply) => {
    requirePermission(request, 'edit');
    const id = wholeNumber(request.params.id, 'the activity id', { max: 2_147_483_647 });
    const experienceId = wholeNumber(request.params.n, 'the experience', { min: 0, max: 9_999 });
    const body = parseBody(startPreview, request.body);
    const { at, activity } = await publishedActivity(published, properties, id, body.environment, body.property);
    const experience = activity.experiences[experienceId];
    if (!experience) throw new ApiError('NOT_FOUND', `activity ${id} has experiences 0 to ${activity.experiences.length - 1}, not ${experienceId}`);
    const page = activityPage(activity, at, port());
    if (!page) throw new ApiError('NOT_FOUND', `${at.property} has no host on ${at.environment} to preview on`);
    const expires = Math.floor(Date.now() / 1000) + PREVIEW_SECONDS;
    const token = tokens.sign({ property: at.property, environment: at.environment, activityId: id, experienceId, expires });
    page.searchParams.set(PREVIEW_PARAMETER, token);
    return reply.code(201).send({
      property: at.property,
      environment: at.environment,
      version: at.version,
      activity: { id, name: activity.name, state: activity.state },
      experience: { id: experienceId, name: experience.name },
      expiresAt: new Date(expires * 1000).toISOString(),
      token,
      url: page.href,
    });
  });
}
