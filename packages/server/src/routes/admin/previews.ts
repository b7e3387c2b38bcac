import type { FastifyInstance } from 'fastify';
import { ENVIRONMENTS } from '@tagwell/schema';
import { z } from 'zod';
import { requirePermission } from '../../admin/auth';
import type { PropertyService } from '../../admin/property-service';
import { ApiError } from '../../app/errors';
import { PREVIEW_SECONDS, type Previews } from '../../preview';
import type { Storage } from '../../storage';
import { parseBody } from './body';

const startPreview = z.object({ environment: z.enum(ENVIRONMENTS), version: z.number().int().min(1).optional() });

/**
 * `POST /api/admin/properties/:name/previews` (docs/ADMIN-API.md): builds the latest version, or
 * the one named, for an environment and answers the two addresses the console opens on the
 * container's host to start and to end the preview in that browser (routes/container-preview.ts).
 * Editors may preview what they may save; nothing is published.
 */
export function previewRoutes(scope: FastifyInstance, storage: Storage, service: PropertyService, previews: Previews): void {
  scope.post<{ Params: { name: string } }>('/properties/:name/previews', async (request, reply) => {
    requirePermission(request, 'edit');
    const { name } = request.params;
    service.assertKnown(name);
    const body = parseBody(startPreview, request.body);
    const version = body.version ?? (await storage.listPropertyVersions(name))[0]?.version;
    if (version === undefined || !(await storage.getPropertyVersion(name, version))) throw new ApiError('NOT_FOUND', `${name} has no version ${body.version ?? ''}`.trim());
    // Built now, so a version that does not build is refused here (422), not silently on the page.
    const build = await previews.builds.get(name, version, body.environment);
    const expires = Math.floor(Date.now() / 1000) + PREVIEW_SECONDS;
    const token = previews.tokens.sign({ property: name, environment: body.environment, version, expires });
    const base = `/containers/${encodeURIComponent(name)}/preview`;
    return reply.code(201).send({
      property: name,
      environment: body.environment,
      version,
      buildId: build.buildId,
      expiresAt: new Date(expires * 1000).toISOString(),
      startPath: `${base}?token=${encodeURIComponent(token)}`,
      endPath: `${base}/end`,
    });
  });
}
