import path from 'node:path';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { compileContainer, loadProperty } from '../src/index';
import { baseProperty, minimalProperty, tempDir, writeProperty } from './helpers';

// The minified bundle itself, run in a DOM: the config the compiler emits is the one the runtime reads.

const windows: Window[] = [];
afterEach(async () => {
  for (const w of windows.splice(0)) await w.happyDOM.close();
});

async function run(file: string, url: string, digitalData: unknown) {
  const { property, dir } = loadProperty(file);
  const { js } = await compileContainer(property, 'production', { propertyDir: dir });
  const window = new Window({ url });
  windows.push(window);
  const page = window as unknown as Record<string, unknown>;
  const sent: string[] = [];
  page.digitalData = digitalData;
  (window.navigator as unknown as Record<string, unknown>).sendBeacon = (hit: string) => sent.push(hit) > 0;
  // A hit that fits in a GET leaves as an image (analytics/transport.ts).
  page.Image = class {
    set src(hit: string) {
      sent.push(hit);
    }
  };
  window.eval(js);
  await window.happyDOM.waitUntilComplete();
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { sent, page };
}

describe('a compiled container', () => {
  it('properties/minimal sends one page view with its data elements resolved', async () => {
    const { sent, page } = await run(minimalProperty, 'https://www.health.localhost/conditions/flu/?useremail=a@b.example', {
      page: { pageInfo: { pageName: '  Flu   Vaccine ' }, category: {} },
    });
    expect(sent).toHaveLength(1);
    const hit = new URL(sent[0]!);
    expect(hit.host).toBe('metrics.health.localhost');
    expect(hit.pathname).toMatch(/^\/b\/ss\/twminimalprod\/1\/TW-[\d.]+\/s\d+$/);
    const query = hit.searchParams;
    expect(query.get('pageName')).toBe('flu vaccine');
    expect(query.get('ch')).toBe('not available');
    expect(query.get('c1')).toBe('web');
    expect(query.get('events')).toBe('event1');
    expect(query.get('g')).toBe('https://www.health.localhost/conditions/flu/');
    expect((page._satellite as { buildInfo: { property: string } }).buildInfo.property).toBe('minimal');
  });

  it('runs custom code compiled to a function', async () => {
    const dir = writeProperty(
      tempDir(),
      'coded',
      baseProperty({
        name: 'coded',
        dataElements: [{ name: 'Answer', type: 'custom-code', settings: { file: 'answer.js' } }],
        rules: [
          {
            name: 'Code',
            events: [{ type: 'dom-ready' }],
            conditions: [{ type: 'custom-code', settings: { source: 'return location.pathname === "/yes";' } }],
            actions: [{ type: 'custom-code', settings: { source: 'window.__twCustom = event.type + ":" + _satellite.getVar("Answer");' } }],
          },
        ],
      }),
      { 'answer.js': 'return 6 * 7;\n' },
    );
    const yes = await run(path.join(dir, 'property.json'), 'https://www.health.localhost/yes', {});
    expect(yes.page.__twCustom).toBe('dom-ready:42');
    const no = await run(path.join(dir, 'property.json'), 'https://www.health.localhost/no', {});
    expect(no.page.__twCustom).toBeUndefined();
  });

  it('keeps author-named keys whole while internal names are mangled', async () => {
    // Data elements and context-data keys named like the runtime's internal properties.
    const dir = writeProperty(
      tempDir(),
      'names',
      baseProperty({
        name: 'names',
        dataElements: [
          { name: 'settings', type: 'constant', settings: { value: 'from settings' } },
          { name: 'storage', type: 'constant', settings: { value: 'from storage' } },
        ],
        rules: [
          {
            name: 'Page',
            events: [{ type: 'dom-ready' }],
            actions: [
              { type: 'set-variables', settings: { variables: { eVar1: '%settings%', eVar2: '%storage%' }, contextData: { module: 'm', 'conditions.safe': 'c' } } },
              { type: 'send-beacon', settings: { type: 'page' } },
            ],
          },
        ],
      }),
    );
    const { sent, page } = await run(path.join(dir, 'property.json'), 'https://www.health.localhost/', {});
    const query = new URL(sent[0]!).search;
    expect(new URLSearchParams(query).get('v1')).toBe('from settings');
    expect(new URLSearchParams(query).get('v2')).toBe('from storage');
    expect(query).toContain('&c.&conditions.&safe=c&.conditions&module=m&.c&');
    expect((page._satellite as { getVar(n: string): unknown }).getVar('storage')).toBe('from storage');
  });

  it('leaves the property names that custom code uses unmangled', async () => {
    const dir = writeProperty(
      tempDir(),
      'coded-names',
      baseProperty({
        name: 'coded-names',
        rules: [
          {
            name: 'Code',
            events: [{ type: 'dom-ready' }],
            actions: [{ type: 'custom-code', settings: { source: 'var lib = { config: { settings: 7 } }; window.__twNames = lib.config.settings;' } }],
          },
        ],
      }),
    );
    const { page } = await run(path.join(dir, 'property.json'), 'https://www.health.localhost/', {});
    expect(page.__twNames).toBe(7);
  });
});
