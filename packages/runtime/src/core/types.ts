// Shapes shared by the runtime's modules. The compiler emits a ContainerConfig whose
// component entries point straight at the modules the property uses (see docs/ARCHITECTURE.md).

import type { HitVariables } from '../analytics/tracker';

export type Settings = Record<string, unknown>;

/** What a rule sees when it fires: the DOM element and event that triggered it, if any. */
export interface RuleEvent {
  /** The event type that fired the rule, e.g. `click`, `dom-ready`, `direct-call`. */
  type: string;
  /** The element the event concerns (the clicked element, the element that exists...). */
  element?: Element | null;
  /** The native DOM event, when there is one. */
  nativeEvent?: Event;
  /** `CustomEvent.detail`, or the second argument of `_satellite.track`. */
  detail?: unknown;
  /** The direct-call identifier. */
  identifier?: string;
  /** A click: whether it may take the visitor off the page (a link this window follows, a form it submits). */
  leavesPage?: boolean;
  /** The name of the rule being run (filled in by the engine). */
  rule?: string;
  /**
   * The occurrence of the event (filled in by the engine): every rule that one click, DOM ready, custom
   * event, direct call or polling tick runs shares it, and they set analytics variables for its hit.
   */
  occurrence?: Occurrence;
}

/** One occurrence of an event, shared by the rules it runs (core/boot.ts). */
export interface Occurrence {
  /** The analytics variables of its hit, once a rule sets one (actions/shared/tracker.ts). */
  hit?: HitVariables;
}

export interface Logger {
  log(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  /** The last messages logged, debug or not, newest last (bounded). */
  history: Array<[level: string, message: string]>;
}

export interface CookieApi {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string, options?: CookieOptions): void;
}

export interface CookieOptions {
  /** Lifetime in days; fractional days allowed. Omitted: a session cookie. */
  expires?: number;
  path?: string;
  domain?: string;
}

/** Everything a component may use. One instance per container. */
export interface Context {
  config: ContainerConfig;
  log: Logger;
  cookie: CookieApi;
  /** The value of a data element or custom variable, after defaults, cleaning and storage. */
  getVar(name: string, event?: RuleEvent): unknown;
  /** Replaces `%Name%` tokens; a string that is one whole token keeps the value's own type. */
  resolve(value: unknown, event?: RuleEvent): unknown;
  /** Runs `fn` and never lets an exception out; returns `fallback` on error and logs `what`. */
  safe<T>(what: string, fn: () => T, fallback: T): T;
  /** Fires the rules subscribed to a direct call. */
  track(identifier: string, detail?: unknown): void;
  /** Shared per-container state for component modules (e.g. the analytics tracker). */
  shared: Record<string, unknown>;
  /** Set while the console's debugger is connected (core/debug-bridge.ts; never in production containers). */
  bridge?: Bridge;
  /** The visitor identity (identity/index.ts), when the property uses it and the path is not excluded. */
  identity?: Visitor;
  /** The page's personalisation (personalisation/index.ts), when a rule of the property personalises. */
  target?: Personalisation;
}

/** What the `personalise` action runs (personalisation/page-load.ts). Never throws. */
export interface Personalisation {
  /** The page-load decision: prehide, ask the decision service for the global location, render, show. */
  pageLoad(): void;
  /** The visitor's event history (personalisation/event-history.ts): these events happened now. */
  record(events: string[]): void;
}

/**
 * What `_satellite.getVisitorId()` returns (identity/index.ts): the visitor id, location hint and blob
 * once the Statistics choice allows them, and the calls the site's code makes. Never throws.
 */
export interface Visitor {
  /** The id (38 digits), or '' while there is none; `callback` gets it once known, or '' after the load timeout. */
  getMarketingCloudVisitorID(callback?: (id: string) => void): string;
  getLocationHint(): string;
  getAudienceManagerBlob(): string;
  /** `{ <type>: { id, authState } }` (or `{ <type>: id }`): sent to the service at most once a day while unchanged. */
  setCustomerIDs(ids: unknown): void;
  /** The URL with the id as a URL-passed id, valid 5 minutes; unchanged while there is no id. */
  appendVisitorIDsTo(url: string): string;
  /** For the tracker: calls `send` once, with the id allowed now ('' for none), after waiting at most the load timeout. */
  withId(send: (id: string) => void): void;
}

/** What the engine tells the console's debugger; the bridge turns it into messages. Never throws. */
export interface Bridge {
  /** A rule was evaluated; `failed` is the place of the condition or exception that stopped it (`conditions[1]`). */
  onRule(rule: RuleConfig, event: RuleEvent, failed: string | undefined): void;
  /** A hit is about to be guarded: the bridge reports what the guard removes, never the removed text. */
  onGuard(pairs: Array<[key: string, value: string]>, config: AnalyticsConfig): void;
  /** A rule's action is sending `hit`: the bridge notes the rule and the data elements' values now. */
  onSend(hit: object, event: RuleEvent): void;
  /** The guarded hit leaves with this query: what the guard removed from it, and what sent it, are reported now, with the query. */
  onSent(query: string, hit?: object): void;
}

/** An event module registers every subscription of its type at once, so one listener serves many rules. */
export type EventModule = (subscriptions: Subscription[], ctx: Context) => void;
/**
 * An event module that can also be given its subscriptions as a function, which it calls on its first event
 * (ContainerConfig.lazyRules): its start needs none of them.
 */
export type LazyEventModule = (subscriptions: Subscription[] | (() => Subscription[]), ctx: Context) => void;
export interface Subscription {
  settings: Settings;
  /** Runs the rule for this occurrence; returns true when its conditions passed. */
  trigger(event: Partial<RuleEvent>): boolean;
}
export type ConditionModule = (settings: Settings, event: RuleEvent, ctx: Context) => boolean;
export type ActionModule = (settings: Settings, event: RuleEvent, ctx: Context) => void | Promise<unknown>;
export type DataElementModule = (settings: Settings, ctx: Context, event?: RuleEvent) => unknown;

export type Storage = 'none' | 'pageview' | 'session' | 'visitor';

/** Reads (value undefined) or writes a data element's remembered value. */
export type DataElementStore = (element: DataElementConfig, name: string, value?: unknown) => unknown;

export interface DataElementConfig {
  /** Not emitted by the compiler: messages name the element, not its type. */
  type?: string;
  module: DataElementModule;
  settings: Settings;
  default?: string;
  forceLowerCase?: boolean;
  cleanText?: boolean;
  storage?: Storage;
}

export interface ConditionConfig {
  /** Not emitted by the compiler (as DataElementConfig.type); the debug bridge names it when present. */
  type?: string;
  module: ConditionModule;
  settings: Settings;
  negate?: boolean;
}

/** A rule as the compiler emits it: sorted by order already, empty parts left out. */
export interface RuleConfig {
  name: string;
  events: Array<{ type: string; module: EventModule; settings: Settings }>;
  conditions?: ConditionConfig[];
  exceptions?: ConditionConfig[];
  /** Absent while the rule's body is still JSON text (TW_RULE_BODIES): `ContainerConfig.loadBody` puts it in, with the conditions and exceptions. */
  actions: Array<{ module: ActionModule; settings: Settings }>;
  /** While the body waits: its place among the container's waiting bodies (set by the entry's linking code). */
  bodyIndex?: number;
}

export interface AnalyticsConfig {
  /** Host (and optional port) of the tracking server for http pages. */
  trackingServer: string;
  /** Host for https pages; defaults to trackingServer. */
  trackingServerSecure?: string;
  reportSuites: string[];
  currency: string;
  /** Sent in the request path, e.g. `TW-0.1.0`. */
  codeVersion: string;
  /** Query keys (e.g. `c2`, `v10`) whose whole value becomes `postcode na` when it holds a postcode. */
  postcodeMarked: string[];
  /** Query parameter names (case-insensitive) dropped from every URL sent, besides the guard's own (`useremail`). */
  deniedParams?: string[];
  /** Variables on every hit, page views and link hits alike, by query key: `%Name%` text resolved when the hit is sent. */
  everyHit?: Array<[key: string, value: string]>;
  /** The tracker the page creates itself, waited for before the first hit leaves (analytics/preinstalled.ts). */
  preinstalled?: PreinstalledConfig;
}

/** settings.preinstalledTracker as the compiler emits it, with the module. */
export interface PreinstalledConfig {
  /** analytics/preinstalled.ts's default export. */
  module: (config: AnalyticsConfig, log: Logger) => PreinstalledTracker;
  /** The page's global that holds its tracker, e.g. `s`. */
  variable: string;
}

/** What the tracker asks of the page's own tracker while it is looked for, and after. */
export interface PreinstalledTracker {
  /** Keeps a hit, in order, while the page's tracker is looked for (true); false once the search is over. */
  hold(hit: () => void): boolean;
  /** The settings hits leave with: the page tracker's account and server, when it has them, over the property's. */
  config: AnalyticsConfig;
}

export interface ConsentConfig {
  /** analytics/consent's default export. */
  module: (ctx: Context, consent: ConsentConfig) => () => 'send' | 'wait' | 'drop';
  /** Data element holding the consent status: pending, changed or complete (SPEC §4). */
  status: string;
  /** Data element holding the Statistics choice: on or off. */
  statistics: string;
  /** Document event that says the visitor's choice changed. */
  changeEvent: string;
}

/** The identity settings as the compiler emits them (packages/schema identity.ts), with the module. */
export interface IdentityConfig {
  /** identity/index.ts's default export. */
  module: (ctx: Context, config: IdentityConfig) => Visitor | undefined;
  /** host[:port] of the identity service. */
  server: string;
  cookie: string;
  loadTimeout: number;
  handshakeTimeout: number;
  pathExclusions?: string[];
  crossDomainHosts?: string[];
  urlParameter: string;
  idSyncContainerId?: number;
}

/** The page's personalisation settings as the compiler emits them (packages/schema activities.ts), with the module. */
export interface PersonalisationConfig {
  /** personalisation/index.ts's default export. */
  module: (ctx: Context, config: PersonalisationConfig) => Personalisation | undefined;
  /** host[:port] of the decision service. */
  server: string;
  /** The Target client code (CONTRACT §5). */
  client: string;
  globalLocation: string;
  /** The Delivery API environmentId of this container's environment. */
  environmentId: number;
  prehidingStyle: string;
  targetMigrationEnabled?: boolean;
  /** SPEC §5: left out for `never`, the default of these Target-style activities. */
  autoCollect?: 'always' | 'decoratedElementsOnly';
  /** The location parameters the audiences read: [parameter, data element] (schema audienceParameter). */
  parameters?: Array<[parameter: string, dataElement: string]>;
  /** The property has view activities. */
  views?: boolean;
  /**
   * Present only with personalizationStorageEnabled (personalisation/event-history.ts): the event-history
   * conditions of the global location's audiences, [parameter, event, days] (schema audienceParameter).
   */
  history?: Array<[parameter: string, event: string, days: number]>;
}

/** settings.streamingMedia as the compiler emits it (packages/schema media.ts), with the module; docs/MEDIA.md. */
export interface MediaConfig {
  /** media/index.ts's default export: tracks the page's media and returns `_satellite.sendMediaEvent`. */
  module: (ctx: Context, config: MediaConfig) => (event: unknown) => boolean;
  channel: string;
  playerName: string;
  appVersion?: string;
  /** SPEC §5: seconds between pings while content plays (10 to 50). */
  mainPingInterval: number;
  /** The `<video>` and `<audio>` elements tracked without the page's help. */
  selector: string;
}

/** A function the site's code registers with `_satellite.registerPostTrackCallback`: called with each hit's URL once it is sent. */
export type PostTrackCallback = (url: string) => void;

export interface BuildInfo {
  property: string;
  environment: string;
  version: string;
  /** A digest of the compiled input: the same input gives the same id. */
  buildId: string;
  runtimeVersion: string;
}

export interface ContainerConfig {
  build: BuildInfo;
  cookieDomain?: string;
  /** Name of the head meta tag that carries the page's CSP nonce. */
  nonceMeta?: string;
  analytics?: AnalyticsConfig;
  dataElements: Record<string, DataElementConfig>;
  rules: RuleConfig[];
  /** Parses a rule's body from the container's JSON text, for a rule without `actions` (TW_RULE_BODIES). */
  loadBody?: (rule: RuleConfig) => void;
  /**
   * Rules that wait whole as JSON text, heads too (TW_RULE_BODIES): every rule with an event of `module`'s type,
   * each with only such events. `rules` parses them; the module calls for their subscriptions on its first event.
   */
  lazyRules?: Array<{ module: LazyEventModule; rules: () => RuleConfig[] }>;
  /** The analytics consent gate, when the property declares consent settings. */
  consent?: ConsentConfig;
  /** The visitor identity, when the property declares identity settings. */
  identity?: IdentityConfig;
  /** The page's (Target-style) personalisation, when a rule of the property has a `personalise` action. */
  target?: PersonalisationConfig;
  /**
   * Streaming media, when the property configures it (settings.streamingMedia); in development and staging
   * containers without it, only `module` (media/not-configured.ts), which logs `Streaming media is not configured.`
   */
  media?: MediaConfig;
  /** core/storage's createStore, when a data element has a storage duration. */
  storage?: () => DataElementStore;
  /** core/debug-bridge's default export, in development and staging containers only. */
  debugBridge?: (ctx: Context, log: Logger & { setDebug(on: boolean): void }) => void;
  /** Console origins the debug bridge may post to; `:*` is any port. */
  debugOrigins?: readonly string[];
}
