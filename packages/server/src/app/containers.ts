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

/** The containers the server serves, by property and environment; publishing replaces one. */
export class ContainerStore {
  private readonly containers = new Map<string, CompiledContainer>();

  static key(property: string, environment: string): string {
    return `${property}/${environment}`;
  }

  set(container: CompiledContainer): void {
    this.containers.set(ContainerStore.key(container.property, container.environment), container);
  }

  get(property: string, environment: string): CompiledContainer | undefined {
    return this.containers.get(ContainerStore.key(property, environment));
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
