import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertProperty } from '@tagwell/schema';
import { CompileError, generateEntry, type RuntimePackage } from '../src/index';
import { baseProperty, evaluateEntry, importsOf, tempDir, writeProperty } from './helpers';

// A runtime that need not exist: generateEntry only writes paths, the bundler reads them.
const runtime: RuntimePackage = { dir: path.resolve('/opt/tagwell/packages/runtime'), version: '1.2.3' };
const src = (id: string) => path.join(runtime.dir, 'src', `${id}.ts`).split(path.sep).join('/');

const generate = (input: unknown, env: 'development' | 'staging' | 'production' = 'production', options = {}) =>
  generateEntry(assertProperty(input), env, { runtime, ...options });

const pageView = {
  name: 'Page view',
  events: [{ type: 'dom-ready' }],
  actions: [{ type: 'send-beacon', settings: { type: 'page' } }],
};

describe('generateEntry imports', () => {
  it('imports boot and only the component modules the property uses', () => {
    const { source, modules } = generate(
      baseProperty({
        dataElements: [{ name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' } }],
        rules: [
          {
            name: 'Links',
            events: [{ type: 'click', settings: { selector: 'a' } }, { type: 'click', settings: { selector: 'button' } }],
            conditions: [{ type: 'path', settings: { pattern: '^/conditions/' } }],
            exceptions: [{ type: 'path', settings: { pattern: '^/conditions/x' } }],
            actions: [{ type: 'set-variables', settings: { variables: { prop1: 'x' } } }, { type: 'send-beacon', settings: { type: 'link', linkName: 'l' } }],
          },
        ],
      }),
    );
    expect(modules).toEqual(['actions/send-beacon', 'actions/set-variables', 'conditions/path', 'data-elements/data-layer', 'events/click']);
    expect(importsOf(source)).toEqual([
      ['{ boot }', src('core/boot')],
      ['act_send_beacon', src('actions/send-beacon')],
      ['act_set_variables', src('actions/set-variables')],
      ['cond_path', src('conditions/path')],
      ['de_data_layer', src('data-elements/data-layer')],
      ['ev_click', src('events/click')],
    ]);
  });

  it('writes imports relative to importBase when asked, so the entry does not name the machine', () => {
    const base = path.dirname(path.dirname(runtime.dir));
    const { source } = generate(baseProperty({ rules: [pageView] }), 'production', { importBase: base });
    expect(importsOf(source).map(([, p]) => p)).toEqual([
      './packages/runtime/src/core/boot.ts',
      './packages/runtime/src/actions/send-beacon.ts',
      './packages/runtime/src/events/dom-ready.ts',
    ]);
    expect(source).not.toContain(base);
  });

  it('names a module by its kind, so one type name used as condition, action and data element imports three modules', () => {
    const code = { type: 'custom-code', settings: { source: 'return 1;' } };
    const { modules, source } = generate(
      baseProperty({
        dataElements: [{ name: 'X', ...code }],
        rules: [{ name: 'r', events: [{ type: 'library-loaded' }], conditions: [code], actions: [code] }],
      }),
    );
    expect(modules).toEqual(['actions/custom-code', 'conditions/custom-code', 'data-elements/custom-code', 'events/library-loaded']);
    expect(importsOf(source).map(([name]) => name)).toEqual(['{ boot }', 'act_custom_code', 'cond_custom_code', 'de_custom_code', 'ev_library_loaded']);
  });
});

describe('generateEntry rules', () => {
  it('keeps enabled rules only, lower order first, document order among equals', () => {
    const rule = (name: string, order?: number, enabled?: boolean, event = 'dom-ready') => ({
      name,
      ...(order === undefined ? {} : { order }),
      ...(enabled === undefined ? {} : { enabled }),
      events: [{ type: event, ...(event === 'direct-call' ? { settings: { id: name } } : {}) }],
      actions: [{ type: 'set-cookie', settings: { name: 'c', value: name } }],
    });
    const { source, modules } = generate(
      baseProperty({
        rules: [rule('a'), rule('b', 10), rule('off', 1, false, 'direct-call'), rule('c', 50, true), rule('d', 0), rule('e', 60), rule('f')],
      }),
    );
    const config = evaluateEntry(source);
    // The container needs the order only as the order of its rules (SPEC §9), so none is emitted.
    expect(config.rules.map((r) => r.name)).toEqual(['d', 'b', 'a', 'c', 'f', 'e']);
    expect(config.rules.every((r) => !('order' in r))).toBe(true);
    // The disabled rule's event type is not in the bundle at all.
    expect(modules).not.toContain('events/direct-call');
    expect(config.analytics).toBeUndefined();
  });

  it('emits events as { type, module, settings }, conditions and actions as { module, settings }, conditions keeping negate', () => {
    const config = evaluateEntry(
      generate(
        baseProperty({
          rules: [
            {
              name: 'r',
              events: [{ type: 'click', settings: { selector: '.x' } }],
              conditions: [{ type: 'path', negate: true, settings: { pattern: '^/a' } }],
              actions: [{ type: 'load-script', settings: { url: 'https://vendor.localhost/s.js' } }],
            },
          ],
        }),
      ).source,
    );
    // Empty parts (here: exceptions) are left out.
    expect(config.rules[0]).toEqual({
      name: 'r',
      events: [{ type: 'click', module: 'ev_click', settings: { selector: '.x', anchorDelay: true } }],
      conditions: [{ module: 'cond_path', settings: { pattern: '^/a' }, negate: true }],
      actions: [{ module: 'act_load_script', settings: { url: 'https://vendor.localhost/s.js' } }],
    });
  });
});

describe('generateEntry config', () => {
  const analyticsProperty = () =>
    baseProperty({
      settings: {
        trackingServer: 'metrics.example.test',
        cookieDomain: 'example.test',
        privacy: { postcodeFields: ['prop2', 'eVar10'], deniedQueryParams: ['useremail', 'nhs'] },
      },
      dataElements: [
        { name: 'Page Name', type: 'data-layer', settings: { path: 'page.name' }, default: 'N/A', forceLowerCase: true, cleanText: true, storage: 'session' },
        { name: 'Section', type: 'constant', settings: { value: 'web' } },
      ],
      rules: [
        {
          name: 'Page view',
          events: [{ type: 'dom-ready' }],
          actions: [
            {
              type: 'set-variables',
              settings: {
                variables: { pageName: '%Page Name%', channel: 'c', prop1: '%Section%', eVar88: 'e', campaign: 'k' },
                events: [{ name: 'event1' }],
                linkTrackVars: ['prop1', 'eVar88', 'channel'],
                linkTrackEvents: ['event1'],
              },
            },
            { type: 'send-beacon', settings: { type: 'page' } },
          ],
        },
      ],
    });

  it('maps set-variables to query keys for the tracker', () => {
    const config = evaluateEntry(generate(analyticsProperty()).source);
    expect(config.rules[0]!.actions[0]!.settings).toEqual({
      vars: [['pageName', '%Page Name%'], ['ch', 'c'], ['c1', '%Section%'], ['v88', 'e'], ['v0', 'k']],
      events: [{ name: 'event1' }],
      linkTrackVars: ['c1', 'v88', 'ch'],
      linkTrackEvents: ['event1'],
    });
  });

  it('builds the analytics settings for the environment, with the tracking server override', () => {
    const config = evaluateEntry(generate(analyticsProperty(), 'staging', { trackingServer: 'metrics.health.localhost:8080' }).source);
    expect(config.analytics).toEqual({
      trackingServer: 'metrics.health.localhost:8080',
      trackingServerSecure: 'metrics.health.localhost:8080',
      reportSuites: ['fixstage'],
      currency: 'GBP',
      codeVersion: 'TW-1.2.3',
      postcodeMarked: ['c2', 'v10'],
      deniedParams: ['nhs'],
    });
    expect(config.cookieDomain).toBe('example.test');
    // The runtime's own default is left out of the container.
    expect(config.nonceMeta).toBeUndefined();
    expect(evaluateEntry(generate(analyticsProperty(), 'production').source).analytics).toMatchObject({
      trackingServer: 'metrics.example.test',
      reportSuites: ['fixprod', 'fixglobal'],
    });
  });

  it('maps the every-hit variables to query keys, left as text for the page to resolve', () => {
    const doc = analyticsProperty();
    (doc.settings as Record<string, unknown>).everyHit = { pageName: '%Page Name%', prop5: '%Section%', eVar88: 'Y' };
    expect(evaluateEntry(generate(doc).source).analytics!.everyHit).toEqual([
      ['pageName', '%Page Name%'],
      ['c5', '%Section%'],
      ['v88', 'Y'],
    ]);
    // None declared: nothing in the container.
    expect(generate(analyticsProperty()).source).not.toContain('everyHit');
  });

  it('refuses a tracking server override that is not host[:port]', () => {
    expect(() => generate(analyticsProperty(), 'production', { trackingServer: 'http://metrics.example.test/' })).toThrow(CompileError);
  });

  it('emits data elements with their options, leaving out the ones not given', () => {
    const config = evaluateEntry(generate(analyticsProperty()).source);
    expect(config.dataElements).toEqual({
      'Page Name': {
        module: 'de_data_layer',
        settings: { path: 'page.name' },
        default: 'N/A',
        forceLowerCase: true,
        cleanText: true,
        storage: 'session',
      },
      Section: { module: 'de_constant', settings: { value: 'web' } },
    });
  });

  describe('build info', () => {
    afterEach(() => void vi.useRealTimers());

    it('is the same for the same input whenever it is built, and differs when the input differs', () => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
      const first = generate(analyticsProperty());
      vi.setSystemTime(new Date('2031-06-30T12:34:56Z'));
      const second = generate(analyticsProperty());
      expect(second.source).toBe(first.source);
      expect(first.buildId).toMatch(/^[0-9a-f]{12}$/);
      expect(evaluateEntry(first.source).build).toEqual({
        property: 'fixture',
        environment: 'production',
        version: '3',
        buildId: first.buildId,
        runtimeVersion: '1.2.3',
      });
      const ids = new Set([
        first.buildId,
        generate(analyticsProperty(), 'staging').buildId,
        generate(analyticsProperty(), 'production', { trackingServer: 'localhost:8080' }).buildId,
        generateEntry(assertProperty(analyticsProperty()), 'production', { runtime: { ...runtime, version: '1.2.4' } }).buildId,
        generate({ ...analyticsProperty(), version: 4 }).buildId,
      ]);
      expect(ids.size).toBe(5);
    });

    it('does not depend on the key order of the document', () => {
      const doc = analyticsProperty();
      const reordered = Object.fromEntries(Object.entries(doc).reverse());
      expect(generate(reordered).buildId).toBe(generate(doc).buildId);
    });
  });
});

describe('custom code', () => {
  const withCode = (settings: { source?: string; file?: string }) =>
    baseProperty({
      dataElements: [{ name: 'Computed', type: 'custom-code', settings: { source: 'return "de:" + (event ? event.type : "none");' } }],
      rules: [
        {
          name: 'Code',
          events: [{ type: 'direct-call', settings: { id: 'go' } }],
          conditions: [{ type: 'custom-code', settings: { source: 'return event.identifier === "go";' } }],
          actions: [{ type: 'custom-code', settings }],
        },
      ],
    });

  it('becomes a real function in the config, not a string to eval', () => {
    const { source } = generate(withCode({ source: 'var n = 1;\nreturn this.id + ":" + event.type + ":" + n;' }));
    expect(source).toContain('fn: function (event) {\nvar n = 1;\nreturn this.id');
    expect(source).not.toMatch(/"var n = 1/);
    const config = evaluateEntry(source);
    const action = config.rules[0]!.actions[0]!.settings.fn as (this: unknown, e: unknown) => unknown;
    expect(action.call({ id: 'el' }, { type: 'direct-call' })).toBe('el:direct-call:1');
    const condition = config.rules[0]!.conditions![0]!.settings.fn as (e: unknown) => unknown;
    expect(condition({ identifier: 'go' })).toBe(true);
    const element = config.dataElements.Computed!.settings.fn as (e: unknown) => unknown;
    expect(element(undefined)).toBe('de:none');
  });

  it('reads `file` relative to the property folder', () => {
    const dir = writeProperty(tempDir(), 'p', {}, { 'code/action.js': '// from a file\nreturn event.type.toUpperCase();\n' });
    const { source } = generate(withCode({ file: 'code/action.js' }), 'production', { propertyDir: dir });
    const fn = evaluateEntry(source).rules[0]!.actions[0]!.settings.fn as (e: unknown) => unknown;
    expect(fn({ type: 'click' })).toBe('CLICK');
  });

  it('reports a syntax error with the document path and the line in the snippet', () => {
    const doc = withCode({ source: 'var a = 1;\nvar b = ;\nreturn a;' });
    // An earlier, lower-ordered rule: the path must name the rule's index in the document, not in the sorted container.
    doc.rules = [{ ...pageView, order: 1 }, ...(doc.rules as unknown[])];
    const error = (() => {
      try {
        generate(doc);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CompileError);
    expect((error as CompileError).errors).toEqual(['rules[1].actions[0].settings.source: Unexpected ";" (line 2)']);
  });

  it('reports every broken snippet at once, files by name, and unreadable files', () => {
    const dir = writeProperty(tempDir(), 'p', {}, { 'broken.js': 'if (x) {\n  return 1;\n' });
    const doc = baseProperty({
      dataElements: [{ name: 'Bad', type: 'custom-code', settings: { source: 'return )' } }],
      rules: [
        {
          name: 'r',
          events: [{ type: 'dom-ready' }],
          exceptions: [{ type: 'custom-code', settings: { file: 'broken.js' } }],
          actions: [{ type: 'custom-code', settings: { file: 'missing.js' } }],
        },
      ],
    });
    expect(() => generate(doc, 'production', { propertyDir: dir })).toThrow(CompileError);
    try {
      generate(doc, 'production', { propertyDir: dir });
    } catch (e) {
      expect((e as CompileError).errors).toEqual([
        'dataElements[0].settings.source: Unexpected ")" (line 1)',
        'rules[0].exceptions[0].settings.file: Unexpected end of file (broken.js line 3)',
        'rules[0].actions[0].settings.file: cannot read missing.js (ENOENT)',
      ]);
    }
  });

  it('rejects a body that closes the function early', () => {
    expect(() => generate(withCode({ source: '}, stolen: function () {' }))).toThrow(/rules\[0\]\.actions\[0\]\.settings\.source: .* \(line 1\)/);
  });

  it('rejects syntax the target browsers cannot run and the bundler would refuse', () => {
    expect(() => generate(withCode({ source: 'with (a) { b(); }' }))).toThrow(/settings\.source: With statements cannot be used/);
  });
});
