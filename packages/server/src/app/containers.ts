import { compileContainer, findProperties, loadProperty, type CompiledContainer, type LoadedProperty } from '@tagwell/compiler';
import { ENVIRONMENTS, type EnvironmentName, type Property } from '@tagwell/schema';
import { precompress, type Encoded } from './compression';

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

/**
 * Likewise an identity service on a `.localhost` name (docs/IDENTITY.md): the demo property's
 * `id.health.localhost` is this server on its port.
 */
export function localIdentityServer(property: Property, port: number): string | undefined {
  const server = property.settings.identity?.server;
  return server && /\.localhost$/.test(server) ? `${server}:${port}` : undefined;
}

/** And a decision service on a `.localhost` name (docs/PERSONALISATION.md): the demo property's `decisions.health.localhost`. */
export function localDecisionServer(property: Property, port: number): string | undefined {
  const server = property.personalisation?.server;
  return server && /\.localhost$/.test(server) ? `${server}:${port}` : undefined;
}

/** The build options that point a property's containers at this server, when it names a `.localhost` host. */
export const localServers = (property: Property, port: number) => ({
  trackingServer: localTrackingServer(property, port),
  identityServer: localIdentityServer(property, port),
  decisionServer: localDecisionServer(property, port),
});

/** Builds kept per environment after a newer one replaced them, for pages that still name them. */
export const KEPT_BUILDS = 5;

/**
 * The containers the server serves, by property and environment; publishing replaces one. The
 * last few builds of each stay reachable at their versioned URL (`<env>.<buildId>.js`), so a page
 * cached before a publish still loads the container it names.
 */
export class ContainerStore {
  private readonly containers = new Map<string, CompiledContainer[]>();
  /** Each build's compressed forms: the script's made when the build arrives, its map's on first request. */
  private readonly encodings = new WeakMap<CompiledContainer, { js: Promise<Encoded>; map?: Promise<Encoded> }>();

  static key(property: string, environment: string): string {
    return `${property}/${environment}`;
  }

  set(container: CompiledContainer): void {
    const key = ContainerStore.key(container.property, container.environment);
    const earlier = (this.containers.get(key) ?? []).filter((c) => c.buildId !== container.buildId);
    this.containers.set(key, [container, ...earlier].slice(0, KEPT_BUILDS + 1));
    // Once per build, not per request; off the event loop (zlib's threads).
    if (!this.encodings.has(container)) this.encodings.set(container, { js: precompress(container.js, container.buildId) });
  }

  /** The container's script (or with `map` its source map), compressed once (compression.ts). */
  encoded(container: CompiledContainer, map = false): Promise<Encoded> {
    let entry = this.encodings.get(container);
    if (!entry) this.encodings.set(container, (entry = { js: precompress(container.js, container.buildId) }));
    if (!map) return entry.js;
    return (entry.map ??= precompress(container.map, `${container.buildId}-map`));
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
      store.set(await compileContainer(property, env, { propertyDir: dir, ...localServers(property, port) }));
    }
  }
  return store;
}
