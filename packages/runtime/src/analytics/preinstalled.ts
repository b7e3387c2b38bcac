import type { AnalyticsConfig, Logger, PreinstalledTracker } from '../core/types';

/** SPEC §9: the page's own tracker is looked for at most this many times... */
export const ATTEMPTS = 40;
/** ...this many milliseconds apart. */
export const INTERVAL = 250;

/** Report suite ids as AppMeasurement's `account` lists them: `rsid1,rsid2`. */
const ACCOUNT = /^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$/;
/** A host with an optional port, as settings.trackingServer. */
const HOST = /^[a-z0-9.-]+(:\d+)?$/i;

/** One field of the page's tracker when it is text of the shape; anything else, or a read that throws, gives nothing. */
function field(tracker: object, key: string, shape: RegExp): string | undefined {
  try {
    const value: unknown = (tracker as Record<string, unknown>)[key];
    return typeof value == 'string' && shape.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The page's global when it is an object of the page's own (an element with that id is not), else undefined. */
function lookUp(variable: string): object | undefined {
  try {
    // Own properties only: a named element (`<div id="s">`) shows through window's prototype, never as its own.
    if (!Object.prototype.hasOwnProperty.call(window, variable)) return undefined;
    const value: unknown = (window as unknown as Record<string, unknown>)[variable];
    // typeof and truthiness run no page code, whatever the value (a proxy included).
    return value && (typeof value == 'object' || typeof value == 'function') ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A tracker preinstalled on the page (settings.preinstalledTracker): the page creates its own
 * AppMeasurement object, e.g. `window.s`, and the container waits for it. It is looked for now and then
 * every 250 ms, at most 40 times (SPEC §9); hits wait in order meanwhile. Found, its `account` (report
 * suites) and tracking servers replace the property's, when they are text of the right shape; nothing
 * else of it is read and none of its methods is called: our tracker still builds, guards and sends every
 * hit. Not found, or the page hidden first, waiting hits leave with the property's settings.
 */
export default function preinstalled(config: AnalyticsConfig, log: Logger): PreinstalledTracker {
  const variable = config.preinstalled!.variable;
  const held: Array<() => void> = [];
  let attempts = 0;
  let searching = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const self: PreinstalledTracker = { config, hold: (hit) => searching && held.push(hit) > 0 };

  const attempt = (last?: boolean) => {
    attempts++;
    const tracker = lookUp(variable);
    if (tracker) {
      const account = field(tracker, 'account', ACCOUNT);
      const server = field(tracker, 'trackingServer', HOST);
      const secure = field(tracker, 'trackingServerSecure', HOST);
      self.config = {
        ...config,
        reportSuites: account ? account.split(',') : config.reportSuites,
        trackingServer: server || config.trackingServer,
        // As AppMeasurement: https pages use trackingServerSecure, else trackingServer.
        trackingServerSecure: secure || (server ? undefined : config.trackingServerSecure),
      };
      log.debug(`analytics: preinstalled tracker "${variable}" found on attempt ${attempts}`);
    } else if (attempts < ATTEMPTS && !last) {
      timer = setTimeout(() => attempt(), INTERVAL);
      return;
    } else log.error(`Preinstalled tracker "${variable}" not found after ${attempts} attempts; hits use the property's settings`);
    searching = false;
    clearTimeout(timer);
    removeEventListener('pagehide', hide);
    for (const hit of held.splice(0)) {
      try {
        hit();
      } catch (e) {
        log.error('analytics: hit not sent', e);
      }
    }
  };
  // A page left while its tracker is looked for: one last look, then the waiting hits leave before it goes.
  const hide = () => attempt(true);

  addEventListener('pagehide', hide);
  attempt();
  return self;
}
