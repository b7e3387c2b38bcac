import { assertProperty } from '@tagwell/schema';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContainer, loadProperty } from '../src/index';
import { CLICK_LIST_FROM, featureDefines } from '../src/features';
import { baseProperty, minimalProperty } from './helpers';

// The analytics features a property pays for only when it uses them: variables on every hit, and
// variables kept per event occurrence (packages/runtime/src/features.d.ts).

const set = { type: 'set-variables', settings: { variables: { eVar1: 'x' } } };
const send = { type: 'send-beacon', settings: { type: 'page' } };
const other = { type: 'set-cookie', settings: { name: 'c', value: 'v' } };
const defines = (rules: unknown[][], settings: Record<string, unknown> = {}) =>
  featureDefines(
    assertProperty(
      baseProperty({
        settings: { trackingServer: 'metrics.example.test', ...settings },
        dataElements: [{ name: 'Page Name', type: 'constant', settings: { value: 'home' } }],
        rules: rules.map((actions, i) => ({ name: `r${i}`, events: [{ type: 'dom-ready' }], actions })),
      }),
    ),
    'production',
  );

describe('TW_OCCURRENCES: variables kept per event occurrence', () => {
  it('is off when every rule sets its variables right before its own send', () => {
    expect(defines([[set, send], [set, set, send], [send], [other]]).TW_OCCURRENCES).toBe('false');
  });

  it('is on when a rule sets variables it does not send, or sends them only after other actions', () => {
    expect(defines([[set, send], [set]]).TW_OCCURRENCES).toBe('true');
    expect(defines([[set, other, send]]).TW_OCCURRENCES).toBe('true');
    expect(defines([[send, set]]).TW_OCCURRENCES).toBe('true');
  });
});

describe('TW_EVERY_HIT: variables on every hit', () => {
  it('follows settings.everyHit', () => {
    expect(defines([[set, send]]).TW_EVERY_HIT).toBe('false');
    expect(defines([[set, send]], { everyHit: {} }).TW_EVERY_HIT).toBe('false');
    expect(defines([[set, send]], { everyHit: { pageName: '%Page Name%' } }).TW_EVERY_HIT).toBe('true');
  });
});

it('the minimal property pays for neither; a property that sets variables apart carries the occurrences', async () => {
  // The engine's occurrence, dropped at the end of its turn of the event loop (core/boot.ts).
  const OCCURRENCE = /Promise\.resolve\(\)\.then\(\(\)=>\w+\.\w+=void 0\)/;
  const { property, dir } = loadProperty(minimalProperty);
  expect(featureDefines(property, 'production')).toMatchObject({ TW_OCCURRENCES: 'false', TW_EVERY_HIT: 'false' });
  expect((await compileContainer(property, 'production', { propertyDir: dir })).js).not.toMatch(OCCURRENCE);
  const apart = { ...property, rules: [...property.rules, { ...property.rules[0]!, name: 'Search', actions: [property.rules[0]!.actions[0]!] }] };
  expect((await compileContainer(apart, 'production', { propertyDir: dir })).js).toMatch(OCCURRENCE);
});

describe('TW_LINK_HITS: link hits', () => {
  it('is on for a link send-beacon, and for personalisation, which reports what it shows on a link hit (issue 15 item 4)', () => {
    expect(defines([[set, send]]).TW_LINK_HITS).toBe('false');
    expect(defines([[{ type: 'send-beacon', settings: { type: 'link', linkName: 'x' } }]]).TW_LINK_HITS).toBe('true');
    const property = assertProperty(baseProperty({ settings: { trackingServer: 'metrics.example.test' }, rules: [{ name: 'r', events: [{ type: 'dom-ready' }], actions: [send] }] }));
    // Only what featureDefines reads: a personalisation section and an enabled rule that personalises.
    const personalising = { ...property, personalisation: { client: 'health' }, rules: [...property.rules, { ...property.rules[0]!, name: 'p', actions: [{ type: 'personalise' }] }] } as unknown as typeof property;
    expect(featureDefines(personalising, 'production').TW_LINK_HITS).toBe('true');
  });
});

describe('TW_STAGE_TASKS: DOM ready and window loaded rules in tasks of at most STAGE_TASK_MS (runtime core/lifecycle.ts)', () => {
  const withEvents = (events: string[]) =>
    featureDefines(
      assertProperty(
        baseProperty({
          settings: { trackingServer: 'metrics.example.test' },
          rules: events.map((type, i) => ({ name: `r${i}`, events: [{ type, ...(type === 'click' && { settings: { selector: 'a' } }) }], actions: [send] })),
        }),
      ),
      'production',
    ).TW_STAGE_TASKS;

  it('is on only where those stages hold more than one rule between them: a task ends only between two rules', () => {
    expect(withEvents(['dom-ready'])).toBe('false');
    expect(withEvents(['dom-ready', 'library-loaded', 'page-bottom', 'click'])).toBe('false');
    expect(withEvents(['dom-ready', 'dom-ready'])).toBe('true');
    expect(withEvents(['dom-ready', 'window-loaded'])).toBe('true');
    expect(withEvents(['window-loaded', 'window-loaded'])).toBe('true');
  });

  it('the minimal property (one page-view rule) carries none of it; the health site does', async () => {
    const TASK = /new MessageChannel/;
    for (const [path, on] of [[minimalProperty, false], [join(import.meta.dirname, '..', '..', '..', 'properties', 'health-site', 'property.json'), true]] as const) {
      const { property, dir } = loadProperty(path);
      expect(featureDefines(property, 'production').TW_STAGE_TASKS).toBe(String(on));
      const js = (await compileContainer(property, 'production', { propertyDir: dir })).js;
      if (on) expect(js).toMatch(TASK);
      else expect(js).not.toMatch(TASK);
    }
  });
});

describe('TW_CLICK_LIST: every click rule’s selector tested as one list first (runtime events/click.ts)', () => {
  const withClicks = (n: number, disabled = 0) =>
    featureDefines(
      assertProperty(
        baseProperty({
          settings: { trackingServer: 'metrics.example.test' },
          rules: Array.from({ length: n + disabled }, (_, i) => ({ name: `r${i}`, enabled: i >= disabled, events: [{ type: 'click', settings: { selector: `#cta-${i}` } }], actions: [send] })),
        }),
      ),
      'production',
    ).TW_CLICK_LIST;

  it(`is on from ${CLICK_LIST_FROM} enabled click rules; the health site, with fewer, carries none of it`, () => {
    expect([withClicks(CLICK_LIST_FROM - 1), withClicks(CLICK_LIST_FROM), withClicks(CLICK_LIST_FROM - 1, 5)]).toEqual(['false', 'true', 'false']);
    const { property } = loadProperty(join(import.meta.dirname, '..', '..', '..', 'properties', 'health-site', 'property.json'));
    expect(featureDefines(property, 'production').TW_CLICK_LIST).toBe('false');
  });
});
