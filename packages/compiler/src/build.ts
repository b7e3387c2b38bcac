import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions as EsbuildOptions, type Message } from 'esbuild';
import { buildSdr, ENVIRONMENTS, type EnvironmentName, type Property } from '@tagwell/schema';
import { CompileError } from './errors';
import { INTERNAL_PROPERTIES } from '@tagwell/runtime/internal-properties';
import { featureDefines } from './features';
import { generateEntry } from './generate';
import { loadProperty } from './load';
import { findRuntime, runtimeModuleFile, type RuntimePackage } from './runtime-package';
import { sizeReport, type SizeReport } from './sizes';
import { BROWSER_TARGETS } from './targets';

export interface CompileOptions {
  runtime?: RuntimePackage;
  trackingServer?: string;
  /** Replaces settings.identity.server (the demo's identity service on this server's port). */
  identityServer?: string;
  /** Replaces personalisation.server (the demo's decision service on this server's port). */
  decisionServer?: string;
  /** The folder that custom-code `file` settings are relative to. */
  propertyDir?: string;
  /** Entries at least this long ship their rules and data elements as JSON (default JSON_FROM_CHARS). */
  jsonFromChars?: number;
}

export interface BuildOptions extends Omit<CompileOptions, 'propertyDir'> {
  /** Default `dist/containers`, relative to the working directory. */
  outDir?: string;
}

/** A container in memory, for callers (the server) that publish without writing files. */
export interface CompiledContainer {
  property: string;
  environment: EnvironmentName;
  buildId: string;
  js: string;
  map: string;
  size: SizeReport;
  modules: string[];
}

export interface BuildSummary {
  property: string;
  environment: EnvironmentName;
  buildId: string;
  /** Paths of the files written. */
  files: { js: string; map: string; size: string; sdr: string };
  size: SizeReport;
  modules: string[];
}

/**
 * An entry at least this long (its rules and data elements, mostly) ships them as JSON text: the page parses
 * that faster than it compiles the same object literal (docs/PERFORMANCE.md, "Start-up"). Below it the
 * literal is smaller and its cost is lost in the noise; the size-budget property stays far below.
 */
export const JSON_FROM_CHARS = 10_000;

/**
 * The container's first line: the per-file explicit compile hint. Chromium (136 on) then compiles every
 * function of the script eagerly, on the thread that streams it in, instead of each on the main thread
 * when the start first calls it; nearly all of a container's functions run while it starts. Other
 * browsers read a comment (docs/PERFORMANCE.md, "Compiled while it streams").
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Compiles one environment's container: generate the entry, then bundle and minify it with the runtime. */
export async function compileContainer(property: Property, env: EnvironmentName, options: CompileOptions = {}): Promise<CompiledContainer> {
  const runtime = options.runtime ?? findRuntime();
  // Paths in the map and the metafile are relative to this folder (the workspace root for packages/runtime),
  // so two machines build the same bytes.
  const root = path.dirname(path.dirname(runtime.dir));
  const entry = generateEntry(property, env, { ...options, runtime, importBase: root });
  const missing = ['core/boot', ...entry.modules].filter((id) => !existsSync(runtimeModuleFile(runtime, id)));
  if (missing.length)
    throw new CompileError(`the runtime has no module for:`, missing.map((id) => `${id} (${path.relative(root, runtimeModuleFile(runtime, id))})`));

  // A large property's rules and data elements go as JSON (generate.ts), which changes what the runtime needs (TW_RULE_BODIES).
  const packs = entry.source.length >= (options.jsonFromChars ?? JSON_FROM_CHARS);
  const esbuildOptions = (source: string): EsbuildOptions => ({
    stdin: { contents: source, resolveDir: root, sourcefile: `${property.name}/${env}.entry.js`, loader: 'js' },
    absWorkingDir: root,
    // Never written (write: false); it names the map in the sourceMappingURL comment and anchors the map's paths.
    outfile: path.join(root, `${env}.js`),
    write: false,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: BROWSER_TARGETS,
    legalComments: 'none',
    banner: { js: COMPILE_HINT },
    charset: 'utf8',
    treeShaking: true,
    // Optional runtime features the property (or the environment) does not use drop out (packages/runtime/src/features.d.ts).
    define: featureDefines(property, env, packs),
    // The runtime's internal property names shrink to a letter or two; public ones (the _satellite
    // API, DOM, RuleEvent fields custom code reads) are never in the list.
    // Custom code is bundled too: a name it uses anywhere keeps its name.
    mangleProps: new RegExp(`^(${INTERNAL_PROPERTIES.filter((name) => !entry.customCodeWords.has(name)).join('|')})$`),
    logLevel: 'silent',
  });
  let min, raw;
  try {
    const minified = (source: string, mangleCache: Record<string, string | false>) =>
      build({ ...esbuildOptions(source), minify: true, sourcemap: 'linked', sourcesContent: true, metafile: true, mangleCache });
    let source = entry.source;
    let names: Record<string, string | false> = {};
    min = await minified(source, names);
    // A large property's rules and data elements go as JSON (generate.ts), written with the names this
    // build gave their keys; the next build keeps those names (the same mangle cache).
    if (packs && min.mangleCache) {
      names = min.mangleCache;
      source = generateEntry(property, env, { ...options, runtime, importBase: root, renamed: names }).source;
      min = await minified(source, names);
    }
    raw = await build({ ...esbuildOptions(source), minify: false, mangleCache: names });
  } catch (e) {
    const errors = (e as { errors?: Message[] }).errors;
    if (!errors) throw e;
    throw new CompileError(`bundling ${property.name} (${env}) failed:`, errors.map(formatMessage));
  }
  const js = min.outputFiles?.find((f) => f.path.endsWith('.js'));
  const map = min.outputFiles?.find((f) => f.path.endsWith('.js.map'));
  const rawJs = raw.outputFiles?.find((f) => f.path.endsWith('.js'));
  if (!js || !map || !rawJs) throw new Error('esbuild produced no output');
  return {
    property: property.name,
    environment: env,
    buildId: entry.buildId,
    js: js.text,
    map: map.text,
    size: sizeReport(rawJs.contents, js.contents, min.metafile),
    modules: entry.modules,
  };
}

/**
 * Builds `<outDir>/<property>/<env>.js` with its `.js.map`, `.size.json` and the property's
 * `sdr.json`. The same input gives byte-identical files.
 */
export async function buildContainer(propertyFile: string, env: EnvironmentName, options: BuildOptions = {}): Promise<BuildSummary> {
  const { property, dir } = loadProperty(propertyFile);
  return writeContainer(property, env, { ...options, propertyDir: dir });
}

/** Builds every environment of one property. */
export async function buildEnvironments(propertyFile: string, envs: readonly EnvironmentName[] = ENVIRONMENTS, options: BuildOptions = {}): Promise<BuildSummary[]> {
  const { property, dir } = loadProperty(propertyFile);
  const out: BuildSummary[] = [];
  for (const env of envs) out.push(await writeContainer(property, env, { ...options, propertyDir: dir }));
  return out;
}

async function writeContainer(property: Property, env: EnvironmentName, options: BuildOptions & CompileOptions): Promise<BuildSummary> {
  const container = await compileContainer(property, env, options);
  const dir = path.join(options.outDir ?? path.join('dist', 'containers'), property.name);
  await mkdir(dir, { recursive: true });
  const files = {
    js: path.join(dir, `${env}.js`),
    map: path.join(dir, `${env}.js.map`),
    size: path.join(dir, `${env}.size.json`),
    sdr: path.join(dir, 'sdr.json'),
  };
  // The map first and the script last: a server reading the folder never sees a script without its map.
  await writeAtomic(files.map, container.map);
  await writeAtomic(files.size, json({ property: property.name, environment: env, buildId: container.buildId, ...container.size }));
  await writeAtomic(files.sdr, json(buildSdr(property)));
  await writeAtomic(files.js, container.js);
  return { property: property.name, environment: env, buildId: container.buildId, files, size: container.size, modules: container.modules };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Write then rename, so a server serving the folder never sends half a file. */
async function writeAtomic(file: string, data: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

function formatMessage(m: Message): string {
  const where = m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ` : '';
  return `${where}${m.text}`;
}
