import { realpathSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSdr, ENVIRONMENTS, renderSdrMarkdown, unusedDataElements, type EnvironmentName, type Property } from '@tagwell/schema';
import { buildEnvironments, type BuildOptions, type BuildSummary } from './build';
import { buildAllProperties } from './build-all';
import { loadCustomCode } from './custom-code';
import { CompileError } from './errors';
import { loadProperty, resolvePropertyFile } from './load';

const USAGE = `usage:
  tagwell build <property-dir-or-json> --env <development|staging|production|all> [--out dir] [--tracking-server host:port]
  tagwell build-all <properties-dir> [--out dir] [--tracking-server host:port]
  tagwell validate <property-dir-or-json>
  tagwell sdr <property-dir-or-json> [--markdown out.md | --unused]`;

export interface Io {
  out(line: string): void;
  err(line: string): void;
}
const stdio: Io = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

/** A mistake on the command line: usage is printed, exit code 2. */
class UsageError extends Error {}

/** Runs one command; resolves to the exit code: 0 done, 1 invalid input, 2 bad usage, 3 internal error. */
export async function main(argv: string[], io: Io = stdio): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        env: { type: 'string' },
        out: { type: 'string' },
        'tracking-server': { type: 'string' },
        markdown: { type: 'string' },
        unused: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [command, target, ...extra] = positionals;
    if (values.help || command === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (!command) throw new UsageError('no command given');
    if (!target) throw new UsageError(`${command}: which property?`);
    if (extra.length) throw new UsageError(`unexpected argument ${extra[0]}`);
    const options: BuildOptions = { outDir: values.out, trackingServer: values['tracking-server'] };
    switch (command) {
      case 'build':
        return report(await buildEnvironments(target, environments(values.env), options), io);
      case 'build-all':
        return buildAll(target, options, io);
      case 'validate':
        return validate(target, io);
      case 'sdr':
        if (values.unused && values.markdown !== undefined) throw new UsageError('sdr: --markdown and --unused do not go together');
        return values.unused ? unused(target, io) : sdr(target, values.markdown, io);
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (e) {
    return fail(e, io);
  }
}

function fail(e: unknown, io: Io): number {
  if (e instanceof CompileError) {
    io.err(e.message);
    return 1;
  }
  // parseArgs throws TypeErrors with codes such as ERR_PARSE_ARGS_UNKNOWN_OPTION.
  if (e instanceof UsageError || String((e as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
    io.err(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  // Only a bug in Tagwell itself gets here: the stack is what a maintainer needs.
  io.err(`internal error: ${(e as Error).stack ?? String(e)}`);
  return 3;
}

function environments(env: string | undefined): readonly EnvironmentName[] {
  if (env === 'all') return ENVIRONMENTS;
  if ((ENVIRONMENTS as readonly string[]).includes(env ?? '')) return [env as EnvironmentName];
  throw new UsageError(env === undefined ? 'build needs --env' : `unknown environment ${env}`);
}

function report(summaries: BuildSummary[], io: Io): number {
  for (const s of summaries) io.out(`${s.property}/${s.environment}: ${s.files.js} (${kb(s.size.min)} min, ${kb(s.size.gzip)} gzip)`);
  return 0;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** Every properties/<name>/property.json, every environment; one invalid property does not stop the others. */
async function buildAll(dir: string, options: BuildOptions, io: Io): Promise<number> {
  const { summaries, failures } = await buildAllProperties(dir, options);
  report(summaries, io);
  for (const { error } of failures) io.err(error.message);
  return failures.length ? 1 : 0;
}

function validate(target: string, io: Io): number {
  const { property, file, dir } = loadProperty(target);
  // Custom code is part of the document: a snippet that cannot compile makes the document invalid.
  loadCustomCode(property, dir);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  io.out(`${file}: valid (${plural(property.rules.length, 'rule')}, ${plural(property.dataElements.length, 'data element')})`);
  return 0;
}

/** The property's data elements that nothing uses (custom code in files read, as the build reads it). */
function findUnused(property: Property, dir: string): string[] {
  const code = loadCustomCode(property, dir);
  return unusedDataElements(property, (at) => code.get(at)?.body);
}

/** On stderr, so that the JSON on stdout stays JSON. */
function warnUnused(names: string[], io: Io): void {
  if (!names.length) return;
  io.err(`${names.length} data element${names.length === 1 ? '' : 's'} nothing uses (read from the page and never reported):`);
  for (const name of names) io.err(`  ${name}`);
}

async function sdr(target: string, markdown: string | undefined, io: Io): Promise<number> {
  const { property, dir } = loadProperty(target);
  const model = buildSdr(property);
  const unusedNames = findUnused(property, dir);
  if (markdown === undefined) {
    io.out(JSON.stringify(model, null, 2));
    warnUnused(unusedNames, io);
    return 0;
  }
  await mkdir(path.dirname(markdown), { recursive: true });
  await writeFile(markdown, renderSdrMarkdown(model, unusedNames));
  io.out(`${resolvePropertyFile(target)}: SDR written to ${markdown}`);
  warnUnused(unusedNames, io);
  return 0;
}

/** `sdr --unused`: the names, one a line; exit 1 when there is any, for scripts and CI. */
function unused(target: string, io: Io): number {
  const { property, dir } = loadProperty(target);
  const names = findUnused(property, dir);
  for (const name of names) io.out(name);
  return names.length ? 1 : 0;
}

// Run when started as a script (`tsx packages/compiler/src/cli.ts ...`); bin/tagwell.mjs calls main() itself.
const self = fileURLToPath(import.meta.url);
if (process.argv[1] && realpath(process.argv[1]) === self) {
  process.exitCode = await main(process.argv.slice(2));
}

function realpath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
