import { compileContainer, findProperties, loadProperty, type CompiledContainer, type LoadedProperty } from '@tagwell/compiler';
import { ENVIRONMENTS, type EnvironmentName, type Property } from '@tagwell/schema';

/** Every property under `dir` (`<dir>/<name>/property.json`); an invalid one stops the start. */
export function loadProperties(dir: string): LoadedProperty[] {
  return findProperties(dir).map((file) => loadProperty(file));
}

/**
 * A tracking server on a `.localhost` name is this server itself (CONTRACT §3): the demo's
 * containers send to it on the port it listens on.
 */
export function localTrackingServer(property: Property, port: number): string | undefined {
  const server = property.settings.trackingServer;
  return /\.localhost$/.test(server) ? `${server}:${port}` : undefined;
}

/** Builds kept per environment after a newer one replaced them, for pages that still name them. */
export const KEPT_BUILDS = 5;

/**
 * The containers the server serves, by property and environment; publishing replaces one. The
 * last few builds of each stay reachable at their versioned URL (`<env>.<buildId>.js`), so a page
 * cached before a publish still loads the container it names.
 */
export class ContainerStore {
  private readonly containers = new Map<string, CompiledContainer[]>();

  static key(property: string, environment: string): string {
    return `${property}/${environment}`;
  }

  set(container: CompiledContainer): void {
    const key = ContainerStore.key(container.property, container.environment);
    const earlier = (this.containers.get(key) ?? []).filter((c) => c.buildId !== container.buildId);
    this.containers.set(key, [container, ...earlier].slice(0, KEPT_BUILDS + 1));
  }

  /** The current build, or with `buildId` that build while it is kept. */
  get(property: string, environment: string, buildId?: string): CompiledContainer | undefined {
    const builds = this.containers.get(ContainerStore.key(property, environment));
    return buildId === undefined ? builds?.[0] : builds?.find((c) => c.buildId === buildId);
  }
}

/** Compiles every environment of every property into the store. */
export async function buildAllContainers(properties: LoadedProperty[], port: number, store = new ContainerStore()): Promise<ContainerStore> {
  for (const { property, dir } of properties) {
    for (const env of ENVIRONMENTS as readonly EnvironmentName[]) {
      store.set(await compileContainer(property, env, { propertyDir: dir, trackingServer: localTrackingServer(property, port) }));
    }
  }
  return store;
}
