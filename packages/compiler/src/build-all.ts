import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENTS } from '@tagwell/schema';
import { buildEnvironments, type BuildOptions, type BuildSummary } from './build';
import { CompileError } from './errors';

export interface BuildAllResult {
  summaries: BuildSummary[];
  /** Properties that could not be built; the others were built all the same. */
  failures: Array<{ file: string; error: CompileError }>;
}

/** Every `<dir>/<name>/property.json`, sorted so that output order never depends on the file system. */
export function findProperties(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    throw new CompileError(`${dir}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const files = entries
    .filter((d) => d.isDirectory())
    .map((d) => path.join(dir, d.name, 'property.json'))
    .filter((f) => existsSync(f))
    .sort();
  if (!files.length) throw new CompileError(`${dir}: no <name>/property.json found`);
  return files;
}

/** Builds every environment of every property in `dir`; one invalid property does not stop the others. */
export async function buildAllProperties(dir: string, options: BuildOptions = {}): Promise<BuildAllResult> {
  const result: BuildAllResult = { summaries: [], failures: [] };
  for (const file of findProperties(dir)) {
    try {
      result.summaries.push(...(await buildEnvironments(file, ENVIRONMENTS, options)));
    } catch (e) {
      if (!(e instanceof CompileError)) throw e;
      result.failures.push({ file, error: e });
    }
  }
  return result;
}

/** Like buildAllProperties, but throws one CompileError naming every property that failed, after building the rest. */
export async function buildAll(dir: string, options: BuildOptions = {}): Promise<BuildSummary[]> {
  const { summaries, failures } = await buildAllProperties(dir, options);
  if (failures.length)
    throw new CompileError(
      `${failures.length} of the properties in ${dir} could not be built:`,
      failures.flatMap(({ file, error }) => (error.errors.length ? error.errors.map((e) => `${file}: ${e}`) : [error.message])),
    );
  return summaries;
}
