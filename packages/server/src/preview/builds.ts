/**
 * The builds previews serve: a version compiled for an environment, made when a preview starts and
 * again on demand (another server behind the same balancer, or after this one dropped it), kept for
 * the last few versions previewed. Production builds live in the ContainerStore, never here.
 */
import type { CompiledContainer } from '@tagwell/compiler';
import type { EnvironmentName } from '@tagwell/schema';

/** Preview builds kept in memory: a handful of people preview at once. */
export const KEPT_PREVIEWS = 16;

export type CompileVersion = (property: string, version: number, environment: EnvironmentName) => Promise<CompiledContainer>;

export class PreviewBuilds {
  private readonly builds = new Map<string, Promise<CompiledContainer>>();

  constructor(private readonly compile: CompileVersion) {}

  /** The build (compiled once, shared by concurrent requests); rejects when the version does not build. */
  get(property: string, version: number, environment: EnvironmentName): Promise<CompiledContainer> {
    const key = `${property}/${version}/${environment}`;
    let build = this.builds.get(key);
    if (build) {
      // Most recently used last: the oldest goes first.
      this.builds.delete(key);
    } else {
      build = this.compile(property, version, environment);
      build.catch(() => this.builds.delete(key));
    }
    this.builds.set(key, build);
    while (this.builds.size > KEPT_PREVIEWS) this.builds.delete(this.builds.keys().next().value!);
    return build;
  }
}
