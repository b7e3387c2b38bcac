import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { afterAll } from 'vitest';
import type { ContainerConfig } from '@tagwell/runtime/core/types';

/** A valid document with no rules; tests add what they exercise, as loosely typed JSON like a real file. */
export function baseProperty(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'fixture',
    version: 3,
    settings: { trackingServer: 'metrics.example.test' },
    environments: {
      development: { reportSuites: ['fixdev'] },
      staging: { reportSuites: ['fixstage'] },
      production: { reportSuites: ['fixprod', 'fixglobal'] },
    },
    ...overrides,
  };
}

/** Runs a generated entry with its imports replaced by their names, and returns the config it boots with. */
export function evaluateEntry(source: string, globals: Record<string, unknown> = {}): ContainerConfig {
  let config: ContainerConfig | undefined;
  const body = source
    .replace(/^import \{ boot \} from "[^"]+";$/m, '')
    .replace(/^import (\w+) from "[^"]+";$/gm, 'const $1 = "$1";');
  runInNewContext(body, { ...globals, boot: (c: ContainerConfig) => (config = c) });
  if (!config) throw new Error('the entry did not call boot');
  return config;
}

/** The `import` lines of a generated entry as [name, path] pairs. */
export function importsOf(source: string): Array<[string, string]> {
  return [...source.matchAll(/^import (.+) from "([^"]+)";$/gm)].map((m) => [m[1]!, m[2]!]);
}

/**
 * The temporary folders of this test file. One hook, registered when the file imports this module, removes
 * them all: a hook registered from inside a running test (where most folders are made) never runs.
 */
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder removed after the test file. */
export function tempDir(prefix = 'tagwell-compiler-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Writes a property folder (property.json plus extra files) and returns its path. */
export function writeProperty(root: string, name: string, document: unknown, files: Record<string, string> = {}): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'property.json'), JSON.stringify(document, null, 2));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const minimalProperty = path.join(repoRoot, 'properties/minimal/property.json');
