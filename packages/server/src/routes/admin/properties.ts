import type { FastifyInstance } from 'fastify';
import { ENVIRONMENTS, buildSdr, parseProperty } from '@tagwell/schema';
import { z } from 'zod';
import { requirePermission } from '../../admin/auth';
import type { PropertyService } from '../../admin/property-service';
import { ApiError } from '../../app/errors';
import type { PropertyVersion, Storage } from '../../storage';
import { parseBody, wholeNumber } from './body';

type Params = { name: string };
type VersionParams = Params & { version: string };

const saveVersion = z.object({
  document: z.unknown().refine((d) => d !== undefined, 'required'),
  note: z.string().max(500).nullish(),
  baseVersion: z.number().int().min(0),
});
// The note says why (issue 19 item 6): the console asks for one when publishing to production.
const publish = z.object({ environment: z.enum(ENVIRONMENTS), version: z.number().int().min(1), note: z.string().trim().max(500).nullish() });

const summary = ({ document: _document, id: _id, property: _property, ...rest }: PropertyVersion) => rest;
const full = ({ id: _id, property: _property, ...rest }: PropertyVersion) => rest;

/** Properties, versions, publishing and the SDR (docs/ADMIN-API.md "Properties, versions and publishing"). */
export function propertyRoutes(scope: FastifyInstance, storage: Storage, service: PropertyService): void {
  const latest = async (name: string): Promise<PropertyVersion> => {
    service.assertKnown(name);
    const [version] = await storage.listPropertyVersions(name);
    if (!version) throw new ApiError('NOT_FOUND', `${name} has no versions yet`);
    return version;
  };

  scope.get('/properties', async (request) => {
    requirePermission(request, 'read');
    const properties = [];
    for (const name of service.names()) {
      const [version] = await storage.listPropertyVersions(name);
      properties.push({ name, latestVersion: version?.version ?? 0, environments: service.deploymentsOf(name) });
    }
    return { properties };
  });

  scope.get<{ Params: Params }>('/properties/:name', async (request) => {
    requirePermission(request, 'read');
    const { name } = request.params;
    return { name, latest: full(await latest(name)), environments: service.deploymentsOf(name) };
  });

  scope.get<{ Params: Params }>('/properties/:name/versions', async (request) => {
    requirePermission(request, 'read');
    const { name } = request.params;
    service.assertKnown(name);
    const running = service.deploymentsOf(name);
    const versions = (await storage.listPropertyVersions(name)).map((v) => ({
      ...summary(v),
      environments: ENVIRONMENTS.filter((env) => running[env]?.version === v.version),
    }));
    return { versions };
  });

  scope.get<{ Params: VersionParams }>('/properties/:name/versions/:version', async (request) => {
    requirePermission(request, 'read');
    const { name } = request.params;
    service.assertKnown(name);
    const version = await storage.getPropertyVersion(name, wholeNumber(request.params.version, 'version'));
    if (!version) throw new ApiError('NOT_FOUND', `${name} has no version ${request.params.version}`);
    return full(version);
  });

  scope.post<{ Params: Params }>('/properties/:name/versions', async (request, reply) => {
    const { user } = requirePermission(request, 'edit');
    const body = parseBody(saveVersion, request.body);
    const version = await service.saveVersion(request.params.name, body, user.username);
    return reply.code(201).send(full(version));
  });

  scope.get<{ Params: Params; Querystring: { environment?: string } }>('/properties/:name/publications', async (request) => {
    requirePermission(request, 'read');
    const { name } = request.params;
    service.assertKnown(name);
    const environment = request.query.environment;
    if (environment !== undefined && !(ENVIRONMENTS as readonly string[]).includes(environment)) {
      throw new ApiError('BAD_REQUEST', `environment must be one of ${ENVIRONMENTS.join(', ')}`);
    }
    const publications = await storage.publicationHistory(name, environment as (typeof ENVIRONMENTS)[number] | undefined);
    return { publications: publications.map(({ property: _p, ...rest }) => rest) };
  });

  scope.post<{ Params: Params }>('/properties/:name/publications', async (request, reply) => {
    const { user } = requirePermission(request, 'publish');
    const { environment, version, note } = parseBody(publish, request.body);
    const { publication, deployment } = await service.publish(request.params.name, environment, version, user.username, note || null);
    const { property: _p, ...rest } = publication;
    return reply.code(201).send({ publication: rest, deployment });
  });

  scope.get<{ Params: Params; Querystring: { version?: string } }>('/properties/:name/sdr', async (request) => {
    requirePermission(request, 'read');
    const { name } = request.params;
    const version =
      request.query.version === undefined
        ? await latest(name)
        : await storage.getPropertyVersion(name, wholeNumber(request.query.version, 'version'));
    if (!version) throw new ApiError('NOT_FOUND', `${name} has no version ${request.query.version}`);
    const parsed = parseProperty(version.document);
    if (!parsed.ok) throw new ApiError('INVALID_PROPERTY', `version ${version.version} is not valid`);
    return buildSdr(parsed.property);
  });
}
