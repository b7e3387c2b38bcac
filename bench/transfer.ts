// Bytes a visitor actually transfers from the product's own server (`npm start`): the production
// container, the console's first load and the console's largest JSON answer, as each client asks
// for them. Over plain HTTP from Node, with the Accept-Encoding of: no client compression at all,
// a gzip-only client (`gzip, deflate`), and Chromium (`gzip, deflate, br, zstd`, which it sends over
// HTTP too); then in Chromium itself (Resource Timing's transferSize: headers and body as they came).
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { loadConfig, startServer } from '@tagwell/server';
import { buildConsole } from '../scripts/build-console';
import { ROOT } from './containers';

export const CLIENTS = [
  { id: 'identity', label: 'no compression asked', acceptEncoding: undefined },
  { id: 'gzip', label: 'gzip, deflate', acceptEncoding: 'gzip, deflate' },
  { id: 'chromium', label: 'gzip, deflate, br, zstd', acceptEncoding: 'gzip, deflate, br, zstd' },
] as const;
export type ClientId = (typeof CLIENTS)[number]['id'];

export interface Transferred {
  /** Body bytes as they crossed the wire (encoded). */
  body: number;
  /** Status line and headers. */
  headers: number;
  /** `content-encoding` of each response, in order ('identity' when none). */
  encodings: string[];
}

export interface TransferItem {
  id: string;
  label: string;
  /** The paths fetched for it. */
  paths: string[];
  /** Uncompressed body bytes. */
  decoded: number;
  clients: Record<ClientId, Transferred>;
}

export interface TransferResult {
  items: TransferItem[];
  /** Chromium, fresh context: transferSize summed over the navigation and its resources. */
  chromium: { consoleFirstLoad: number; consoleFiles: number; demoPageContainer: number };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  head: number;
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        // `HTTP/1.1 200 OK\r\n`, then `name: value\r\n` per header (2 bytes after each part), the blank line.
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + res.rawHeaders.reduce((n, part) => n + part.length + 2, 0) + 2;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, head, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The console's first load: index.html, then the script and style sheet it names (lazy chunks come later). */
async function consolePaths(port: number): Promise<string[]> {
  const html = (await get(port, '/console/sign-in', {})).body.toString();
  return ['/console/sign-in', ...[...html.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)].map((m) => m[1]!)];
}

async function measureItem(port: number, id: string, label: string, paths: string[], extra: Record<string, string> = {}): Promise<TransferItem> {
  const clients = {} as Record<ClientId, Transferred>;
  let decoded = 0;
  for (const client of CLIENTS) {
    const total: Transferred = { body: 0, headers: 0, encodings: [] };
    for (const path of paths) {
      const answer = await get(port, path, { ...extra, ...(client.acceptEncoding && { 'accept-encoding': client.acceptEncoding }) });
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      total.body += answer.body.length;
      total.headers += answer.head;
      total.encodings.push(String(answer.headers['content-encoding'] ?? 'identity'));
      if (client.id === 'identity') decoded += answer.body.length;
    }
    clients[client.id] = total;
  }
  return { id, label, paths, decoded, clients };
}

export async function measureTransfer(browser: Browser): Promise<TransferResult> {
  await buildConsole();
  const dataDir = mkdtempSync(join(tmpdir(), 'tagwell-bench-transfer-'));
  const admin = { username: 'bench', password: 'marble otter kettle 47 bench' };
  const config = { ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }), dataDir, propertiesDir: join(ROOT, 'properties'), publicationSyncSeconds: 0, firstAdmin: admin };
  const server = await startServer(config, { logger: false });
  try {
    const port = server.port;
    const signIn = await fetch(`http://127.0.0.1:${port}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const items = [
      await measureItem(port, 'container', 'health-site production container', ['/containers/health-site/production.js']),
      await measureItem(port, 'console', "console's first load (page, script, styles)", await consolePaths(port)),
      await measureItem(port, 'property-json', 'GET /api/admin/properties/health-site (JSON)', ['/api/admin/properties/health-site'], { cookie }),
    ];

    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const sum = () =>
        page.evaluate(() => {
          const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
          return { bytes: entries.reduce((n, e) => n + e.transferSize, 0), files: entries.length, container: entries.find((e) => e.name.includes('/containers/'))?.transferSize ?? 0 };
        });
      await page.goto(`http://localhost:${port}/console/`, { waitUntil: 'networkidle' });
      const consoleLoad = await sum();
      await page.goto(`http://www.health.localhost:${port}/conditions/chickenpox`, { waitUntil: 'load' });
      const demo = await sum();
      return { items, chromium: { consoleFirstLoad: consoleLoad.bytes, consoleFiles: consoleLoad.files, demoPageContainer: demo.container } };
    } finally {
      await context.close();
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
