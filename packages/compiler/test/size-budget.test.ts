import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContainer, loadProperty } from '../src/index';
import type { SizeReport } from '../src/sizes';
import { minimalProperty } from './helpers';

// SPEC/ARCHITECTURE: a container of a few kilobytes; issue 17: a budget for each runtime module
// and for the whole production health-site container. The budgets, and how each is measured, are
// in size-budgets.json; a budget is raised only in a commit that says what the bytes buy.
const BUDGETS = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'size-budgets.json'), 'utf8')) as {
  containers: Record<'minimal' | 'health-site', number>;
  modules: Record<string, number>;
};
const HEALTH_SITE = path.join(import.meta.dirname, '..', '..', '..', 'properties', 'health-site');

async function production(dir: string): Promise<SizeReport> {
  const loaded = loadProperty(dir);
  return (await compileContainer(loaded.property, 'production', { propertyDir: loaded.dir })).size;
}

/** The runtime module an input belongs to: its folder under packages/runtime/src, a shared/ folder counted with its parent. */
function runtimeModule(input: string): string | undefined {
  const folder = /packages\/runtime\/src\/(.+)\/[^/]+$/.exec(input)?.[1];
  return folder?.replace(/\/shared$/, '');
}

/** Minified bytes per runtime module. */
function byModule(size: SizeReport): Map<string, number> {
  const modules = new Map<string, number>();
  for (const [input, bytes] of Object.entries(size.modules)) {
    const module = runtimeModule(input);
    if (module) modules.set(module, (modules.get(module) ?? 0) + bytes);
  }
  return modules;
}

const report = (name: string, size: SizeReport, budget: number) =>
  `${name} production: raw ${size.raw} B, min ${size.min} B, gzip ${size.gzip} B, brotli ${size.brotli} B (budget ${budget} B gzip)`;

const largest = (modules: Record<string, number>) =>
  Object.entries(modules)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 8)
    .map(([name, bytes]) => `${name} ${bytes}`)
    .join(', ');

it(`properties/minimal compiles to at most ${BUDGETS.containers.minimal} bytes min+gzip in production`, async () => {
  const size = await production(minimalProperty);
  console.log(report('properties/minimal', size, BUDGETS.containers.minimal));
  expect(size.gzip, `largest inputs (min bytes): ${largest(size.modules)}`).toBeLessThanOrEqual(BUDGETS.containers.minimal);
});

describe('the health-site production container', () => {
  it(`is at most ${BUDGETS.containers['health-site']} bytes min+gzip`, async () => {
    const size = await production(HEALTH_SITE);
    console.log(report('properties/health-site', size, BUDGETS.containers['health-site']));
    expect(size.gzip, `largest inputs (min bytes): ${largest(size.modules)}`).toBeLessThanOrEqual(BUDGETS.containers['health-site']);
  });

  it('holds no runtime module over its budget, and none without one', async () => {
    const modules = byModule(await production(HEALTH_SITE));
    const over = [...modules].filter(([module, bytes]) => !(bytes <= (BUDGETS.modules[module] ?? -1)));
    expect(
      over.map(([module, bytes]) => `${module}: ${bytes} B minified, budget ${BUDGETS.modules[module] ?? 'none (add one to size-budgets.json)'}`),
    ).toEqual([]);
    // A budget for a module the container no longer has is stale.
    expect(Object.keys(BUDGETS.modules).filter((module) => !modules.has(module))).toEqual([]);
  });
});

it('counts a shared folder with its module', () => {
  expect(runtimeModule('packages/runtime/src/actions/shared/tracker.ts')).toBe('actions');
  expect(runtimeModule('packages/runtime/src/personalisation/render/html.ts')).toBe('personalisation/render');
  expect(runtimeModule('packages/runtime/src/index.ts')).toBeUndefined();
  expect(runtimeModule('properties/health-site/production.entry.js')).toBeUndefined();
});
