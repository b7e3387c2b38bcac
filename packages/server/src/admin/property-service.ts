/**
 * Property versions and what each environment runs (docs/ADMIN-API.md). Storage holds every
 * version as a self-contained document and every publication; this process compiles the published
 * versions into the ContainerStore the container routes serve.
 */
import path from 'node:path';
import { CompileError, compileContainer, customCodeFiles, inlineCustomCode, type LoadedProperty } from '@tagwell/compiler';
import { ENVIRONMENTS, parseProperty, type EnvironmentName, type Property } from '@tagwell/schema';
import { localServers, type ContainerStore } from '../app/containers';
import { ApiError, toIssue } from '../app/errors';
import type { Publication, PropertyVersion, Storage } from '../storage';

export interface Deployment {
  version: number;
  publishedAt: string;
  publishedBy: string;
  buildId: string;
  bytes: number;
  gzipBytes: number;
  url: string;
}

/** The author of what the server does by itself (imports at start). */
export const SYSTEM_ACTOR = 'system';

const previousEnvironment = (env: EnvironmentName): EnvironmentName | undefined => ENVIRONMENTS[ENVIRONMENTS.indexOf(env) - 1];

/** The same JSON text once stored: what storage gives back for a document. */
const canonical = (document: unknown): string => JSON.stringify(JSON.parse(JSON.stringify(document)));

export class PropertyService {
  private readonly deployments = new Map<string, Deployment>();
  private readonly loaded = new Map<string, LoadedProperty>();
  /** Publishing is one at a time per process: two builds of one environment must not cross. */
  private publishing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly storage: Storage,
    properties: readonly LoadedProperty[],
    private readonly store: ContainerStore,
    private readonly port: () => number,
    private readonly log: (msg: string) => void = () => undefined,
  ) {
    for (const p of properties) this.loaded.set(p.property.name, p);
  }

  names(): string[] {
    return [...this.loaded.keys()].sort();
  }

  /** Throws NOT_FOUND for a property this server does not serve. */
  assertKnown(name: string): void {
    if (!this.loaded.has(name)) throw new ApiError('NOT_FOUND', `no property named ${name}`);
  }

  /** Every report suite an environment names in any version of any property: reports may narrow to these, past data included. */
  async reportSuites(): Promise<Set<string>> {
    const known = new Set<string>();
    for (const name of this.names()) {
      for (const version of await this.storage.listPropertyVersions(name)) {
        const environments = (version.document as Partial<Pick<Property, 'environments'>>).environments;
        for (const environment of ENVIRONMENTS) for (const reportSuite of environments?.[environment]?.reportSuites ?? []) known.add(reportSuite);
      }
    }
    return known;
  }

  deploymentsOf(name: string): Partial<Record<EnvironmentName, Deployment>> {
    const out: Partial<Record<EnvironmentName, Deployment>> = {};
    for (const env of ENVIRONMENTS) {
      const deployment = this.deployments.get(`${name}/${env}`);
      if (deployment) out[env] = deployment;
    }
    return out;
  }

  /**
   * The property files are the starting point: the first start imports each as version 1 on every
   * environment; a later start imports a changed file as a new version on development only, so
   * staging and production keep what was published there.
   */
  async importFiles(): Promise<void> {
    for (const { property, dir, file } of this.loaded.values()) {
      const document = inlineCustomCode(property, dir);
      const versions = await this.storage.listPropertyVersions(property.name);
      const lastImport = versions.find((v) => v.createdBy === SYSTEM_ACTOR);
      if (versions.length > 0 && lastImport && canonical(lastImport.document) === canonical(document)) continue;
      const note = `imported from ${path.relative(process.cwd(), file) || file}`;
      const version = await this.storage.createPropertyVersion({ property: property.name, document, createdBy: SYSTEM_ACTOR, note });
      const environments = versions.length === 0 ? ENVIRONMENTS : (['development'] as const);
      for (const environment of environments) {
        await this.storage.recordPublication({ environment, property: property.name, version: version.version, publishedBy: SYSTEM_ACTOR });
      }
      await this.storage.appendAudit({
        actor: SYSTEM_ACTOR,
        action: 'property.import',
        detail: { property: property.name, version: version.version, environments, file: note.slice('imported from '.length) },
      });
      this.log(`properties: imported ${property.name} as version ${version.version} (${environments.join(', ')})`);
    }
  }

  /**
   * Compiles what storage says each environment runs, where this process does not run it yet:
   * at start, and now and then, so that several servers on one database serve the same versions.
   */
  async syncPublished(): Promise<void> {
    for (const name of this.names()) {
      for (const publication of await this.storage.currentPublications(name)) {
        const current = this.deployments.get(`${name}/${publication.environment}`);
        if (current && current.version === publication.version && current.publishedAt === publication.publishedAt) continue;
        const version = await this.storage.getPropertyVersion(name, publication.version);
        if (!version) continue;
        await this.deploy(version, publication);
      }
    }
  }

  /** Validates, checks that `baseVersion` is still the latest, stores a new version. */
  async saveVersion(name: string, input: { document: unknown; note?: string | null; baseVersion: number }, actor: string): Promise<PropertyVersion> {
    this.assertKnown(name);
    const property = this.validate(name, input.document);
    const [latest] = await this.storage.listPropertyVersions(name);
    // Optimistic: the check and the insert are not one transaction, so two saves in the same
    // instant can both pass; each then gets its own number and neither is lost.
    if (latest && latest.version !== input.baseVersion) {
      throw new ApiError('VERSION_CONFLICT', `version ${latest.version} was saved by ${latest.createdBy} after version ${input.baseVersion}`);
    }
    const version = await this.storage.createPropertyVersion({ property: name, document: property, createdBy: actor, note: input.note ?? null });
    await this.storage.appendAudit({ actor, action: 'version.create', detail: { property: name, version: version.version, note: version.note } });
    return version;
  }

  /** Builds the version for the environment, records the publication (with its note), serves the new container. */
  publish(name: string, environment: EnvironmentName, versionNumber: number, actor: string, note: string | null = null): Promise<{ publication: Publication; deployment: Deployment }> {
    const run = async () => {
      this.assertKnown(name);
      const version = await this.storage.getPropertyVersion(name, versionNumber);
      if (!version) throw new ApiError('NOT_FOUND', `${name} has no version ${versionNumber}`);
      const before = previousEnvironment(environment);
      if (before && !(await this.storage.publicationHistory(name, before)).some((p) => p.version === versionNumber)) {
        throw new ApiError('PROMOTION_ORDER', `version ${versionNumber} has not run on ${before} yet`);
      }
      // Build first: a version that does not compile is never recorded as published.
      const container = await this.compile(version, environment);
      const publication = await this.storage.recordPublication({ environment, property: name, version: versionNumber, publishedBy: actor, note });
      const deployment = this.serve(container, publication);
      await this.storage.appendAudit({
        actor,
        action: 'publish',
        detail: { property: name, environment, version: versionNumber, buildId: deployment.buildId, ...(note === null ? {} : { note }) },
      });
      this.log(`properties: ${actor} published ${name} version ${versionNumber} to ${environment} (${deployment.buildId})`);
      return { publication, deployment };
    };
    const result = this.publishing.then(run, run);
    this.publishing = result.catch(() => undefined);
    return result;
  }

  /** The schema's checks plus the server's own: the name is the route's, custom code is inline. */
  private validate(name: string, document: unknown): Property {
    const result = parseProperty(document);
    if (!result.ok) throw new ApiError('INVALID_PROPERTY', undefined, result.errors.map(toIssue));
    const issues = [
      ...(result.property.name === name ? [] : [{ path: 'name', message: `must stay "${name}"` }]),
      // A file path would let a document read files on the server into a public container.
      ...customCodeFiles(result.property).map((at) => ({ path: at, message: 'custom code must be inline (source), not a file' })),
    ];
    if (issues.length) throw new ApiError('INVALID_PROPERTY', undefined, issues);
    return result.property;
  }

  private async deploy(version: PropertyVersion, publication: Publication): Promise<void> {
    try {
      this.serve(await this.compile(version, publication.environment), publication);
    } catch (error) {
      // One version that no longer builds must not keep the others from being served.
      this.log(`properties: cannot build ${version.property} version ${version.version} for ${publication.environment}: ${(error as Error).message}`);
    }
  }

  /** Builds a version for an environment without serving it (publishing, and previews: preview/). */
  async compile(version: PropertyVersion, environment: EnvironmentName) {
    const loaded = this.loaded.get(version.property)!;
    const result = parseProperty(version.document);
    if (!result.ok) throw new ApiError('BUILD_FAILED', `version ${version.version} is not valid: ${result.errors.join('; ')}`);
    try {
      return await compileContainer(result.property, environment, {
        propertyDir: loaded.dir,
        ...localServers(result.property, this.port()),
      });
    } catch (error) {
      if (error instanceof CompileError) throw new ApiError('BUILD_FAILED', error.message);
      throw error;
    }
  }

  private serve(container: Awaited<ReturnType<PropertyService['compile']>>, publication: Publication): Deployment {
    this.store.set(container);
    const deployment: Deployment = {
      version: publication.version,
      publishedAt: publication.publishedAt,
      publishedBy: publication.publishedBy,
      buildId: container.buildId,
      bytes: container.size.min,
      gzipBytes: container.size.gzip,
      url: `/containers/${container.property}/${container.environment}.js`,
    };
    this.deployments.set(`${container.property}/${container.environment}`, deployment);
    return deployment;
  }
}
