/**
 * `npm start` as a visitor or a console user meets it: the real entry point (scripts/start.ts,
 * which builds the console when it is stale) in a child process, on a free port, with its own
 * data folder and a first administrator from env.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { E2E_API_TOKEN } from './beacons';
import { launchBrowser } from './browser';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface Product {
  port: number;
  /** `http://localhost:<port>` */
  base: string;
  output(): string;
  stop(): Promise<void>;
}

export const ADMIN = { username: 'root', password: 'correct horse battery staple' };

/** `npm start` and a Chromium shared by the tests of one file. */
export interface Live {
  product: Product;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
}

/**
 * Starts `npm start` (with `env`) and a Chromium before the file's tests and stops both after
 * them; read `product` and `browser` inside hooks and tests, once they have started.
 */
export function useProduct(env: Record<string, string> = {}): Live {
  const live = {} as Live;
  beforeAll(async () => {
    live.product = await startProduct(env);
    live.browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await live.browser?.close();
    await live.product?.stop();
  });
  return live;
}

export function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-product-'));
  // Node with tsx as a loader, not the `tsx` launcher: the child is then the server itself, so a
  // signal reaches it and its pid is the one that serves.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TAGWELL_ADMIN_USERNAME: ADMIN.username,
      TAGWELL_ADMIN_PASSWORD: ADMIN.password,
      // Tests read the stored hits with it (support/beacons.ts).
      TAGWELL_API_TOKEN: E2E_API_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`npm start did not print its URLs within 120 s:\n${out}`));
    }, 120_000);
    child.stdout!.on('data', () => {
      const port = /Console\s+http:\/\/localhost:(\d+)\/console\//.exec(out)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({
        port: Number(port),
        base: `http://localhost:${port}`,
        output: () => out,
        stop: () =>
          new Promise<void>((done) => {
            const finish = () => {
              rmSync(dataDir, { recursive: true, force: true });
              done();
            };
            if (child.exitCode !== null) return finish();
            child.on('exit', finish);
            child.kill('SIGTERM');
          }),
      });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}):\n${out}`));
    });
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is; returns the serious and critical
 * violations. Injected through the DevTools protocol (page.evaluate), which the console's CSP
 * does not govern.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The same admin API calls the console makes, from the test: sign in and keep the cookie. */
export async function apiSession(base: string, username: string, password: string) {
  const signIn = await fetch(`${base}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in as ${username} answered ${signIn.status}`);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  return async <T>(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(base + pathname, {
      method,
      headers: { cookie, 'x-csrf-token': csrfToken, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}
