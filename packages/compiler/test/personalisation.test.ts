import path from 'node:path';
import { assertProperty } from '@tagwell/schema';
import { describe, expect, it } from 'vitest';
import { compileContainer, loadProperty } from '../src/index';
import { featureDefines } from '../src/features';
import { generateEntry } from '../src/generate';
import { baseProperty, evaluateEntry, minimalProperty, repoRoot } from './helpers';

// The page's personalisation (issue 15, docs/PERSONALISATION.md) is an optional module: compiled into a
// container only when an enabled rule runs the `personalise` action; the runtime reads its settings
// from the config, with the location parameters the audiences of the global location read.

const healthProperty = path.join(repoRoot, 'properties/health-site/property.json');
const audience = (conditions: unknown[]) => ({ conditions });
const personalisingDoc = (options: { enabled?: boolean; personalisation?: Record<string, unknown> } = {}) =>
  assertProperty(
    baseProperty({
      settings: { trackingServer: 'metrics.example.test', consent: { status: 'Status', statistics: 'Statistics', changeEvent: 'consent-changed' } },
      dataElements: [
        { name: 'Status', type: 'constant', settings: { value: 'complete' } },
        { name: 'Statistics', type: 'constant', settings: { value: 'on' } },
        { name: 'Page Name', type: 'data-layer', settings: { path: 'page.name' } },
        { name: 'Section', type: 'data-layer', settings: { path: 'page.section' } },
        { name: 'Visitor', type: 'new-repeat' },
      ],
      rules: [{ name: 'Personalisation', enabled: options.enabled ?? true, events: [{ type: 'library-loaded' }], actions: [{ type: 'personalise' }] }],
      personalisation: {
        client: 'health',
        organizationId: 'HEALTH0123456789@AdobeOrg',
        server: 'decisions.example.test',
        environmentIds: { production: 7, staging: 8, development: 9 },
        activities: [
          {
            id: 1,
            name: 'Global',
            type: 'xt',
            location: { type: 'mbox', name: 'target-global-mbox' },
            audience: audience([{ type: 'data-element', name: 'Page Name', value: 'home' }]),
            experiences: [
              { name: 'New', audience: audience([{ type: 'visitor', is: 'new' }]), offers: [{ type: 'setText', selector: 'h1', content: 'Hello' }] },
              { name: 'Rest', offers: [{ type: 'setText', selector: 'h1', content: 'Hi' }] },
            ],
            goals: [{ type: 'click', name: 'Link', selector: 'a' }],
          },
          {
            id: 2,
            name: 'Banner',
            type: 'xt',
            location: { type: 'mbox', name: 'banner' },
            audience: audience([{ type: 'data-element', name: 'Section', operator: 'exists' }]),
            experiences: [{ name: 'Only', offers: [{ type: 'html', content: '<p>x</p>' }] }],
            goals: [{ type: 'click', name: 'Link', selector: 'a' }],
          },
        ],
        ...options.personalisation,
      },
    }),
  );

describe('the personalisation module', () => {
  it('TW_PERSONALISATION follows an enabled rule with the personalise action', () => {
    expect(featureDefines(personalisingDoc(), 'production').TW_PERSONALISATION).toBe('true');
    expect(featureDefines(personalisingDoc({ enabled: false }), 'production').TW_PERSONALISATION).toBe('false');
    expect(featureDefines(loadProperty(minimalProperty).property, 'production').TW_PERSONALISATION).toBe('false');
    // The health site's activities without its personalisation rule: no page code.
    const { property } = loadProperty(healthProperty);
    expect(featureDefines({ ...property, rules: property.rules.filter((r) => !r.actions.some((a) => a.type === 'personalise')) }, 'production').TW_PERSONALISATION).toBe('false');
  });

  it('TW_EVENT_HISTORY only where the property keeps a history (personalizationStorageEnabled): its code is left out of a container that keeps none', async () => {
    expect(featureDefines(personalisingDoc({ personalisation: { personalizationStorageEnabled: true } }), 'production').TW_EVENT_HISTORY).toBe('true');
    expect(featureDefines(personalisingDoc(), 'production').TW_EVENT_HISTORY).toBe('false');
    const { property, dir } = loadProperty(healthProperty);
    // The health site keeps one: its in-app message's rule set reads it (issue 16).
    expect(property.personalisation?.personalizationStorageEnabled).toBe(true);
    const plain = await compileContainer({ ...property, personalisation: { ...property.personalisation!, personalizationStorageEnabled: false } }, 'production', { propertyDir: dir });
    const kept = await compileContainer(property, 'production', { propertyDir: dir });
    // SPEC §9's size limit is the event history's alone: there only when the history is built in.
    expect(kept.js).toContain('2097152');
    expect(plain.js).not.toContain('2097152');
    // Without it the page still removes a history kept before.
    expect(plain.js).toContain('"tw_history"');
  });

  it('TW_IN_APP_MESSAGES only where an activity shows an in-app message (a paused one too: a preview link shows it)', async () => {
    const message = { type: 'inAppMessage', contentType: 'text/html', content: '<h2>Flu vaccine</h2>' };
    const withMessage = (state: string) =>
      personalisingDoc({
        personalisation: {
          activities: [{ id: 3, name: 'Message', type: 'xt', state, location: { type: 'mbox', name: 'target-global-mbox' }, experiences: [{ name: 'Only', offers: [message] }], goals: [{ type: 'message', name: 'Followed', event: 'interact' }] }],
        },
      });
    expect(featureDefines(withMessage('active'), 'production').TW_IN_APP_MESSAGES).toBe('true');
    expect(featureDefines(withMessage('paused'), 'production').TW_IN_APP_MESSAGES).toBe('true');
    expect(featureDefines(personalisingDoc(), 'production').TW_IN_APP_MESSAGES).toBe('false');
    expect(featureDefines(loadProperty(minimalProperty).property, 'production').TW_IN_APP_MESSAGES).toBe('false');
    // SPEC §8's message is the module's own: in the health site's container (its flu reminder), not without a message.
    const { property, dir } = loadProperty(healthProperty);
    const activities = property.personalisation!.activities;
    const shows = await compileContainer(property, 'production', { propertyDir: dir });
    const none = await compileContainer({ ...property, personalisation: { ...property.personalisation!, activities: activities.filter((a) => a.id !== 1003) } }, 'production', { propertyDir: dir });
    expect(shows.js).toContain('Invalid in-app message data: missing property ');
    expect(none.js).not.toContain('Invalid in-app message data');
    expect(none.js).not.toContain('showModal');
  });

  it("emits the page's settings, the environment's id and the global location's parameters, with the server override", () => {
    const entry = generateEntry(personalisingDoc(), 'staging', { decisionServer: 'decisions.health.localhost:8080' });
    expect(entry.modules).toEqual(expect.arrayContaining(['personalisation/index', 'actions/personalise']));
    const config = evaluateEntry(entry.source);
    expect(config.target).toEqual({
      module: 'personalisation_index',
      server: 'decisions.health.localhost:8080',
      client: 'health',
      globalLocation: 'target-global-mbox',
      environmentId: 8,
      prehidingStyle: 'body { opacity: 0 !important }',
      // Only what the global location's audiences read: not the banner's Section.
      parameters: [
        ['tw.de.page_name', 'Page Name'],
        ['tw.visitor', 'Visitor'],
      ],
    });
    expect(evaluateEntry(generateEntry(personalisingDoc(), 'production').source).target!.server).toBe('decisions.example.test');
    expect(() => generateEntry(personalisingDoc(), 'production', { decisionServer: 'http://decisions.example.test' })).toThrow(/decision server override/);
  });

  it('emits the settings that differ from the defaults', () => {
    const doc = personalisingDoc({ personalisation: { targetMigrationEnabled: true, autoCollectPropositionInteractions: 'decoratedElementsOnly', prehidingStyle: '#hero { opacity: 0 }' } });
    expect(evaluateEntry(generateEntry(doc, 'production').source).target).toMatchObject({ targetMigrationEnabled: true, autoCollect: 'decoratedElementsOnly', prehidingStyle: '#hero { opacity: 0 }' });
  });

  it('with personalizationStorageEnabled, lists the event-history conditions of the global location as [parameter, event, days]; without it, none', () => {
    const history = (enabled: boolean | undefined) => {
      const doc = personalisingDoc({ personalisation: enabled === undefined ? {} : { personalizationStorageEnabled: enabled } });
      const [global, banner] = doc.personalisation!.activities;
      // Added as written, their defaults filled in when the document is checked again.
      const add = (conditions: unknown[], ...more: object[]) => conditions.push(...more);
      add(global!.audience!.conditions, { type: 'event-history', event: 'event1', atLeast: 3 }, { type: 'event-history', event: 'Tool-Finished', withinDays: 7 });
      add(global!.experiences[0]!.audience!.conditions, { type: 'event-history', event: 'event1', atLeast: 5, negate: true });
      add(banner!.audience!.conditions, { type: 'event-history', event: 'event15' });
      return evaluateEntry(generateEntry(assertProperty(doc), 'production').source).target!.history;
    };
    // Each parameter once (event1 in 30 days serves both conditions); the banner's event15 is not the page load's.
    expect(history(true)).toEqual([
      ['tw.history.event1_30d', 'event1', 30],
      ['tw.history.tool_finished_7d', 'Tool-Finished', 7],
    ]);
    expect(history(false)).toBeUndefined();
    expect(history(undefined)).toBeUndefined();
    // Enabled without such conditions: the page still keeps the history, and asks with no counts.
    expect(evaluateEntry(generateEntry(personalisingDoc({ personalisation: { personalizationStorageEnabled: true } }), 'production').source).target!.history).toEqual([]);
  });

  it("the health site's containers carry it and ask the decision service the property names; a container without it carries none of its code", async () => {
    const { property, dir } = loadProperty(healthProperty);
    const { js, modules } = await compileContainer(property, 'production', { propertyDir: dir });
    expect(modules).toEqual(expect.arrayContaining(['personalisation/index', 'actions/personalise']));
    expect(js).toContain('/rest/v1/delivery');
    expect(js).toContain('"decisions.health.localhost"');
    const minimal = loadProperty(minimalProperty);
    const bare = await compileContainer(minimal.property, 'production', { propertyDir: minimal.dir });
    expect(bare.modules.some((m) => m.startsWith('personalisation/'))).toBe(false);
    expect(bare.js).not.toContain('/rest/v1/delivery');
    expect(bare.js).not.toContain('opacity');
  });
});
