import { createHash } from 'node:crypto';
import { ENVIRONMENTS, type EnvironmentName, type Personalisation } from '@tagwell/schema';
import type { PublishedActivities } from '../experiments/published';
import { buildArtifact, type Artifact } from './artifact';
import { obfuscate } from './obfuscate';

// What each environment decides from: the personalisation of the property version published
// there, read from storage (so every server process on one database decides alike after a
// publish, within PUBLICATION_TTL_MS), built once per version into its artifact.

export { PUBLICATION_TTL_MS } from '../experiments/published';

export interface Published {
  property: string;
  version: number;
  environment: EnvironmentName;
  personalisation: Personalisation;
  artifact: Artifact;
  /** rules.json's bytes and their ETag (the SDK polls with If-None-Match). */
  json: string;
  etag: string;
  /** rules.bin's bytes (obfuscated with the organisation id). */
  bin: Buffer;
}

export class PublishedDecisions {
  private readonly built = new Map<string, Published>();

  /** `environments` is the process's one reader of what each environment runs (shared with the collector). */
  constructor(private readonly environments: PublishedActivities) {}

  /** Every property's personalisation on each environment, keyed `<property>/<environment>`; artifacts built once per version. */
  private async current(): Promise<Map<string, Published>> {
    const byEnvironment = new Map<string, Published>();
    for (const environment of await this.environments.current()) {
      const { property, version, publishedAt, personalisation } = environment;
      if (!personalisation) continue;
      const key = `${property}/${environment.environment}/${version}`;
      let published = this.built.get(key);
      if (!published) {
        published = this.build(property, version, publishedAt, environment.environment, personalisation);
        this.built.set(key, published);
      }
      byEnvironment.set(`${property}/${environment.environment}`, published);
    }
    return byEnvironment;
  }

  private build(property: string, version: number, publishedAt: string, environment: EnvironmentName, personalisation: Personalisation): Published {
    const artifact = buildArtifact({ property, propertyVersion: version, publishedAt, environment, personalisation });
    const json = JSON.stringify(artifact);
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    return { property, version, environment, personalisation, artifact, json, etag, bin: obfuscate(json, personalisation.organizationId) };
  }

  /** The artifact route: the environment's publication whose client code is `client`. */
  async forArtifact(client: string, environment: EnvironmentName): Promise<Published | undefined> {
    for (const published of (await this.current()).values()) if (published.environment === environment && published.personalisation.client === client) return published;
    return undefined;
  }

  /**
   * The Delivery API: the property whose client code (or organisation id) the request names, on the
   * environment its `environmentId` maps to (personalisation.environmentIds; none: production).
   * undefined: no such client; an environment name alone: the client has no such environment id.
   */
  async forDelivery(who: { client?: string; organizationId?: string }, environmentId: number | undefined): Promise<Published | { unknownEnvironment: number } | undefined> {
    const all = [...(await this.current()).values()];
    const matches = (p: Published) => (who.client !== undefined ? p.personalisation.client === who.client : p.personalisation.organizationId === who.organizationId);
    const found = all.filter(matches);
    if (found.length === 0) return undefined;
    const reference = found.find((p) => p.environment === 'production') ?? found[0]!;
    const environment = environmentId === undefined ? 'production' : ENVIRONMENTS.find((env) => reference.personalisation.environmentIds[env] === environmentId);
    if (!environment) return { unknownEnvironment: environmentId! };
    // A client known on another environment but with nothing published here: no activities.
    return found.find((p) => p.environment === environment && p.property === reference.property) ?? this.build(reference.property, 0, '', environment, { ...reference.personalisation, activities: [] });
  }
}
