import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the runtime's sources are, and the version that goes into every container's build info. */
export interface RuntimePackage {
  /** Absolute, symlinks resolved. */
  dir: string;
  version: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Finds @tagwell/runtime the way Node would, through node_modules folders upwards. Not with
 * require.resolve: the package's exports map only .ts files under src/, not package.json.
 */
export function findRuntime(from = here): RuntimePackage {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', '@tagwell', 'runtime', 'package.json');
    if (existsSync(manifest)) return readRuntime(path.dirname(realpathSync(manifest)));
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`cannot find the @tagwell/runtime package from ${from}; run npm install`);
}

export function readRuntime(dir: string): RuntimePackage {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: unknown };
  return { dir, version: String(manifest.version) };
}

/** The source file of a runtime module id such as `events/click` or `core/boot`. */
export function runtimeModuleFile(runtime: RuntimePackage, id: string): string {
  return path.join(runtime.dir, 'src', `${id}.ts`);
}
