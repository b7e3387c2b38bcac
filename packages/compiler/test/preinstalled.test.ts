import { assertProperty, parseProperty } from '@tagwell/schema';
import { describe, expect, it } from 'vitest';
import { compileContainer, loadProperty } from '../src/index';
import { featureDefines } from '../src/features';
import { generateEntry } from '../src/generate';
import { baseProperty, evaluateEntry, minimalProperty } from './helpers';

// settings.preinstalledTracker (analytics/preinstalled.ts): the page's own tracker, waited for. A property
// that does not name one carries none of its code (TW_PREINSTALLED, and no import of the module).

const doc = (settings: Record<string, unknown> = { preinstalledTracker: { variable: 's' } }) =>
  baseProperty({
    settings: { trackingServer: 'metrics.example.test', ...settings },
    rules: [{ name: 'Page', events: [{ type: 'dom-ready' }], actions: [{ type: 'send-beacon', settings: { type: 'page' } }] }],
  });

/** Text only the module has: its message when the page's tracker never comes. */
const MODULE_TEXT = 'not found after';

describe('settings.preinstalledTracker', () => {
  it('names the page global as a JavaScript identifier', () => {
    for (const variable of ['s', 's_account', '$tracker', '_s2']) expect(() => assertProperty(doc({ preinstalledTracker: { variable } }))).not.toThrow();
    for (const variable of ['', 'window.s', '2s', 's-1', "s']"]) {
      const result = parseProperty(doc({ preinstalledTracker: { variable } }));
      expect(result.ok, variable).toBe(false);
      expect(JSON.stringify(result), variable).toContain('a JavaScript identifier such as s');
    }
    expect(parseProperty(doc({ preinstalledTracker: { variable: 's', other: 1 } })).ok).toBe(false);
  });

  it('TW_PREINSTALLED follows it, and the entry imports the module and names the global', () => {
    expect(featureDefines(assertProperty(doc()), 'production').TW_PREINSTALLED).toBe('true');
    expect(featureDefines(assertProperty(doc({})), 'production').TW_PREINSTALLED).toBe('false');
    const entry = generateEntry(assertProperty(doc()), 'production');
    expect(entry.modules).toContain('analytics/preinstalled');
    expect(evaluateEntry(entry.source).analytics?.preinstalled).toEqual({ module: 'analytics_preinstalled', variable: 's' });
    const without = generateEntry(assertProperty(doc({})), 'production');
    expect(without.modules).not.toContain('analytics/preinstalled');
    expect(evaluateEntry(without.source).analytics).not.toHaveProperty('preinstalled');
  });

  it('the minimal container has none of its code; a property that names a page tracker carries it', async () => {
    const { property, dir } = loadProperty(minimalProperty);
    expect(featureDefines(property, 'production').TW_PREINSTALLED).toBe('false');
    const minimal = await compileContainer(property, 'production', { propertyDir: dir });
    expect(minimal.modules).not.toContain('analytics/preinstalled');
    expect(minimal.js).not.toContain(MODULE_TEXT);
    // The module's own pagehide listener, which it removes once the tracker is found (the transport's stays).
    expect(minimal.js).not.toContain('removeEventListener');
    const withTracker = { ...property, settings: { ...property.settings, preinstalledTracker: { variable: 's' } } };
    const js = (await compileContainer(withTracker, 'production', { propertyDir: dir })).js;
    expect(js).toContain(MODULE_TEXT);
    expect(js).toContain('"s"');
  });
});
