import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertProperty, buildSdr } from '@tagwell/schema';
import { buildAll, buildContainer, COMPILE_HINT, CompileError, compileContainer, findRuntime, readRuntime } from '../src/index';
import { baseProperty, minimalProperty, repoRoot, tempDir, writeProperty } from './helpers';

const read = (file: string) => readFileSync(file);

describe('buildContainer', () => {
  it('writes the container, its map, its size report and the SDR', async () => {
    const out = tempDir();
    const summary = await buildContainer(minimalProperty, 'production', { outDir: out });
    const dir = path.join(out, 'minimal');
    expect(summary.files).toEqual({
      js: path.join(dir, 'production.js'),
      map: path.join(dir, 'production.js.map'),
      size: path.join(dir, 'production.size.json'),
      sdr: path.join(dir, 'sdr.json'),
    });
    for (const file of Object.values(summary.files)) expect(existsSync(file), file).toBe(true);

    const js = readFileSync(summary.files.js, 'utf8');
    expect(js.startsWith(`${COMPILE_HINT}\n(()=>{`)).toBe(true);
    expect(js.trimEnd().endsWith('//# sourceMappingURL=production.js.map')).toBe(true);
    expect(js).toContain(summary.buildId);

    const size = JSON.parse(readFileSync(summary.files.size, 'utf8'));
    expect(size).toMatchObject({ property: 'minimal', environment: 'production', buildId: summary.buildId, min: Buffer.byteLength(js) });
    expect(size.gzip).toBeLessThan(size.min);
    expect(size.brotli).toBeLessThan(size.min);
    expect(size.raw).toBeGreaterThan(size.min);
    expect(size.modules['packages/runtime/src/core/boot.ts']).toBeGreaterThan(0);
    expect(size.modules['packages/runtime/src/events/dom-ready.ts']).toBeGreaterThanOrEqual(0);
    // Only what the property uses is bundled.
    expect(Object.keys(size.modules).some((m) => m.includes('/events/click.ts'))).toBe(false);

    const property = assertProperty(JSON.parse(readFileSync(minimalProperty, 'utf8')));
    expect(JSON.parse(readFileSync(summary.files.sdr, 'utf8'))).toEqual(JSON.parse(JSON.stringify(buildSdr(property))));
  });

  it('gives a source map with relative, machine-independent paths and the sources embedded', async () => {
    const { files } = await buildContainer(minimalProperty, 'production', { outDir: tempDir() });
    const map = JSON.parse(readFileSync(files.map, 'utf8')) as { sources: string[]; sourcesContent: string[] };
    expect(map.sources).toContain('packages/runtime/src/core/boot.ts');
    expect(map.sources).toContain('minimal/production.entry.js');
    for (const source of map.sources) expect(path.isAbsolute(source) || source.startsWith('..'), source).toBe(false);
    expect(map.sourcesContent).toHaveLength(map.sources.length);
    expect(JSON.stringify(map)).not.toContain(repoRoot);
    // The compile hint's line comes first and maps to nothing: the code's mappings start on line 2.
    expect(readFileSync(files.js, 'utf8').split('\n')[0]).toBe(COMPILE_HINT);
    expect((map as unknown as { mappings: string }).mappings).toMatch(/^;[^;]/);
  });

  it('builds byte-identical files from the same input, wherever they are written', async () => {
    const [a, b] = [tempDir(), tempDir()];
    const first = await buildContainer(minimalProperty, 'production', { outDir: a });
    const second = await buildContainer(minimalProperty, 'production', { outDir: b });
    for (const key of ['js', 'map', 'size', 'sdr'] as const) expect(read(second.files[key]).equals(read(first.files[key])), key).toBe(true);
    // And again into the same folder, over the first build.
    const third = await buildContainer(minimalProperty, 'production', { outDir: a });
    expect(read(third.files.js).equals(read(second.files.js))).toBe(true);
  });

  it('bundles custom code as code and writes the tracking server override', async () => {
    const root = tempDir();
    const dir = writeProperty(
      root,
      'coded',
      baseProperty({
        name: 'coded',
        rules: [
          {
            name: 'Code',
            events: [{ type: 'dom-ready' }],
            actions: [
              { type: 'custom-code', settings: { source: 'window.__twCustom = event.type;' } },
              { type: 'send-beacon', settings: { type: 'page' } },
            ],
          },
        ],
      }),
    );
    const { files } = await buildContainer(dir, 'development', { outDir: path.join(root, 'out'), trackingServer: 'metrics.health.localhost:8080' });
    const js = readFileSync(files.js, 'utf8');
    // Minified as code (no spaces around =), never kept as a string for eval.
    expect(js).toContain('window.__twCustom=');
    expect(js).not.toContain('window.__twCustom = event.type');
    expect(js).not.toMatch(/\beval\(|new Function/);
    // Internal keys are mangled; the values stay.
    expect(js).toMatch(/:"metrics\.health\.localhost:8080"/);
    expect(js).toContain(':["fixdev"]');
    expect(js).not.toContain('trackingServer');
  });

  it('reports an invalid document with every path: message', async () => {
    const dir = writeProperty(tempDir(), 'bad', { ...baseProperty(), name: 'Bad', rules: [{ name: 'r', events: [], actions: [{ type: 'nope' }] }] });
    await expect(buildContainer(dir, 'production', { outDir: tempDir() })).rejects.toThrow(CompileError);
    const error = (await buildContainer(dir, 'production').catch((e: unknown) => e)) as CompileError;
    expect(error.errors).toEqual([
      'name: lower-case letters, digits and hyphens',
      'rules[0].events: a rule needs at least one event',
      expect.stringMatching(/^rules\[0\]\.actions\[0\]\.type: unknown type "nope"/),
    ]);
  });

  it('names the runtime modules that are missing rather than failing inside the bundler', async () => {
    const runtimeDir = path.join(tempDir(), 'packages', 'runtime');
    mkdirSync(path.join(runtimeDir, 'src', 'core'), { recursive: true });
    writeFileSync(path.join(runtimeDir, 'package.json'), '{"version":"0.0.1"}');
    writeFileSync(path.join(runtimeDir, 'src', 'core', 'boot.ts'), 'export function boot(_c: unknown): void {}\n');
    const property = assertProperty(JSON.parse(readFileSync(minimalProperty, 'utf8')));
    const error = (await compileContainer(property, 'production', { runtime: readRuntime(runtimeDir) }).catch((e: unknown) => e)) as CompileError;
    expect(error).toBeInstanceOf(CompileError);
    expect(error.errors).toContain('events/dom-ready (packages/runtime/src/events/dom-ready.ts)');
  });

  it('finds the workspace runtime and its version', () => {
    const runtime = findRuntime();
    expect(runtime.dir).toBe(path.join(repoRoot, 'packages', 'runtime'));
    expect(runtime.version).toBe(JSON.parse(readFileSync(path.join(runtime.dir, 'package.json'), 'utf8')).version);
  });

  it('buildAll builds every valid property and then names the invalid ones', async () => {
    const properties = tempDir();
    mkdirSync(path.join(properties, 'minimal'));
    copyFileSync(minimalProperty, path.join(properties, 'minimal', 'property.json'));
    writeProperty(properties, 'broken', { name: 'broken' });
    const out = tempDir();
    const error = (await buildAll(properties, { outDir: out }).catch((e: unknown) => e)) as CompileError;
    expect(error).toBeInstanceOf(CompileError);
    expect(error.errors).toContain(`${path.join(properties, 'broken', 'property.json')}: settings: required`);
    for (const env of ['development', 'staging', 'production']) expect(existsSync(path.join(out, 'minimal', `${env}.js`))).toBe(true);
    writeProperty(properties, 'broken', { ...baseProperty(), name: 'broken' });
    const summaries = await buildAll(properties, { outDir: out });
    expect(summaries.map((s) => `${s.property}/${s.environment}`)).toEqual([
      'broken/development', 'broken/staging', 'broken/production',
      'minimal/development', 'minimal/staging', 'minimal/production',
    ]);
  });
});
