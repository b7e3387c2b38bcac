// Test-only helpers for the runtime's unit tests (never imported by the runtime itself).
// Containers are built by hand, as the compiler would emit them, and every test starts from a clean page.
import { vi } from 'vitest';
import { boot, type Satellite } from './boot';
import type {
  ActionModule,
  AnalyticsConfig,
  ConditionConfig,
  ConditionModule,
  ContainerConfig,
  Context,
  DataElementConfig,
  DataElementModule,
  EventModule,
  Logger,
  RuleConfig,
  RuleEvent,
  Settings,
} from './types';

/** The page globals the runtime reads and writes. */
export interface PageGlobals {
  _satellite?: TestSatellite;
  digitalData?: unknown;
}
export type TestSatellite = Satellite & { logger: Logger & { isDebug(): boolean } };
export const page = (): PageGlobals => window as unknown as PageGlobals;

export const BASE_URL = 'http://localhost:3000/';

export const ANALYTICS: AnalyticsConfig = {
  trackingServer: 'metrics.health.localhost',
  reportSuites: ['twtest'],
  currency: 'GBP',
  codeVersion: 'TW-0.0.0-test',
  postcodeMarked: ['c2'],
  deniedParams: ['token'],
};

export function makeConfig(partial: Partial<ContainerConfig> = {}): ContainerConfig {
  return {
    build: { property: 'test-site', environment: 'development', version: '7', buildId: 'abc123def456', runtimeVersion: '0.0.0-test' },
    nonceMeta: 'csp-nonce',
    dataElements: {},
    rules: [],
    ...partial,
  };
}

export function makeRule(name: string, parts: Partial<Omit<RuleConfig, 'name'>> = {}): RuleConfig {
  return { name, events: [], conditions: [], exceptions: [], actions: [], ...parts };
}

export const on = (type: string, module: EventModule, settings: Settings = {}) => ({ type, module, settings });
// The type names only say, in a test, what a component stands for: containers do not carry them.
export const when = (_type: string, module: ConditionModule, settings: Settings = {}, negate?: boolean): ConditionConfig => ({ module, settings, negate });
export const act = (_type: string, module: ActionModule, settings: Settings = {}) => ({ module, settings });
export const element = (type: string, module: DataElementModule, settings: Settings = {}, extra: Partial<DataElementConfig> = {}): DataElementConfig => ({
  type,
  module,
  settings,
  ...extra,
});

/** Boots a container and returns the page's `_satellite`. */
export function startContainer(config: ContainerConfig): TestSatellite {
  boot(config);
  const satellite = page()._satellite;
  if (!satellite) throw new Error('boot did not install _satellite');
  return satellite;
}

/** An event module that only captures the container's context, so components can be called directly. */
export function startWithContext(config: ContainerConfig = makeConfig()): { satellite: TestSatellite; ctx: Context } {
  let captured: Context | undefined;
  const capture: EventModule = (_subscriptions, ctx) => void (captured = ctx);
  const satellite = startContainer({ ...config, rules: [...config.rules, makeRule('capture context', { events: [on('capture', capture)] })] });
  if (!captured) throw new Error('context not captured');
  return { satellite, ctx: captured };
}

/** An action that records the events of the rules it belongs to. */
export function recorder(label = 'recorded') {
  const calls: Array<{ label: string; event: RuleEvent; settings: Settings }> = [];
  const action: ActionModule = (settings, event) => void calls.push({ label, event, settings });
  return { calls, action: act('record', action, { label }) };
}

/** A shared log of what ran, in order. */
export function journal() {
  const entries: string[] = [];
  const write = (entry: string) => act('record', (() => void entries.push(entry)) as ActionModule, { entry });
  return { entries, write };
}

/** Resolves after the microtasks queued so far (and those they queue) have run. */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

// --- Page isolation ---------------------------------------------------------------------------

const realSetTimeout = globalThis.setTimeout;
const realSetInterval = globalThis.setInterval;
const realClearInterval = globalThis.clearInterval;

/** Lets a real macrotask pass (also under fake timers), so Node reports unhandled rejections. */
export const settle = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));

const listeners: Array<[EventTarget, string, EventListenerOrEventListenerObject, unknown]> = [];
const intervals: unknown[] = [];
const teardowns: Array<() => void> = [];

// Containers leave document/window listeners and intervals behind; they are recorded so the next test
// does not hear the previous test's containers.
for (const target of [window, document] as EventTarget[]) {
  const original = target.addEventListener;
  target.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
    if (listener) listeners.push([target, type, listener, options]);
    return original.call(this, type, listener, options);
  } as EventTarget['addEventListener'];
}
globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
  const id = realSetInterval(...args);
  intervals.push(id);
  return id;
}) as typeof setInterval;

/**
 * Records anything that would reach the host page as an error: window `error` and
 * `unhandledrejection` events, and Node's unhandled rejections (happy-dom does not turn those
 * into window events).
 */
export function watchPageErrors(): unknown[] {
  const errors: unknown[] = [];
  const onError = (event: Event) => errors.push((event as ErrorEvent).error ?? (event as ErrorEvent).message ?? event.type);
  const onRejection = (event: Event) => errors.push((event as PromiseRejectionEvent).reason ?? event.type);
  const onProcess = (reason: unknown) => errors.push(reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  process.on('unhandledRejection', onProcess);
  teardowns.push(() => process.off('unhandledRejection', onProcess));
  return errors;
}

/** A request the container sent with XMLHttpRequest (core/request-json.ts). */
export interface SentRequest {
  url: string;
  method: string;
  body: string | null;
  /** As fetch would say it: whether the visitor's cookies for the host went with it. */
  credentials: 'include' | 'omit';
}

/** For stubRequests: an answer with a status and a JSON body of its own. */
export class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * Stubs XMLHttpRequest: each request sent is answered with `answer(request)`. An object is a 200 with it as
 * JSON, a string a 200 with it as the body, a number that status (body `{}`), an HttpAnswer its status and
 * body, an Error a network failure, undefined a 500, a promise one of those later (a slow service); a
 * throwing `answer` makes `send` throw, as a browser refusing the request would. Returns the requests sent,
 * in order.
 */
export function stubRequests(answer: (request: SentRequest) => unknown): SentRequest[] {
  const sent: SentRequest[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request = { url: '', method: '' };
    private aborted = false;
    open(method: string, url: string) {
      this.request = { url: String(url), method };
    }
    send(body: string | null) {
      const request: SentRequest = { ...this.request, body, credentials: this.withCredentials ? 'include' : 'omit' };
      sent.push(request);
      const given = answer(request);
      void Promise.resolve(given)
        .catch((error: unknown) => error)
        .then((value) => {
          if (this.aborted) return;
          if (value instanceof Error) return this.onerror && this.onerror();
          if (value instanceof HttpAnswer) {
            this.status = value.status;
            this.responseText = JSON.stringify(value.body);
          } else {
            this.status = value === undefined ? 500 : typeof value == 'number' ? value : 200;
            this.responseText = typeof value == 'string' ? value : JSON.stringify(value === undefined || typeof value == 'number' ? {} : value);
          }
          if (this.onload) this.onload();
        });
    }
    abort() {
      this.aborted = true;
    }
  }
  // Kept across resetPage(), as a test's next visitor asks the same service: vi.unstubAllGlobals() ends it.
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

/**
 * Stubs both transports (analytics/transport.ts): `beacon` hears every hit sent, an image's as `(url)` and a
 * sendBeacon's as `(url, body)`; `hits()` decodes every query sent so far in a URL, `allHits()` POSTed ones too.
 */
export function stubBeacon() {
  const beacon = vi.fn((_url: string | URL, _body?: BodyInit | null) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  const image = window.Image;
  window.Image = class {
    set src(url: string) {
      beacon(url);
    }
  } as unknown as typeof Image;
  teardowns.push(() => {
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    window.Image = image;
  });
  const urls = () => beacon.mock.calls.map(([url]) => String(url));
  const hits = () => urls().map((url) => new URLSearchParams(url.slice(url.indexOf('?') + 1)));
  /** Every hit, a long one POSTed as a form body (CONTRACT §4) read from its body: `hits()` sees only URLs. */
  const allHits = () =>
    Promise.all(beacon.mock.calls.map(async ([url, body]) => (body instanceof Blob ? new URLSearchParams(await body.text()) : new URLSearchParams(String(url).slice(String(url).indexOf('?') + 1)))));
  return { beacon, urls, hits, allHits };
}

// Every cookie written (by the runtime or a test) is recorded with the address it was written from,
// so it can be deleted exactly, even when the test's fake clock has made it invisible for now.
const cookieAccessor = (() => {
  for (let proto: object | null = document; proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    if (descriptor && descriptor.set && descriptor.get) return descriptor as Required<Pick<PropertyDescriptor, 'get' | 'set'>>;
  }
  throw new Error('no document.cookie accessor');
})();
const cookiesWritten = new Map<string, { url: string; name: string; path: string; domain: string; bare: boolean }>();
Object.defineProperty(document, 'cookie', {
  configurable: true,
  get(this: Document) {
    return cookieAccessor.get.call(this) as string;
  },
  set(this: Document, value: string) {
    const text = String(value);
    const first = text.split(';')[0]!;
    const name = first.split('=')[0]!.trim();
    const path = /;\s*path=([^;]*)/i.exec(text)?.[1]?.trim() ?? '';
    const domain = /;\s*domain=([^;]*)/i.exec(text)?.[1]?.trim() ?? '';
    cookiesWritten.set([location.hostname, name, path, domain].join('\n'), { url: location.href, name, path, domain, bare: !first.includes('=') });
    cookieAccessor.set.call(this, text);
  },
});

function clearCookies(): void {
  for (const { url, name, path, domain, bare } of cookiesWritten.values()) {
    setUrl(url);
    // A nameless cookie (`flag`) is only matched by a bare one.
    cookieAccessor.set.call(document, `${name}${bare ? '' : '='}${path ? `; path=${path}` : ''}${domain ? `; domain=${domain}` : ''}; expires=Thu, 01 Jan 1970 00:00:00 GMT`);
  }
  cookiesWritten.clear();
}

/** Back to an empty page at BASE_URL: no container, no data layer, no cookies, storage or listeners. */
export function resetPage(): void {
  while (teardowns.length) teardowns.pop()!();
  for (const [target, type, listener, options] of listeners.splice(0)) target.removeEventListener(type, listener, options as boolean | EventListenerOptions);
  for (const id of intervals.splice(0)) realClearInterval(id as ReturnType<typeof setInterval>);
  vi.useRealTimers();
  vi.restoreAllMocks();
  const globals = page();
  delete globals._satellite;
  delete globals.digitalData;
  delete (document as { readyState?: unknown }).readyState;
  clearCookies();
  setUrl(BASE_URL);
  if (document.cookie) throw new Error(`resetPage: cookies left: ${document.cookie}`);
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
}

/** Moves the page to `url` without navigating (happy-dom). */
export function setUrl(url: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

/** The messages the container logged at `level` (all levels when omitted). */
export function logged(satellite: TestSatellite, level?: string): string[] {
  return satellite.logger.history.filter(([l]) => level === undefined || l === level).map(([, message]) => message);
}
