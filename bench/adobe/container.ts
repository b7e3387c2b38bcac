// An Adobe Tags library for the bench: `window._satellite.container` (rules, data elements,
// extensions with their module functions, property settings, build info) followed by Turbine's
// engine from npm, as the Tags build system emits a launch-*.min.js. Modules are the minimal
// extension files in ./extensions, wrapped as Turbine expects: function (module, exports, require, turbine).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { CLICK, CURRENCY, DATA_ELEMENTS, PAGE_VIEW, REPORT_SUITE } from '../equivalent';

export const ENGINE_FILE = createRequire(import.meta.url).resolve('@adobe/reactor-turbine/dist/engine.min.js');
export const TURBINE_VERSION = (JSON.parse(readFileSync(join(ENGINE_FILE, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

const EXTENSIONS_DIR = join(import.meta.dirname, 'extensions');

/** Module reference path (as Turbine names it) -> file under ./extensions and its display name. */
const MODULES: Record<string, { extension: 'core' | 'bench-analytics'; file: string; name: string; displayName: string }> = {
  'core/src/lib/events/domReady.js': { extension: 'core', file: 'core/src/lib/events/dom-ready.js', name: 'dom-ready', displayName: 'DOM Ready' },
  'core/src/lib/events/click.js': { extension: 'core', file: 'core/src/lib/events/click.js', name: 'click', displayName: 'Click' },
  'core/src/lib/dataElements/javascriptVariable.js': {
    extension: 'core',
    file: 'core/src/lib/data-elements/javascript-variable.js',
    name: 'javascript-variable',
    displayName: 'JavaScript Variable',
  },
  'bench-analytics/src/lib/actions/setVariables.js': {
    extension: 'bench-analytics',
    file: 'analytics/src/lib/actions/set-variables.js',
    name: 'set-variables',
    displayName: 'Set Variables',
  },
  'bench-analytics/src/lib/actions/sendBeacon.js': { extension: 'bench-analytics', file: 'analytics/src/lib/actions/send-beacon.js', name: 'send-beacon', displayName: 'Send Beacon' },
  // Required by the two actions through Turbine's relative require.
  'bench-analytics/src/lib/shared/tracker.js': { extension: 'bench-analytics', file: 'analytics/src/lib/shared/tracker.js', name: 'tracker', displayName: 'Tracker' },
};

/** AA's Set Variables settings: pageName and channel by name, props and eVars as lists. */
function trackerProperties(variables: Record<string, string>, events: readonly string[]) {
  const props = Object.entries(variables).filter(([name]) => name.startsWith('prop'));
  const eVars = Object.entries(variables).filter(([name]) => name.startsWith('eVar'));
  return {
    ...(variables.pageName ? { pageName: variables.pageName } : {}),
    ...(variables.channel ? { channel: variables.channel } : {}),
    ...(props.length ? { props: props.map(([name, value]) => ({ name, type: 'value', value })) } : {}),
    ...(eVars.length ? { eVars: eVars.map(([name, value]) => ({ name, type: 'value', value })) } : {}),
    events: events.map((name) => ({ name })),
  };
}

export interface AdobeLibrary {
  /** The container definition, minified. */
  container: string;
  /** Container then engine: the file a page loads. */
  js: string;
}

export async function buildAdobeLibrary(trackingServer: string): Promise<AdobeLibrary> {
  const scripts: string[] = [];
  const moduleEntry = (path: string) => {
    const m = MODULES[path]!;
    scripts.push(`function (module, exports, require, turbine) {\n${readFileSync(join(EXTENSIONS_DIR, m.file), 'utf8')}\n}`);
    return { name: m.name, displayName: m.displayName, script: `__MODULE_${scripts.length - 1}__` };
  };
  const modulesOf = (extension: string) => Object.fromEntries(Object.keys(MODULES).filter((p) => MODULES[p]!.extension === extension).map((p) => [p, moduleEntry(p)]));

  const container = {
    buildInfo: { turbineVersion: TURBINE_VERSION, turbineBuildDate: '2024-01-01T00:00:00Z', buildDate: '2024-01-01T00:00:00Z', environment: 'production', minified: true },
    environment: { id: 'ENbench', stage: 'production' },
    dataElements: Object.fromEntries(
      DATA_ELEMENTS.map((d) => [
        d.name,
        { modulePath: 'core/src/lib/dataElements/javascriptVariable.js', settings: { path: `digitalData.${d.path}` }, defaultValue: d.default, forceLowerCase: true, cleanText: true },
      ]),
    ),
    extensions: {
      core: { displayName: 'Core', hostedLibFilesBaseUrl: '/containers/adobe/core/', modules: modulesOf('core') },
      'bench-analytics': {
        displayName: 'Adobe Analytics (bench)',
        hostedLibFilesBaseUrl: '/containers/adobe/bench-analytics/',
        settings: { reportSuites: [REPORT_SUITE], trackingServer, currencyCode: CURRENCY },
        modules: modulesOf('bench-analytics'),
      },
    },
    company: { orgId: 'BENCH0000000000000000000@AdobeOrg', dynamicCdnEnabled: false },
    property: { name: 'bench-equivalent', id: 'PRbench', settings: { domains: ['health.localhost'], undefinedVarsReturnEmpty: false, ruleComponentSequencingEnabled: false } },
    rules: [
      {
        id: 'RLpageview',
        name: 'Page view',
        events: [{ modulePath: 'core/src/lib/events/domReady.js', settings: {}, ruleOrder: 50 }],
        conditions: [],
        actions: [
          { modulePath: 'bench-analytics/src/lib/actions/setVariables.js', settings: { trackerProperties: trackerProperties(PAGE_VIEW.variables, PAGE_VIEW.events) } },
          { modulePath: 'bench-analytics/src/lib/actions/sendBeacon.js', settings: { type: 'page' } },
        ],
      },
      {
        id: 'RLfeedbackyes',
        name: `Link: ${CLICK.linkName}`,
        events: [{ modulePath: 'core/src/lib/events/click.js', settings: { elementSelector: CLICK.selector, bubbleFireIfParent: true, bubbleFireIfChildFired: true }, ruleOrder: 50 }],
        conditions: [],
        actions: [
          { modulePath: 'bench-analytics/src/lib/actions/setVariables.js', settings: { trackerProperties: trackerProperties(CLICK.variables, CLICK.events) } },
          { modulePath: 'bench-analytics/src/lib/actions/sendBeacon.js', settings: { type: 'link', linkType: 'o', linkName: CLICK.linkName } },
        ],
      },
    ],
  };
  const literal = JSON.stringify(container).replace(/"__MODULE_(\d+)__"/g, (_, i: string) => scripts[Number(i)]!);
  const source = `window._satellite = window._satellite || {};\nwindow._satellite.container = ${literal};\n`;
  const minified = (await transform(source, { minify: true, target: 'es2019', legalComments: 'none' })).code;
  return { container: minified, js: `${minified}${readFileSync(ENGINE_FILE, 'utf8')}` };
}
