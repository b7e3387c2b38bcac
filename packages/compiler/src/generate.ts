import path from 'node:path';
import { audienceParameter, personalises, DEFAULT_DEBUG_ORIGINS, deniedQueryParams, queryKey, type Action, type Condition, type DataElement, type EnvironmentName, type Property, type Rule, type StreamingMedia } from '@tagwell/schema';
import { canonicalJson, sha256 } from './canonical';
import { loadCustomCode, wrapCustomCode, type CustomCode } from './custom-code';
import { Code, linkCodes, literal, loadBodies, packRules, UserKeys } from './emit';
import { CompileError } from './errors';
import { hasDebugBridge, lazyClickRules, waitingRules } from './features';
import { findRuntime, runtimeModuleFile, type RuntimePackage } from './runtime-package';

export interface GenerateOptions {
  /** The runtime to import from; default: the installed @tagwell/runtime. */
  runtime?: RuntimePackage;
  /** The folder that custom-code `file` settings are relative to; default: the working directory. */
  propertyDir?: string;
  /** Replaces the document's tracking server (both http and https), e.g. `metrics.health.localhost:8080` for the demo. */
  trackingServer?: string;
  /** Replaces the document's identity service (settings.identity.server), e.g. `id.health.localhost:8080` for the demo. */
  identityServer?: string;
  /** Replaces the document's decision service (personalisation.server), e.g. `decisions.health.localhost:8080` for the demo. */
  decisionServer?: string;
  /**
   * The minifier's names for structural keys (esbuild's mangle cache from a build of the same property):
   * given, the rules and data elements travel as JSON text for JSON.parse (emit.ts, jsonLiteral).
   */
  renamed?: Record<string, string | false>;
  /**
   * Write imports relative to this folder (`./packages/runtime/src/...`) instead of as absolute
   * paths, so the entry's text, and the source map that embeds it, do not depend on the machine.
   */
  importBase?: string;
}

export interface GeneratedEntry {
  /** An ES module that imports the runtime and calls `boot(config)`. */
  source: string;
  /** The runtime component modules imported, as ids (`events/click`, `actions/set-variables`), sorted. */
  modules: string[];
  buildId: string;
  /** Every word in the property's custom code: property names the minifier must not mangle. */
  customCodeWords: Set<string>;
}

type Kind = 'events' | 'conditions' | 'actions' | 'data-elements';
const PREFIX: Record<Kind, string> = { events: 'ev', conditions: 'cond', actions: 'act', 'data-elements': 'de' };
/** SPEC: the tracker is only built into containers whose rules talk to it. */
const ANALYTICS_ACTIONS = new Set(['set-variables', 'send-beacon', 'clear-variables']);

/** The entry module of one environment's container: only the runtime modules the property uses, and its ContainerConfig. */
export function generateEntry(property: Property, env: EnvironmentName, options: GenerateOptions = {}): GeneratedEntry {
  const runtime = options.runtime ?? findRuntime();
  // The same rule as the document's own trackingServer: a URL or a path here would make every hit go astray.
  if (options.trackingServer !== undefined && !/^[a-z0-9.-]+(:\d+)?$/i.test(options.trackingServer))
    throw new CompileError(`tracking server override "${options.trackingServer}" is not a host name with an optional :port`);
  if (options.identityServer !== undefined && !/^[a-z0-9.-]+(:\d+)?$/i.test(options.identityServer))
    throw new CompileError(`identity server override "${options.identityServer}" is not a host name with an optional :port`);
  if (options.decisionServer !== undefined && !/^[a-z0-9.-]+(:\d+)?$/i.test(options.decisionServer))
    throw new CompileError(`decision server override "${options.decisionServer}" is not a host name with an optional :port`);
  const code = loadCustomCode(property, options.propertyDir ?? process.cwd());
  const imports = new Map<string, string>();
  const use = (kind: Kind, type: string): Code => {
    const id = `${kind}/${type}`;
    const name = `${PREFIX[kind]}_${type.replace(/-/g, '_')}`;
    imports.set(id, name);
    return new Code(name);
  };

  // Optional parts of the core, imported like component modules when the property needs them.
  const useRuntime = (id: string): Code => {
    const name = id.replace(/\W/g, '_');
    imports.set(id, name);
    return new Code(name);
  };

  const rules = property.rules
    .map((rule, index) => ({ rule, index }))
    .filter(({ rule }) => rule.enabled)
    // Array.prototype.sort is stable: rules with the same order keep document order (SPEC §9).
    .sort((a, b) => a.rule.order - b.rule.order);

  const dataElements: Record<string, unknown> = {};
  property.dataElements.forEach((element, i) => {
    dataElements[element.name] = {
      module: use('data-elements', element.type),
      settings: dataElementSettings(element, code.get(`dataElements[${i}].settings`)),
      default: element.default,
      forceLowerCase: element.forceLowerCase,
      cleanText: element.cleanText,
      storage: element.storage,
    };
  });

  const ruleConfigs = rules.map(({ rule, index }) => {
    const at = (part: string, j: number) => code.get(`rules[${index}].${part}[${j}].settings`);
    // Conditions and actions carry no type name: messages and traces name them by their place in
    // the rule (`conditions[1]`), as the document does.
    const condition = (part: 'conditions' | 'exceptions') => (c: Condition, j: number) => ({
      module: use('conditions', c.type),
      settings: c.type === 'custom-code' ? customCodeSettings(at(part, j)) : c.settings,
      negate: c.negate || undefined,
    });
    // Empty parts are left out: every byte ships to every visitor (the runtime reads them as empty).
    return {
      name: rule.name,
      events: rule.events.map((e) => ({ type: e.type, module: use('events', e.type), settings: e.settings })),
      conditions: nonEmpty(rule.conditions.map(condition('conditions'))),
      exceptions: nonEmpty(rule.exceptions.map(condition('exceptions'))),
      actions: rule.actions.map((a, j) => ({ module: use('actions', a.type), settings: actionSettings(a, at('actions', j)) })),
    };
  });

  const runtimeVersion = runtime.version;
  const buildId = computeBuildId(property, env, runtimeVersion, { trackingServer: options.trackingServer, identityServer: options.identityServer, decisionServer: options.decisionServer }, code);
  const config = {
    build: { property: property.name, environment: env, version: String(property.version), buildId, runtimeVersion },
    cookieDomain: property.settings.cookieDomain,
    // Defaults the runtime knows are left out: every byte ships to every visitor.
    nonceMeta: property.settings.nonceMeta === 'csp-nonce' ? undefined : property.settings.nonceMeta,
    analytics: usesAnalytics(rules.map(({ rule }) => rule)) || property.settings.streamingMedia ? analyticsConfig(property, env, runtimeVersion, options.trackingServer, useRuntime) : undefined,
    dataElements: new UserKeys(dataElements) as unknown,
    rules: ruleConfigs as unknown,
    storage: property.dataElements.some((e) => e.storage && e.storage !== 'none') ? useRuntime('core/storage') : undefined,
    consent: property.settings.consent && { module: useRuntime('analytics/consent'), ...property.settings.consent },
    identity: property.settings.identity && identityConfig(property.settings.identity, useRuntime('identity/index'), options.identityServer),
    target: personalises(property) ? personalisationConfig(property, env, useRuntime('personalisation/index'), options.decisionServer) : undefined,
    media: property.settings.streamingMedia
      ? mediaConfig(property.settings.streamingMedia, useRuntime('media/index'))
      : hasDebugBridge(env)
        ? { module: useRuntime('media/not-configured') }
        : undefined,
    // Imported by the entry, not by the core: esbuild names identifiers from the text of every file it
    // reads, so a production container, which never reads this one, keeps its bytes whatever the bridge becomes.
    debugBridge: hasDebugBridge(env) ? useRuntime('core/debug-bridge') : undefined,
    debugOrigins: hasDebugBridge(env) ? (property.settings.debugOrigins ?? DEFAULT_DEBUG_ORIGINS) : undefined,
  };

  // Start-up: the bulk of a large property is parsed as JSON rather than compiled as code (docs/PERFORMANCE.md).
  // The bodies of rules that do not run as the page loads wait as JSON text until each first runs (emit.ts, packRules).
  // Where every click rule waits, their heads wait too, until the first click (features.ts lazyClickRules).
  const waiting = waitingRules(ruleConfigs);
  const whole = lazyClickRules(ruleConfigs, waiting);
  const packed = options.renamed && packRules(config.dataElements, ruleConfigs, options.renamed, waiting, whole);
  if (packed) {
    config.dataElements = new Code('tw_packed[0]');
    config.rules = new Code('tw_packed[1]');
    if (packed.bodies.length) Object.assign(config, { loadBody: new Code('tw_load_body') });
    if (packed.lazy) Object.assign(config, { lazyRules: [{ module: [...whole][0]!.events[0]!.module, rules: new Code('tw_lazy_rules') }] });
  }

  const modules = [...imports.keys()].sort();
  const specifier = (id: string) => {
    const file = runtimeModuleFile(runtime, id);
    if (options.importBase === undefined) return file.split(path.sep).join('/');
    const relative = path.relative(options.importBase, file).split(path.sep).join('/');
    return relative.startsWith('.') ? relative : `./${relative}`;
  };
  const source = [
    `// Generated by @tagwell/compiler from property "${property.name}" v${property.version} for ${env}: do not edit.`,
    `import { boot } from ${JSON.stringify(specifier('core/boot'))};`,
    ...modules.map((id) => `import ${imports.get(id)} from ${JSON.stringify(specifier(id))};`),
    '',
    ...(packed
      ? [
          `const tw_codes = ${literal(packed.codes)};`,
          `const tw_packed = JSON.parse(${JSON.stringify(packed.json)});`,
          ...(packed.bodies.length ? [`const tw_types = ${JSON.stringify(packed.types)};`] : []),
          linkCodes('tw_packed', 'tw_codes', packed.bodies.length ? 'tw_types' : undefined),
          ...(packed.bodies.length ? [`const tw_bodies = ${literal(packed.bodies)};`, loadBodies('tw_load_body', 'tw_bodies')] : []),
          ...(packed.lazy ? [`const tw_lazy = ${JSON.stringify(packed.lazy)};`, `const tw_lazy_rules = () => JSON.parse(tw_lazy).map(tw_head);`] : []),
          '',
        ]
      : []),
    `boot(${literal(config)});`,
    '',
  ].join('\n');
  const customCodeWords = new Set([...code.values()].flatMap((c) => c.body.match(/[A-Za-z_$][\w$]*/g) ?? []));
  return { source, modules, buildId, customCodeWords };
}

const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length ? list : undefined);

const usesAnalytics = (rules: Rule[]) => rules.some((rule) => rule.actions.some((a) => ANALYTICS_ACTIONS.has(a.type)));

function analyticsConfig(property: Property, env: EnvironmentName, runtimeVersion: string, trackingServer: string | undefined, useRuntime: (id: string) => Code) {
  const { settings } = property;
  return {
    trackingServer: trackingServer ?? settings.trackingServer,
    trackingServerSecure: trackingServer ?? settings.trackingServerSecure,
    reportSuites: property.environments[env].reportSuites,
    currency: settings.currency,
    codeVersion: `TW-${runtimeVersion}`,
    postcodeMarked: settings.privacy.postcodeFields.map(key),
    // The guard always drops useremail (privacy/url.ts); only the others need listing, the URL-passed id's among them.
    deniedParams: nonEmpty(deniedQueryParams(settings).filter((name) => name.toLowerCase() !== 'useremail')),
    // SDR "On every hit": by query key, as the tracker works; resolved in the page when each hit is sent.
    everyHit: nonEmpty(Object.entries(settings.everyHit ?? {}).map(([name, value]) => [key(name), value])),
    // The page's own tracker, waited for in the page (analytics/preinstalled.ts); imported only when named.
    preinstalled: settings.preinstalledTracker && { module: useRuntime('analytics/preinstalled'), variable: settings.preinstalledTracker.variable },
  };
}

/** docs/IDENTITY.md: the identity settings as the runtime reads them; empty lists left out. */
function identityConfig(identity: NonNullable<Property['settings']['identity']>, module: Code, server?: string) {
  const { customerIdTypes: _types, pathExclusions, crossDomainHosts, ...rest } = identity;
  return { module, ...rest, server: server ?? identity.server, pathExclusions: nonEmpty(pathExclusions), crossDomainHosts: nonEmpty(crossDomainHosts) };
}

/**
 * docs/PERSONALISATION.md: the page's personalisation settings as the runtime reads them; defaults the
 * runtime knows left out. The location parameters are those the global location's audiences read.
 */
function personalisationConfig(property: Property, env: EnvironmentName, module: Code, server?: string) {
  const p = property.personalisation!;
  const decisionServer = server ?? p.server;
  if (decisionServer === undefined) throw new CompileError('personalisation.server: required when a rule has a personalise action');
  const newRepeat = property.dataElements.find((e) => e.type === 'new-repeat')?.name;
  const parameters = new Map<string, string>();
  const history = new Map<string, [parameter: string, event: string, days: number]>();
  for (const activity of p.activities.filter((a) => a.location.type === 'mbox' && a.location.name === p.globalLocation))
    for (const audience of [activity.audience, ...activity.experiences.map((e) => e.audience)])
      for (const condition of audience?.conditions ?? []) {
        const name = audienceParameter(condition);
        if (condition.type === 'data-element' && name) parameters.set(name, condition.name);
        // SPEC §9: new or repeat as the page decides it, from the property's new-repeat data element.
        if (condition.type === 'visitor' && name && newRepeat) parameters.set(name, newRepeat);
        // Counted in the page from the visitor's event history (runtime personalisation/event-history.ts).
        if (condition.type === 'event-history' && name) history.set(name, [name, condition.event, condition.withinDays]);
      }
  return {
    module,
    server: decisionServer,
    client: p.client,
    globalLocation: p.globalLocation,
    environmentId: p.environmentIds[env],
    prehidingStyle: p.prehidingStyle,
    targetMigrationEnabled: p.targetMigrationEnabled || undefined,
    autoCollect: p.autoCollectPropositionInteractions === 'never' ? undefined : p.autoCollectPropositionInteractions,
    parameters: nonEmpty([...parameters]),
    views: p.activities.some((a) => a.location.type === 'view') || undefined,
    // SPEC §4: the page keeps an event history only with personalizationStorageEnabled; its presence says so.
    history: p.personalizationStorageEnabled ? [...history.values()] : undefined,
  };
}

/** docs/MEDIA.md: the streaming-media settings as the runtime reads them; the ad ping interval is not (the site has no ads). */
function mediaConfig(media: StreamingMedia, module: Code) {
  const { adPingInterval: _ads, ...rest } = media;
  return { module, ...rest };
}

/** The image-request key of a variable the schema has already accepted (prop2 -> c2). */
function key(variable: string): string {
  const k = queryKey(variable);
  if (k === undefined) throw new Error(`no query key for ${variable}`);
  return k;
}

function customCodeSettings(snippet: CustomCode | undefined) {
  if (!snippet) throw new Error('custom code was not loaded');
  return { fn: new Code(wrapCustomCode(snippet.body)) };
}

function actionSettings(action: Action, snippet: CustomCode | undefined): unknown {
  if (action.type === 'custom-code') return customCodeSettings(snippet);
  if (action.type === 'set-variables') {
    // The tracker works in query keys (CONTRACT §4), so the mapping happens once, here, not in every page.
    const { variables, linkTrackVars, contextData, ...rest } = action.settings;
    return {
      vars: Object.entries(variables ?? {}).map(([name, value]) => [key(name), value]),
      ...rest,
      contextData: contextData && new UserKeys(contextData),
      linkTrackVars: linkTrackVars?.map(key),
    };
  }
  if (action.type === 'dispatch-event') return { ...action.settings, detail: action.settings.detail && new UserKeys(action.settings.detail) };
  return action.settings ?? {};
}

function dataElementSettings(element: DataElement, snippet: CustomCode | undefined): unknown {
  return element.type === 'custom-code' ? customCodeSettings(snippet) : (element.settings ?? {});
}

/** A digest of everything that decides the container's contents, so the same input always gives the same id. */
function computeBuildId(property: Property, env: EnvironmentName, runtimeVersion: string, overrides: object, code: Map<string, CustomCode>): string {
  // Code read from files is part of the input even though the document holds only the file name.
  const files = Object.fromEntries([...code.values()].filter((c) => c.file !== undefined).map((c) => [c.path, c.body]));
  return sha256(canonicalJson({ property, env, runtimeVersion, overrides, files })).slice(0, 12);
}
