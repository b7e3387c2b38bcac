// Builds the console (packages/console/dist) when its sources are newer than the last build, so
// `npm start` on a fresh clone serves it at /console/ and a restart after a change serves the change.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const consoleDir = fileURLToPath(new URL('../packages/console', import.meta.url));
const schemaDir = fileURLToPath(new URL('../packages/schema/src', import.meta.url));

function newest(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newest(path.join(target, name))));
}

export function consoleIsStale(): boolean {
  const built = path.join(consoleDir, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(consoleDir, p));
  return Math.max(...sources.map(newest), newest(schemaDir)) > statSync(built).mtimeMs;
}

export async function buildConsole({ force = false } = {}): Promise<boolean> {
  if (!force && !consoleIsStale()) return false;
  const { build } = await import('vite');
  await build({ root: consoleDir, configFile: path.join(consoleDir, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = Date.now();
  await buildConsole({ force: process.argv.includes('--force') });
  console.log(`console built in ${Date.now() - started} ms`);
}
