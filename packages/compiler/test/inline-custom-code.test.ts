import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProperty } from '../src/load';
import { CompileError, customCodeFiles, inlineCustomCode } from '../src/index';
import { tempDir } from './helpers';

const healthSite = loadProperty(path.resolve(__dirname, '../../../properties/health-site'));

describe('inlineCustomCode', () => {
  it('stores every custom-code file of the health site inline, leaving the original untouched', () => {
    const before = customCodeFiles(healthSite.property);
    expect(before.length).toBeGreaterThan(0);
    const inlined = inlineCustomCode(healthSite.property, healthSite.dir);
    expect(customCodeFiles(inlined)).toEqual([]);
    expect(customCodeFiles(healthSite.property)).toEqual(before);
    const [first] = before;
    const at = first!.replace(/\.file$/, '');
    const read = (doc: unknown) => at.split(/\.|\[|\]/).filter(Boolean).reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], doc);
    expect(typeof (read(inlined) as { source: unknown }).source).toBe('string');
    expect((read(inlined) as { source: string }).source.length).toBeGreaterThan(0);
  });

  it('names the file it cannot read', () => {
    const dir = tempDir('tw-inline-');
    mkdirSync(path.join(dir, 'code'));
    writeFileSync(path.join(dir, 'code', 'a.js'), 'return 1;');
    const doc = structuredClone(healthSite.property);
    const files = customCodeFiles(doc);
    expect(() => inlineCustomCode(doc, dir)).toThrow(CompileError);
    expect(() => inlineCustomCode(doc, dir)).toThrow(/cannot read/);
    expect(files.length).toBeGreaterThan(0);
  });
});
