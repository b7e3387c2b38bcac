import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ENVIRONMENTS, type EnvironmentName } from '@tagwell/schema';
import { compileContainer, generateEntry, loadProperty } from '../src/index';
import { featureDefines } from '../src/features';
import { minimalProperty } from './helpers';

// The runtime's debug bridge (packages/runtime/src/core/debug-bridge.ts) is in development and
// staging containers only: production ones carry none of its bytes.

const { property, dir } = loadProperty(minimalProperty);
const compile = (env: EnvironmentName) => compileContainer(property, env, { propertyDir: dir });

const windows: Window[] = [];
afterEach(async () => {
  for (const w of windows.splice(0)) await w.happyDOM.close();
});

describe('the debug bridge by environment', () => {
  it('is a feature of development and staging, not production', () => {
    expect(Object.fromEntries(ENVIRONMENTS.map((env) => [env, featureDefines(property, env).TW_DEBUG_BRIDGE]))).toEqual({
      development: 'true',
      staging: 'true',
      production: 'false',
    });
    // The other features still follow the property alone.
    expect(featureDefines(property, 'development')).toMatchObject({ TW_LINK_HITS: 'false', TW_CONTEXT_DATA: 'false', TW_CONSENT: 'false' });
  });

  it('is imported by the entry of development and staging containers only', () => {
    for (const env of ENVIRONMENTS) expect(generateEntry(property, env, { propertyDir: dir }).modules.includes('core/debug-bridge')).toBe(env !== 'production');
  });

  it('leaves no trace in a production container', async () => {
    const [production, development] = await Promise.all([compile('production'), compile('development')]);
    // `tw_debug` itself stays: the privacy guard drops it from every URL a hit reports.
    for (const word of ['tagwell.debugBridge', 'postMessage', 'tagwell-console', 'redaction', 'http://localhost:*']) {
      expect(production.js).not.toContain(word);
      expect(development.js).toContain(word);
    }
    expect(Object.keys(production.size.modules).some((m) => /debug-bridge|redactions/.test(m))).toBe(false);
  });

  it('posts messages whose keys survive minification, in a real development container', async () => {
    const { js } = await compile('development');
    const window = new Window({ url: 'https://dev.health.localhost/conditions/flu/?tw_debug=http%3A%2F%2Flocalhost%3A8080' });
    windows.push(window);
    const page = window as unknown as Record<string, unknown>;
    const posted: Array<[Record<string, unknown>, string]> = [];
    Object.defineProperty(window, 'opener', { configurable: true, value: { postMessage: (message: Record<string, unknown>, origin: string) => posted.push([message, origin]) } });
    (window.navigator as unknown as Record<string, unknown>).sendBeacon = () => true;
    page.digitalData = { page: { pageInfo: { pageName: 'Flu' }, category: { primaryCategory: 'jo@nhs.net' } } };
    window.eval(js);
    await window.happyDOM.waitUntilComplete();
    await new Promise((resolve) => setTimeout(resolve, 20));
    window.dispatchEvent(new window.MessageEvent('message', { origin: 'http://localhost:8080', data: { source: 'tagwell-console', type: 'data-elements' } }));

    expect(posted.every(([, origin]) => origin === 'http://localhost:8080')).toBe(true);
    const of = (type: string) => posted.map(([message]) => message).filter((m) => m.type === type);
    expect(of('ready')).toEqual([
      { source: 'tagwell', type: 'ready', property: 'minimal', environment: 'development', buildId: expect.stringMatching(/^[\da-f]{12}$/), url: window.location.href },
    ]);
    expect(of('rule')).toEqual([{ source: 'tagwell', type: 'rule', rule: 'Page view', event: 'dom-ready', fired: true }]);
    expect(of('redaction')).toEqual([{ source: 'tagwell', type: 'redaction', field: 'ch', kind: 'email', query: expect.stringMatching(/^AQB=1&.*&AQE=1$/) }]);
    // Values go through the privacy guard before they leave the page, as hits do.
    expect(of('data-elements')).toEqual([{ source: 'tagwell', type: 'data-elements', values: { 'Page Name': 'flu', 'Primary Category': '', 'Site Section': 'web' } }]);
    expect(Object.keys(of('log')[0]!).sort()).toEqual(['level', 'message', 'source', 'time', 'type']);
  });
});
