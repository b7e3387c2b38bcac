import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baseProperty, minimalProperty, tempDir, writeProperty } from './helpers';

const bin = fileURLToPath(new URL('../bin/tagwell.mjs', import.meta.url));

/** Runs the real launcher, from a folder outside the workspace so that nothing depends on the working directory. */
function tagwell(args: string[], cwd = tempDir()) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('tagwell CLI', { timeout: 30_000 }, () => {
  const invalid = writeProperty(tempDir(), 'invalid', {
    ...baseProperty(),
    settings: { trackingServer: 'not a host!' },
    rules: [{ name: 'r', events: [{ type: 'click', settings: {} }], actions: [] }],
  });

  it('validate: exits 1 listing every path: message on stderr, without a stack trace', () => {
    const { code, stdout, stderr } = tagwell(['validate', invalid]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${path.join(invalid, 'property.json')} is invalid:`);
    expect(stderr).toContain('settings.trackingServer: a host name, optionally with :port');
    expect(stderr).toContain('rules[0].events[0].settings.selector: required');
    expect(stderr).toContain('rules[0].actions: a rule needs at least one action');
    noStack(stderr);
  });

  it('build: exits 1 for an invalid document and writes nothing', () => {
    const out = tempDir();
    const { code, stderr } = tagwell(['build', invalid, '--env', 'all', '--out', out]);
    expect(code).toBe(1);
    expect(stderr).toContain('rules[0].actions: a rule needs at least one action');
    expect(existsSync(path.join(out, 'fixture'))).toBe(false);
    noStack(stderr);
  });

  it('build: exits 1 naming the document path of a custom-code syntax error', () => {
    const dir = writeProperty(tempDir(), 'code', {
      ...baseProperty(),
      rules: [{ name: 'r', events: [{ type: 'dom-ready' }], actions: [{ type: 'custom-code', settings: { source: 'if (a {\n}' } }] }],
    });
    const { code, stderr } = tagwell(['build', dir, '--env', 'production', '--out', tempDir()]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/rules\[0\]\.actions\[0\]\.settings\.source: .+ \(line 1\)/);
    noStack(stderr);
  });

  it('exits 1 for a missing file or broken JSON, and 2 for bad usage', () => {
    expect(tagwell(['validate', '/nonexistent/property.json'])).toMatchObject({ code: 1, stderr: expect.stringContaining('cannot read (ENOENT)') });
    const broken = writeProperty(tempDir(), 'broken', {});
    const file = path.join(broken, 'property.json');
    copyFileSync(bin, file);
    expect(tagwell(['validate', file])).toMatchObject({ code: 1, stderr: expect.stringContaining('not valid JSON') });
    expect(tagwell(['build', minimalProperty, '--env', 'prod'])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown environment prod') });
    expect(tagwell(['build', minimalProperty])).toMatchObject({ code: 2, stderr: expect.stringContaining('build needs --env') });
    expect(tagwell(['frobnicate', minimalProperty])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command') });
    expect(tagwell(['validate', minimalProperty, '--bogus']).code).toBe(2);
  });

  it('validate and build: a valid property', () => {
    expect(tagwell(['validate', path.dirname(minimalProperty)])).toMatchObject({ code: 0, stdout: expect.stringContaining('valid (1 rule, 3 data elements)') });
    const out = tempDir();
    const { code, stdout, stderr } = tagwell(['build', path.dirname(minimalProperty), '--env', 'all', '--out', out, '--tracking-server', 'metrics.health.localhost:8080']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    for (const env of ['development', 'staging', 'production']) {
      const js = path.join(out, 'minimal', `${env}.js`);
      expect(stdout).toContain(`minimal/${env}: ${js} (`);
      expect(readFileSync(js, 'utf8')).toContain('metrics.health.localhost:8080');
    }
    expect(stdout).toMatch(/KB gzip\)/);
  });

  it('build-all: builds every property, reports the invalid ones and exits 1', () => {
    const root = tempDir();
    const properties = path.join(root, 'properties');
    mkdirSync(path.join(properties, 'minimal'), { recursive: true });
    copyFileSync(minimalProperty, path.join(properties, 'minimal', 'property.json'));
    writeProperty(properties, 'zz-invalid', { name: 'zz-invalid' });
    mkdirSync(path.join(properties, 'not-a-property'));
    const { code, stdout, stderr } = tagwell(['build-all', 'properties', '--out', 'out'], root);
    expect(code).toBe(1);
    expect(stdout.trim().split('\n')).toHaveLength(3);
    expect(stdout).toContain(`minimal/production: ${path.join('out', 'minimal', 'production.js')} (`);
    expect(existsSync(path.join(root, 'out', 'minimal', 'sdr.json'))).toBe(true);
    expect(stderr).toContain('settings: required');
    noStack(stderr);
  });

  it('sdr: prints the SDR as JSON or writes it as Markdown', () => {
    const printed = tagwell(['sdr', minimalProperty]);
    expect(printed.code).toBe(0);
    const sdr = JSON.parse(printed.stdout);
    const variables = sdr.variables.map((v: { name: string; query: string }) => [v.name, v.query]);
    expect(variables).toHaveLength(3);
    expect(variables).toEqual(expect.arrayContaining([['pageName', 'pageName'], ['channel', 'ch'], ['prop1', 'c1']]));
    const md = path.join(tempDir(), 'docs', 'sdr.md');
    expect(tagwell(['sdr', minimalProperty, '--markdown', md]).code).toBe(0);
    expect(readFileSync(md, 'utf8')).toContain('# Solution design reference: minimal');
  });

  it('sdr: names the data elements nothing uses, reading custom code files as the build does', () => {
    const dir = writeProperty(
      tempDir(),
      'unused',
      baseProperty({
        dataElements: [
          { name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' } },
          { name: 'Section', type: 'custom-code', settings: { file: 'code/section.js' } },
          { name: 'Raw Section', type: 'data-layer', settings: { path: 'page.section' } },
          { name: 'Card Rank', type: 'data-layer', settings: { path: 'cardDetails.rank' } },
          { name: 'Page URL', type: 'data-layer', settings: { path: 'page.pageUrl' } },
        ],
        rules: [
          {
            name: 'Page view',
            events: [{ type: 'dom-ready' }],
            actions: [
              { type: 'set-variables', settings: { variables: { pageName: '%Page Name%', prop5: '%Section%' } } },
              { type: 'send-beacon', settings: { type: 'page' } },
            ],
          },
        ],
      }),
      { 'code/section.js': "return _satellite.getVar('Raw Section') || 'web';" },
    );
    const printed = tagwell(['sdr', dir]);
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.stdout).property).toBe('fixture');
    expect(printed.stderr).toBe('2 data elements nothing uses (read from the page and never reported):\n  Card Rank\n  Page URL\n');
    const md = path.join(tempDir(), 'sdr.md');
    expect(tagwell(['sdr', dir, '--markdown', md])).toMatchObject({ code: 0, stderr: printed.stderr });
    expect(readFileSync(md, 'utf8')).toContain('## Data elements nothing uses\nRead from the page and never reported: send each in a documented variable, or remove it.\n\n- Card Rank\n- Page URL\n');
    expect(tagwell(['sdr', dir, '--unused'])).toEqual({ code: 1, stdout: 'Card Rank\nPage URL\n', stderr: '' });
    expect(tagwell(['sdr', minimalProperty, '--unused'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(tagwell(['sdr', dir, '--unused', '--markdown', md]).code).toBe(2);
  });
});
