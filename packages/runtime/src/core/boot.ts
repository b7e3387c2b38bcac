import { createCookieApi, forgetCookies } from './cookie';
import { getLifecycle, occurrence, PAGE_BOTTOM } from './lifecycle';
import { createLogger } from './logger';
import { runRule } from './rules';
import type { ContainerConfig, Context, EventModule, RuleConfig, RuleEvent, Subscription, Visitor } from './types';
import { optionalApi } from './optional-api';
import { createVars } from './vars';

const MARK = '__tagwell';

/** The page-facing global, the calls the site's code already makes (ARCHITECTURE: runtime shape). */
export interface Satellite {
  track(identifier: string, detail?: unknown): void;
  getVar(name: string): unknown;
  setVar(name: string | Record<string, unknown>, value?: unknown): void;
  cookie: Context['cookie'];
  logger: Context['log'];
  buildInfo: ContainerConfig['build'];
  setDebug(on: boolean): void;
  pageBottom(): void;
  /** The visitor identity (docs/IDENTITY.md); without it, logs `MCID instance cannot be found` and returns nothing. */
  getVisitorId(): Visitor | undefined;
  /** Customer ids for the identity service, as `getVisitorId().setCustomerIDs`; without the identity, as getVisitorId. */
  setCustomerIDs(ids: unknown): void;
}

/** Starts a container. Never throws: whatever the page holds, the page keeps working. */
export function boot(config: ContainerConfig): void {
  try {
    const w = window as unknown as { _satellite?: Satellite & { [MARK]?: boolean } };
    const existing = w._satellite;
    // A second copy of the container on the page does nothing.
    if (existing && existing[MARK]) existing.logger.warn(`Second container ${config.build.property}/${config.build.environment} ignored`);
    else start(config, w);
  } catch {
    // Nothing reaches the host page.
  }
}

function start(config: ContainerConfig, w: { _satellite?: Satellite }): void {
  const log = createLogger();
  // How deep the container's own calls are: 0 when the page, an event or a timer enters it. The start
  // is one entry (1 until its end): its modules and subscriptions share one read of document.cookie.
  let depth = 1;
  forgetCookies();
  const ctx: Context = {
    config,
    log,
    cookie: createCookieApi(config.cookieDomain),
    shared: {},
    safe(what, fn, fallback) {
      // Entered from outside: what the page wrote to document.cookie meanwhile is read afresh (core/cookie.ts).
      if (!depth++) forgetCookies();
      try {
        return fn();
      } catch (error) {
        log.error(what + ' failed:', error);
        return fallback;
      } finally {
        depth--;
      }
    },
    getVar: (name, event) => vars.getVar(name, event),
    resolve: (value, event) => vars.resolve(value, event),
    track(identifier, detail) {
      const direct = ctx.shared.directCall as ((id: string, detail: unknown) => boolean) | undefined;
      if (!direct || !direct(identifier, detail)) log.log(`No rule for direct call "${identifier}"`);
    },
  };
  const vars = createVars(ctx);
  // Before anything logs or runs, so the debugger hears all of it.
  if (TW_DEBUG_BRIDGE && config.debugBridge) config.debugBridge(ctx, log);

  // Page code calls these: no argument it passes may make them throw.
  const api =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R =>
      ctx.safe('_satellite', () => fn(...args), undefined as R);
  // SPEC §8: the site's code asks for the visitor; a container without the identity (or on an excluded path) says so.
  const visitor = () => (TW_IDENTITY && ctx.identity) || void log.warn('MCID instance cannot be found');
  // Installed before any rule can run, so custom code and data elements can call it.
  w._satellite = {
    [MARK]: true,
    track: api((identifier: string, detail?: unknown) => ctx.track('' + identifier, detail)),
    getVar: api((name: string) => vars.getVar('' + name)),
    setVar: api(vars.setVar),
    cookie: { get: api(ctx.cookie.get), set: api(ctx.cookie.set), remove: api(ctx.cookie.remove) },
    logger: log,
    buildInfo: config.build,
    setDebug: api(log.setDebug),
    pageBottom: api(() => getLifecycle(ctx).advance(PAGE_BOTTOM)),
    // Without the identity both only log, which cannot throw.
    getVisitorId: TW_IDENTITY ? api(visitor) : visitor,
    setCustomerIDs: TW_IDENTITY
      ? api((ids: unknown) => {
          const v = visitor();
          if (v) v.setCustomerIDs(ids);
        })
      : visitor,
  } as Satellite;
  // After _satellite, whose calls the consent data elements make; before any rule, so the first hit finds it.
  if (TW_IDENTITY && config.identity) ctx.identity = ctx.safe('Identity', () => config.identity!.module(ctx, config.identity!), undefined);
  // After the identity, whose visitor id the decision requests carry; before any rule, so the `personalise` action finds it.
  // (Named `target`, the Target-style personalisation: a name that leaves the minimal container's bytes as they were.)
  if (TW_PERSONALISATION && config.target) ctx.target = ctx.safe('Personalisation', () => config.target!.module(ctx, config.target!), undefined);
  // Issue 16: before any rule, so a player that starts on DOM ready is heard from its first event.
  if (TW_POST_TRACK || TW_MEDIA) optionalApi(ctx, w._satellite, api);

  // One registration per event type, with every rule that listens to it in rule order (the
  // compiler sorts rules), so one listener serves many rules.
  const subscribe = (rule: RuleConfig, event: RuleConfig['events'][number]): Subscription => ({
    settings: event.settings,
    trigger: (partial) =>
      ctx.safe(`Rule "${rule.name}"`, () => runRule(rule, { ...partial, type: event.type, ...(TW_OCCURRENCES && { occurrence: occurrence(ctx) }) } as RuleEvent, ctx), false),
  });
  const groups = new Map<EventModule, Subscription[]>();
  for (const rule of config.rules) {
    for (const event of rule.events) {
      if (!groups.has(event.module)) groups.set(event.module, []);
      groups.get(event.module)!.push(subscribe(rule, event));
    }
  }
  groups.forEach((subscriptions, module) => ctx.safe('Event', () => module(subscriptions, ctx), undefined));
  // A large container's click rules wait whole as JSON text: the click module parses them on the first click.
  // Registered after the others: the only other rule listener on the document's clicks, a custom-event rule's, listens
  // in the capture phase and hears each click first whatever the order (the compiler's features.ts lazyClickRules).
  if (TW_RULE_BODIES && config.lazyRules)
    for (const { module, rules } of config.lazyRules)
      ctx.safe('Event', () => module(() => rules().flatMap((rule) => rule.events.map((event) => subscribe(rule, event))), ctx), undefined);
  // The lifecycle exists even without lifecycle rules, so pageBottom() is always safe to call.
  getLifecycle(ctx);
  log.info(`Loaded ${config.build.property}/${config.build.environment} ${config.build.buildId}`);
  depth = 0;
}
