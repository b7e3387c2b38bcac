import path from 'node:path';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { assertProperty } from '@tagwell/schema';
import { compileContainer, generateEntry, loadProperty, type RuntimePackage } from '../src/index';
import { BODY_CHUNK, Code, jsonLiteral, UserKeys } from '../src/emit';
import { featureDefines } from '../src/features';
import { baseProperty, evaluateEntry, minimalProperty } from './helpers';

// Start-up (docs/PERFORMANCE.md): a large property's rules and data elements travel as JSON text,
// which the page parses for far less than it compiles the same object literal. Both forms must boot
// the same container.

const runtime: RuntimePackage = { dir: path.resolve('/opt/tagwell/packages/runtime'), version: '1.2.3' };

const property = assertProperty(
  baseProperty({
    dataElements: [
      { name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' }, default: 'N/A', forceLowerCase: true },
      { name: 'Computed value', type: 'custom-code', settings: { source: 'return "de:" + (event ? event.type : "none");' } },
    ],
    rules: [
      {
        name: 'Page view',
        events: [{ type: 'dom-ready' }],
        actions: [
          { type: 'set-variables', settings: { variables: { pageName: '%Page Name%', prop1: '%Computed value%' }, contextData: { 'tool.name': 'bmi', module: 'x' } } },
          { type: 'send-beacon', settings: { type: 'page' } },
        ],
      },
      {
        name: 'Go',
        events: [{ type: 'direct-call', settings: { id: 'go' } }, { type: 'click', settings: { selector: 'a.go' } }],
        conditions: [{ type: 'custom-code', settings: { source: 'return event.identifier === "go";' } }],
        exceptions: [{ type: 'path', settings: { pattern: '^/private/' } }],
        actions: [{ type: 'custom-code', settings: { source: 'window.went = true;' } }],
      },
    ],
  }),
);

/** The config as the page gets it, custom code as its text: functions compare by identity. */
const comparable = (value: unknown) => JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'function' ? `fn:${String(v)}` : v)));

describe('rules and data elements as JSON', () => {
  it('boot the same config as the object literal, modules and custom code linked back in place', () => {
    const literal = generateEntry(property, 'production', { runtime });
    const json = generateEntry(property, 'production', { runtime, renamed: {} });
    expect(literal.source).not.toContain('JSON.parse(');
    expect(json.source).toContain('JSON.parse(');
    const config = evaluateEntry(json.source);
    expect(comparable(config)).toEqual(comparable(evaluateEntry(literal.source)));
    expect(typeof (config.rules[1]!.conditions![0]!.settings as { fn: unknown }).fn).toBe('function');
    expect(config.rules[1]!.actions[0]!.module).toBe('act_custom_code');
  });

  it('keeps the bodies of rules that do not run as the page loads as JSON text, BODY_CHUNK to a text, parsed on the first run of one of them', () => {
    const many = assertProperty(
      baseProperty({
        rules: [
          { name: 'Page view', events: [{ type: 'dom-ready' }], actions: [{ type: 'send-beacon', settings: { type: 'page' } }] },
          ...Array.from({ length: BODY_CHUNK + 2 }, (_, i) => ({
            name: `Link ${i}`,
            events: [{ type: 'click' as const, settings: { selector: `#cta-${i}` } }],
            actions: [{ type: 'send-beacon' as const, settings: { type: 'link' as const, linkName: `Link ${i}` } }],
          })),
          { name: 'Loaded', events: [{ type: 'window-loaded' }, { type: 'library-loaded' }], actions: [{ type: 'custom-code', settings: { source: 'window.loaded = true;' } }] },
        ],
      }),
    );
    const source = generateEntry(many, 'production', { runtime, renamed: {} }).source;
    // With no more of them than one text holds, the first to run would parse them all: they stay with the rest.
    const fewer = { ...many, rules: many.rules.filter((rule) => rule.name !== 'Link 0' && rule.name !== 'Link 1') };
    expect(generateEntry(fewer, 'production', { runtime, renamed: {} }).source).not.toContain('tw_bodies');
    expect([featureDefines(fewer, 'production', true).TW_RULE_BODIES, featureDefines(many, 'production', true).TW_RULE_BODIES]).toEqual(['false', 'true']);
    expect(featureDefines(many, 'production', false).TW_RULE_BODIES).toBe('false');
    const texts = (source.match(/^const tw_bodies = (\[[^\n]*\]);$/m)?.[1] ?? source.match(/^const tw_bodies = (\[\n[\s\S]*?\n\]);$/m)![1]!) as string;
    expect((JSON.parse(texts) as string[]).map((text) => (JSON.parse(text) as unknown[]).length)).toEqual([BODY_CHUNK, 2]);
    // The page's JSON.parse, counted.
    const parses: string[] = [];
    const json = { parse: (text: string) => (parses.push(text), JSON.parse(text) as unknown) };
    const { rules, loadBody, lazyRules } = evaluateEntry(source, { JSON: json });
    expect(parses).toHaveLength(1);
    // Every click rule waits and has only its click: their heads wait too, for the click module's first click.
    expect(rules.map((r) => r.name)).toEqual(['Page view', 'Loaded']);
    expect(lazyRules!.map((l) => l.module)).toEqual(['ev_click']);
    const links = lazyRules![0]!.rules();
    expect(parses).toHaveLength(2);
    expect(links.map((r) => r.name)).toEqual(Array.from({ length: BODY_CHUNK + 2 }, (_, i) => `Link ${i}`));
    expect(links.filter((r) => r.actions)).toEqual([]);
    // The last link's body is in the second text: only that one is parsed, once, for both rules in it.
    loadBody!(links[BODY_CHUNK + 1]!);
    loadBody!(links[BODY_CHUNK]!);
    expect(parses).toHaveLength(3);
    expect(comparable(links[BODY_CHUNK + 1]!.actions)).toEqual([{ module: 'act_send_beacon', settings: { type: 'link', linkName: `Link ${BODY_CHUNK + 1}`, linkType: 'o' } }]);
    expect(comparable(links[BODY_CHUNK]!.actions[0]!.settings)).toEqual({ type: 'link', linkName: `Link ${BODY_CHUNK}`, linkType: 'o' });
    expect(links[0]!.actions).toBeUndefined();
    // Every head and body loaded, the config is the literal's, but for the places the bodies had and the rules
    // that waited whole, which the literal has in its rule order.
    const { loadBody: _load, lazyRules: _lazy, ...config } = evaluateEntry(source);
    const waited = _lazy![0]!.rules();
    for (const rule of [...config.rules, ...waited]) if (!rule.actions) _load!(rule);
    expect(waited.map((rule) => rule.bodyIndex)).toEqual(Array.from({ length: BODY_CHUNK + 2 }, (_, i) => i));
    for (const rule of waited) delete rule.bodyIndex;
    config.rules.splice(1, 0, ...waited);
    expect(comparable(config)).toEqual(comparable(evaluateEntry(generateEntry(many, 'production', { runtime }).source)));
  });

  it('keeps the heads of click rules in the page load\'s JSON where a click rule has another event, or runs as the page loads', () => {
    const link = (i: number, events: Array<{ type: 'click' | 'direct-call' | 'dom-ready'; settings?: Record<string, string> }>) => ({
      name: `Link ${i}`,
      events,
      actions: [{ type: 'send-beacon' as const, settings: { type: 'link' as const, linkName: `Link ${i}` } }],
    });
    const click = (i: number) => ({ type: 'click' as const, settings: { selector: `#cta-${i}` } });
    const links = Array.from({ length: BODY_CHUNK + 1 }, (_, i) => link(i, [click(i)]));
    const lazy = (extra: ReturnType<typeof link>) =>
      evaluateEntry(generateEntry(assertProperty(baseProperty({ rules: [...links, extra] })), 'production', { runtime, renamed: {} }).source).lazyRules;
    expect(lazy(link(99, [click(99)]))).toHaveLength(1);
    expect(lazy(link(99, [click(99), { type: 'direct-call', settings: { id: 'go' } }]))).toBeUndefined();
    expect(lazy(link(99, [click(99), { type: 'dom-ready' }]))).toBeUndefined();
  });

  it('writes a waiting rule as one array, its name and then a module and settings an event, which the page makes the rule again', () => {
    const waiting = (i: number) => ({
      name: `Link ${i}`,
      events: [{ type: 'click' as const, settings: { selector: `#cta-${i}` } }, ...(i === 3 ? [{ type: 'direct-call' as const, settings: { id: 'go' } }] : [])],
      actions: [{ type: 'send-beacon' as const, settings: { type: 'link' as const, linkName: `Link ${i}` } }],
    });
    const many = assertProperty(
      baseProperty({
        rules: [
          { name: 'Page view', events: [{ type: 'dom-ready' }], actions: [{ type: 'send-beacon', settings: { type: 'page' } }] },
          ...Array.from({ length: BODY_CHUNK + 1 }, (_, i) => waiting(i)),
        ],
      }),
    );
    const { source } = generateEntry(many, 'production', { runtime, renamed: {} });
    const text = JSON.parse(source.match(/^const tw_packed = JSON\.parse\(("(?:[^"\\]|\\.)*")\);$/m)![1]!) as string;
    const rules = (JSON.parse(text) as [unknown, unknown[]])[1];
    const types = JSON.parse(source.match(/^const tw_types = (.*);$/m)![1]!) as Array<string | null>;
    // The page view runs as the page loads: an object, as before. Each click rule: an array.
    expect(rules[0]).toMatchObject({ name: 'Page view' });
    const [name, click, settings] = rules[1] as [string, number, unknown];
    expect([name, types[click], settings]).toEqual(['Link 0', 'click', { selector: '#cta-0', anchorDelay: true }]);
    const [, , , direct, directSettings] = rules[4] as [string, number, unknown, number, unknown];
    expect([(rules[4] as unknown[]).length, types[direct], directSettings]).toEqual([5, 'direct-call', { id: 'go' }]);
    // Only event modules have a type.
    expect(types.filter((t) => t !== null).sort()).toEqual(['click', 'direct-call']);
    // Linked in the page, each is the rule the runtime reads, with its place among the waiting bodies.
    const config = evaluateEntry(source);
    expect(comparable(config.rules[4])).toEqual({
      name: 'Link 3',
      events: [
        { type: 'click', module: 'ev_click', settings: { selector: '#cta-3', anchorDelay: true } },
        { type: 'direct-call', module: 'ev_direct_call', settings: { id: 'go' } },
      ],
      bodyIndex: 3,
    });
  });

  it('writes structural keys as the minifier renamed them and the author’s keys as they are', () => {
    const entry = generateEntry(property, 'production', { runtime, renamed: { module: 'e', settings: 'n', rules: false } });
    const text = JSON.parse(entry.source.match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)![1]!) as string;
    const [dataElements, rules] = JSON.parse(text) as [Record<string, Record<string, unknown>>, Array<{ actions: Array<Record<string, unknown>> }>];
    expect(Object.keys(dataElements)).toEqual(['Page Name', 'Computed value']);
    expect(dataElements['Page Name']).toMatchObject({ e: 0, n: { path: 'page.pageInfo.pageName' } });
    // Context data keys are the author's: `module` among them stays, and is not taken for a module.
    expect(rules[0]!.actions[0]!.n).toMatchObject({ contextData: { 'tool.name': 'bmi', module: 'x' } });
  });

  it('gives up on a shape only the literal can write: code elsewhere, or a module that is not code', () => {
    expect(jsonLiteral({ module: new Code('m'), settings: { fn: new Code('f') } }, {})).toEqual({ json: '{"module":0,"settings":{"fn":1}}', codes: [new Code('m'), new Code('f')] });
    expect(jsonLiteral({ module: new Code('m'), other: new Code('x') }, {})).toBeNull();
    expect(jsonLiteral([{ module: 'not code' }], {})).toBeNull();
    expect(jsonLiteral(new UserKeys({ module: 'a data element named module' }), {})).not.toBeNull();
  });
});

describe('a compiled container with its rules as JSON', () => {
  const windows: Window[] = [];
  afterEach(async () => {
    for (const w of windows.splice(0)) await w.happyDOM.close();
  });

  /** The hits a compiled container sends on a page, without their random and time parts. */
  async function hits(js: string, then?: (window: Window) => void) {
    const window = new Window({ url: 'https://www.health.localhost/conditions/flu/' });
    windows.push(window);
    const page = window as unknown as Record<string, unknown>;
    const sent: string[] = [];
    page.digitalData = { page: { pageInfo: { pageName: 'Flu' }, category: { primaryCategory: 'conditions' } } };
    (window.navigator as unknown as Record<string, unknown>).sendBeacon = (hit: string) => sent.push(hit) > 0;
    page.Image = class {
      set src(hit: string) {
        sent.push(hit);
      }
    };
    window.eval(js);
    await window.happyDOM.waitUntilComplete();
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (then) {
      then(window);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return sent.map((hit) => hit.replace(/\/s\d+\?/, '/s?').replace(/&t=[^&]*/, ''));
  }

  it('sends the same hits as the literal form (properties/minimal, forced either way)', async () => {
    const { property: minimal, dir } = loadProperty(minimalProperty);
    const asJson = await compileContainer(minimal, 'production', { propertyDir: dir, jsonFromChars: 0 });
    const asLiteral = await compileContainer(minimal, 'production', { propertyDir: dir, jsonFromChars: Infinity });
    expect(asJson.js).toContain('JSON.parse(');
    expect(asLiteral.js).not.toContain('JSON.parse(');
    const sent = await hits(asJson.js);
    expect(sent).toHaveLength(1);
    expect(sent).toEqual(await hits(asLiteral.js));
    expect(new URL(sent[0]!).searchParams.get('pageName')).toBe('flu');
  });

  it('is what a large property gets by default; the minimal one keeps the literal', async () => {
    const { property: minimal, dir } = loadProperty(minimalProperty);
    expect((await compileContainer(minimal, 'production', { propertyDir: dir })).js).not.toContain('JSON.parse(');
    const large = assertProperty(
      baseProperty({
        rules: Array.from({ length: 60 }, (_, i) => ({
          name: `Link ${i}`,
          events: [{ type: 'click', settings: { selector: `[data-track="cta-${i}"]` } }],
          actions: [{ type: 'send-beacon', settings: { type: 'link', linkName: `Link ${i}` } }],
        })),
      }),
    );
    expect((await compileContainer(large, 'production')).js).toContain('JSON.parse(');
  });

  it('runs a rule whose body waited as JSON text on its first event, and again on the next', async () => {
    const large = assertProperty(
      baseProperty({
        rules: [
          { name: 'Page view', events: [{ type: 'dom-ready' }], actions: [{ type: 'send-beacon', settings: { type: 'page' } }] },
          ...Array.from({ length: 60 }, (_, i) => ({
            name: `Link ${i}`,
            events: [{ type: 'click' as const, settings: { selector: `[data-track="cta-${i}"]`, anchorDelay: false } }, { type: 'direct-call' as const, settings: { id: `go-${i}` } }],
            conditions: [{ type: 'path' as const, settings: { pattern: '^/conditions/' } }],
            actions: [
              { type: 'set-variables' as const, settings: { variables: { prop5: `cta ${i}` } } },
              { type: 'send-beacon' as const, settings: { type: 'link' as const, linkName: `Link ${i}` } },
            ],
          })),
        ],
      }),
    );
    const { js } = await compileContainer(large, 'production');
    expect(js).toContain('JSON.parse(');
    const sent = await hits(js, (window) => {
      window.document.body.innerHTML = '<button data-track="cta-45">Book</button>';
      (window.document.querySelector('button') as unknown as { click(): void }).click();
      (window.document.querySelector('button') as unknown as { click(): void }).click();
      (window as unknown as { _satellite: { track(id: string): void } })._satellite.track('go-3');
    });
    const params = sent.map((hit) => new URL(hit).searchParams);
    expect(params.map((p) => p.get('pe') ?? 'page')).toEqual(['page', 'lnk_o', 'lnk_o', 'lnk_o']);
    expect(params.slice(1).map((p) => [p.get('pev2'), p.get('c5')])).toEqual([
      ['Link 45', 'cta 45'],
      ['Link 45', 'cta 45'],
      ['Link 3', 'cta 3'],
    ]);
  });
});
