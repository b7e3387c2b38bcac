import { expect, it } from 'vitest';
import { compileContainer, loadProperty } from '../src/index';
import { minimalProperty } from './helpers';

// SPEC/ARCHITECTURE: a container of a few kilobytes. The budget is for the smallest useful
// property (one page-view rule, three data elements), shipped minified and gzipped.
const BUDGET = 5 * 1024;

it(`properties/minimal compiles to at most ${BUDGET} bytes min+gzip in production`, async () => {
  const { property, dir } = loadProperty(minimalProperty);
  const { size } = await compileContainer(property, 'production', { propertyDir: dir });
  const report = `properties/minimal production: raw ${size.raw} B, min ${size.min} B, gzip ${size.gzip} B, brotli ${size.brotli} B (budget ${BUDGET} B gzip)`;
  console.log(report);
  expect(size.gzip, `${report}\nlargest inputs (min bytes): ${largest(size.modules)}`).toBeLessThanOrEqual(BUDGET);
});

const largest = (modules: Record<string, number>) =>
  Object.entries(modules)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 8)
    .map(([name, bytes]) => `${name} ${bytes}`)
    .join(', ');
