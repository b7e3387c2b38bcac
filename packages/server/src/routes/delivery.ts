import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENVIRONMENTS, type EnvironmentName } from '@tagwell/schema';
import { errorBody } from '../app/errors';
import { decide, deliveryQuerySchema, deliveryRequestSchema, forcedExperience, problems, readEventToken, type PublishedDecisions } from '../decisions';
import { deliveryEvents } from '../experiments/delivery-exposures';
import type { Conversion, Exposure } from '../experiments/store';
import type { ExperiencePreviewTokens } from '../preview';

/** Takes a call's exposures and conversions to storage, apart from its answer (never failing it). */
export type ExperimentEvents = (events: { exposures: Exposure[]; conversions: Conversion[] }) => void;

/** A Delivery API request names a few locations; 64 KB is far more than one needs. */
const BODY_LIMIT = 64 * 1024;

// CORS for pages on the site's hosts: no cookies are read or set, so any origin may ask.
const cors = (reply: FastifyReply) =>
  reply.header('access-control-allow-origin', '*').header('access-control-allow-methods', 'GET, POST, OPTIONS').header('access-control-allow-headers', 'content-type').header('access-control-max-age', '600');

/**
 * The decision service (issue 14 item 2, CONTRACT §5): Target's Delivery API v1 and the on-device
 * artifacts, on any host that is not a demo site. Of a request, only which experience a consented
 * visitor was shown (and the click goals reached) is stored, under a digest of the visitor id.
 * `previews` reads preview links' tokens (issue 14 item 4): without it no request is previewed.
 */
export function deliveryRoutes(app: FastifyInstance, decisions: PublishedDecisions, record: ExperimentEvents = () => {}, previews?: ExperiencePreviewTokens): void {
  void app.register(async (scope) => {
    // at.js posts as text/plain (no preflight); the Node SDK as application/json.
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('the body is not JSON'), { statusCode: 400 }), undefined);
      }
    });

    scope.options('/rest/v1/delivery', async (_request, reply) => cors(reply).code(204).send());

    scope.post('/rest/v1/delivery', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      cors(reply).header('cache-control', 'no-store');
      const query = deliveryQuerySchema.safeParse(request.query, { reportInput: true });
      if (!query.success) return reply.code(400).send(errorBody('DELIVERY_INVALID', problems(query.error, 'query')));
      const body = deliveryRequestSchema.safeParse(request.body ?? undefined, { reportInput: true });
      if (!body.success) return reply.code(400).send(errorBody('DELIVERY_INVALID', problems(body.error, '')));
      const bad = (body.data.notifications ?? []).flatMap((n, i) => n.tokens.flatMap((token, j) => (readEventToken(token) ? [] : [`notifications[${i}].tokens[${j}]: not an event token of this service`])));
      if (bad.length) return reply.code(400).send(errorBody('DELIVERY_INVALID', bad.slice(0, 5).join('; ')));

      const { client, imsOrgId, sessionId } = query.data;
      const published = await decisions.forDelivery({ client, organizationId: imsOrgId }, body.data.environmentId);
      if (!published) return reply.code(404).send(errorBody('UNKNOWN_CLIENT', client ? `client ${client}` : `organisation ${imsOrgId}`));
      if ('unknownEnvironment' in published) return reply.code(400).send(errorBody('UNKNOWN_ENVIRONMENT_ID', String(published.unknownEnvironment)));
      // A tampered, expired or foreign preview token is ignored: the page gets its usual answer.
      const forced = body.data.preview && previews ? forcedExperience(previews.verify(body.data.preview.token), published) : undefined;
      const answer = decide(body.data, sessionId, { client: published.personalisation.client, artifact: published.artifact, forced });
      const active = published.personalisation.activities.filter((a) => a.state === 'active');
      const events = deliveryEvents({ property: published.property, environment: published.environment }, active, body.data, answer, new Date());
      if (events.exposures.length || events.conversions.length) record(events);
      return reply.send(answer);
    });

    // SPEC §9: artifact formats bin and json; environments production, staging, development.
    for (const format of ['json', 'bin'] as const) {
      scope.get<{ Params: { client: string; environment: string } }>(`/:client/:environment/v1/rules.${format}`, async (request, reply) => {
        cors(reply);
        const { client, environment } = request.params;
        if (!(ENVIRONMENTS as readonly string[]).includes(environment)) return reply.code(404).send(errorBody('NOT_FOUND', `environments are ${ENVIRONMENTS.join(', ')}`));
        const published = await decisions.forArtifact(client, environment as EnvironmentName);
        if (!published) return reply.code(404).send(errorBody('UNKNOWN_CLIENT', `client ${client} on ${environment}`));
        reply.header('etag', published.etag).header('cache-control', 'no-cache');
        if (request.headers['if-none-match'] === published.etag) return reply.code(304).send();
        return format === 'json' ? reply.type('application/json; charset=utf-8').send(published.json) : reply.type('application/octet-stream').send(published.bin);
      });
    }
  });
}
