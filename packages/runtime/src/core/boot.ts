import { createCookieApi } from './cookie';
import { getLifecycle, PAGE_BOTTOM } from './lifecycle';
import { createLogger } from './logger';
import { runRule } from './rules';
import type { ContainerConfig, Context, EventModule, RuleEvent, Subscription } from './types';
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
}

/** Starts a container. Never throws: whatever the page holds, the page keeps working. */
export function boot(config: ContainerConfig): void {
  try {
    const w = window as unknown as Record<string, unknown>;
    const existing = w._satellite as Record<string, unknown> | undefined;
    if (existing && existing[MARK]) {
      // A second copy of the container on the page does nothing.
      (existing.logger as Context['log']).warn(`A second container (${config.build.property}/${config.build.environment}) was ignored`);
      return;
    }
    start(config, w);
  } catch {
    // Nothing reaches the host page.
  }
}

function start(config: ContainerConfig, w: Record<string, unknown>): void {
  const log = createLogger();
  const ctx: Context = {
    config,
    log,
    cookie: createCookieApi(config.cookieDomain),
    // Read now: currentScript is only set while the container's own script runs.
    shared: { scriptNonce: (document.currentScript as HTMLScriptElement | null)?.nonce },
    safe<T>(what: string, fn: () => T, fallback: T): T {
      try {
        return fn();
      } catch (error) {
        log.error(`${what} failed: ${messageOf(error)}`);
        return fallback;
      }
    },
    getVar: (name, event) => vars.getVar(name, event),
    resolve: (value, event) => vars.resolve(value, event),
    track: (identifier, detail) => {
      const direct = ctx.shared.directCall as ((id: string, detail: unknown) => boolean) | undefined;
      if (!direct || !direct(identifier, detail)) log.log(`No rule listens to the direct call "${identifier}"`);
    },
  };
  const vars = createVars(ctx);

  const guard =
    <A extends unknown[], R>(what: string, fn: (...args: A) => R, fallback?: R) =>
    (...args: A): R =>
      ctx.safe(what, () => fn(...args), fallback as R);
  const satellite: Satellite & Record<string, unknown> = {
    [MARK]: true,
    track: guard('_satellite.track', (identifier: string, detail?: unknown) => ctx.track(String(identifier), detail)),
    getVar: guard('_satellite.getVar', (name: string) => vars.getVar(String(name))),
    setVar: guard('_satellite.setVar', vars.setVar),
    cookie: {
      get: guard('_satellite.cookie.get', (name: string) => ctx.cookie.get(name)),
      set: guard('_satellite.cookie.set', ctx.cookie.set),
      remove: guard('_satellite.cookie.remove', ctx.cookie.remove),
    },
    logger: log,
    buildInfo: config.build,
    setDebug: guard('_satellite.setDebug', log.setDebug),
    pageBottom: guard('_satellite.pageBottom', () => getLifecycle(ctx).advance(PAGE_BOTTOM)),
  };
  w._satellite = satellite;

  // One registration per event type, with every rule that listens to it in rule order,
  // so one listener serves many rules (compiler sorts rules by order).
  const byModule = new Map<EventModule, { type: string; subscriptions: Subscription[] }>();
  for (const rule of config.rules) {
    for (const event of rule.events) {
      let group = byModule.get(event.module);
      if (!group) byModule.set(event.module, (group = { type: event.type, subscriptions: [] }));
      const type = event.type;
      group.subscriptions.push({
        settings: event.settings,
        trigger: (partial) => ctx.safe(`Rule "${rule.name}"`, () => runRule(rule, { ...partial, type } as RuleEvent, ctx), false),
      });
    }
  }
  for (const [module, group] of byModule) ctx.safe(`Event "${group.type}"`, () => module(group.subscriptions, ctx), undefined);
  // The lifecycle exists even without lifecycle rules, so pageBottom() is always safe to call.
  getLifecycle(ctx);
  log.info(`Container ${config.build.property}/${config.build.environment} v${config.build.version} (${config.build.buildId}) loaded`);
}

/** The message of a thrown value; a hostile one (a Proxy that throws on every trap) must not escape from here. */
function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : 'error';
  } catch {
    return 'error';
  }
}
