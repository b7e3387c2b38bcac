// Chromium driven over a bare DevTools protocol pipe, for the page cost (§2 of docs/PERFORMANCE.md).
//
// Playwright enables the Runtime, Page and Network domains on every page it drives. With them on, the
// page pays for DevTools: stack traces for every request's initiator and the source positions they
// need, console and exception bookkeeping. On the production container's head that came to about 20 ms
// at 4x on this machine, more for a larger script, so it is not a fair part of a container's cost. Here
// the page gets only what the measurement needs: the CPU throttling (Emulation), a trace (Tracing), the
// Page domain (init scripts and the load event; it reports frame lifecycle only), script evaluations for
// reading results (Runtime.evaluate works with the Runtime domain off), and input events for the click.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM, CHROMIUM_FLAGS, CONSENT_COOKIE, CONSENT_VALUE, CPU_THROTTLING } from './browser';
import type { Cdp } from './trace';

/** Listeners take each event's own parameters: `never` here, so that any listener type fits. */
type Listener = (params: never) => void;

interface Message {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { message: string };
  sessionId?: string;
}

/** One protocol session: the browser's (no id) or a page's. */
class Session implements Cdp {
  private readonly listeners = new Map<string, Set<Listener>>();
  constructor(
    private readonly connection: Connection,
    readonly id?: string,
  ) {}
  send(method: string, params: object = {}): Promise<unknown> {
    return this.connection.call(method, params, this.id);
  }
  on(event: string, listener: Listener): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
  }
  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }
  once(event: string, listener: Listener): void {
    const wrapped = (params: never) => {
      this.off(event, wrapped);
      listener(params);
    };
    this.on(event, wrapped);
  }
  emit(event: string, params: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (params: unknown) => void)(params);
  }
}

/** `--remote-debugging-pipe`: JSON messages ended by NUL, written to fd 3 and read from fd 4. */
class Connection {
  private next = 0;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void; method: string }>();
  readonly sessions = new Map<string | undefined, Session>();
  private buffer = '';
  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    this.sessions.set(undefined, new Session(this, undefined));
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let end = this.buffer.indexOf('\0'); end >= 0; end = this.buffer.indexOf('\0')) {
        const message = JSON.parse(this.buffer.slice(0, end)) as Message;
        this.buffer = this.buffer.slice(end + 1);
        this.dispatch(message);
      }
    });
  }
  call(method: string, params: object, sessionId?: string): Promise<unknown> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.input.write(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }) + '\0');
    });
  }
  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting?.resolve(message.result);
    } else if (message.method) this.sessions.get(message.sessionId)?.emit(message.method, message.params);
  }
  failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

export interface BarePage {
  /** The page's protocol session: Tracing and Emulation are what the bench sends on it. */
  cdp: Cdp;
  /** Navigates and resolves once the page's load event has fired. */
  goto(url: string): Promise<void>;
  /** Evaluates an expression in the page and returns its value (JSON-serialisable). */
  evaluate<T>(expression: string): Promise<T>;
  /**
   * Calls `fn` in the page with `arg` (JSON) and returns what it returns or resolves to. `fn` goes as its
   * source: no named functions inside it, or tsx wraps them in a helper the page does not have.
   */
  call<A, T>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T>;
  /** A real mouse click (pressed and released) at the centre of the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** Errors the page's scripts threw, as the init script heard them. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface BareChromium {
  /**
   * A fresh visitor: its own browser context (no cache, no cookies but consent), the CPU throttled. `init`
   * runs in every document before its scripts: a function (as its source, like `call`'s) or a script's text.
   */
  newPage(init?: (() => void) | string): Promise<BarePage>;
  close(): Promise<void>;
}

/** In the page: the centre of the first element `selector` matches, scrolled into view; null without one. */
const centreOf = (selector: string): { x: number; y: number } | null => {
  const element = document.querySelector(selector);
  if (!element) return null;
  element.scrollIntoView({ block: 'center' });
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
};

const ERRORS = '__benchErrors';
/** Before the page's scripts: errors no script caught, kept for `errors()`. */
const hearErrors = `(() => { const list = (window.${ERRORS} = []); addEventListener('error', (e) => list.push(String(e.message))); addEventListener('unhandledrejection', (e) => list.push(String(e.reason))); })();`;

export async function launchBareChromium(): Promise<BareChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'tagwell-bench-chromium-'));
  const child: ChildProcess = spawn(CHROMIUM, ['--headless', ...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-pipe', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const connection = new Connection(child.stdio[3] as Writable, child.stdio[4] as Readable);
  void exited.then(() => connection.failAll(new Error('Chromium exited')));
  const browser = connection.sessions.get(undefined)!;

  return {
    async newPage(init) {
      const { browserContextId } = (await browser.send('Target.createBrowserContext', { disposeOnDetach: true })) as { browserContextId: string };
      await browser.send('Storage.setCookies', {
        browserContextId,
        cookies: [{ name: CONSENT_COOKIE, value: CONSENT_VALUE, domain: '.health.localhost', path: '/' }],
      });
      const { targetId } = (await browser.send('Target.createTarget', { url: 'about:blank', browserContextId })) as { targetId: string };
      const { sessionId } = (await browser.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
      const page = new Session(connection, sessionId);
      connection.sessions.set(sessionId, page);
      await page.send('Page.enable');
      await page.send('Page.addScriptToEvaluateOnNewDocument', { source: hearErrors + (typeof init == 'string' ? init : init ? `(${init.toString()})();` : '') });
      await page.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
      const evaluate = async <T>(expression: string): Promise<T> => {
        const answer = (await page.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })) as {
          result: { value?: T };
          exceptionDetails?: { text: string; exception?: { description?: string } };
        };
        if (answer.exceptionDetails) throw new Error(`evaluate: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
        return answer.result.value as T;
      };
      const call = <A, T>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T> => evaluate(`(${fn.toString()})(${JSON.stringify(arg)})`);
      return {
        cdp: page,
        async goto(url) {
          const loaded = new Promise<void>((resolve) => page.once('Page.loadEventFired', () => resolve()));
          const { errorText } = (await page.send('Page.navigate', { url })) as { errorText?: string };
          if (errorText) throw new Error(`${url}: ${errorText}`);
          let timer: ReturnType<typeof setTimeout> | undefined;
          const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${url} did not load in 30 s`)), 30_000)));
          await Promise.race([loaded, late]).finally(() => clearTimeout(timer));
        },
        evaluate,
        call,
        async click(selector) {
          const box = await call(centreOf, selector);
          if (!box) throw new Error(`no element matches ${selector}`);
          for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'])
            await page.send('Input.dispatchMouseEvent', { type, x: box.x, y: box.y, button: 'left', clickCount: type === 'mouseMoved' ? 0 : 1 });
        },
        errors: () => evaluate<string[]>(`window.${ERRORS} || []`),
        async close() {
          await browser.send('Target.disposeBrowserContext', { browserContextId }).catch(() => {});
          connection.sessions.delete(sessionId);
        },
      };
    },
    async close() {
      await browser.send('Browser.close').catch(() => {});
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
