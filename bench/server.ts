// A loopback HTTP server for the bench: the demo site (or bench pages), one container script,
// and an Adobe Analytics collector that answers 204 to /b/ss/ and records each hit.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { DemoHandler } from '@tagwell/demo-site';

export interface Hit {
  method: string;
  path: string;
  params: URLSearchParams;
}

export interface BenchPage {
  html: string;
  headers?: Record<string, string>;
}

export interface BenchServer {
  port: number;
  /** `host:port` of the collector, for the container's tracking server. */
  trackingServer(host?: string): string;
  url(host: string, path: string): string;
  /** Scripts by path, set once the port is known (containers name their tracking server). */
  scripts: Map<string, string>;
  pages: Map<string, BenchPage>;
  hits: Hit[];
  waitForHit(predicate: (hit: Hit) => boolean, from?: number, timeoutMs?: number): Promise<Hit>;
  close(): Promise<void>;
}

export const COLLECTOR_HOST = 'metrics.health.localhost';

export async function startBenchServer(demo?: DemoHandler): Promise<BenchServer> {
  const hits: Hit[] = [];
  const scripts = new Map<string, string>();
  const pages = new Map<string, BenchPage>();
  const waiters = new Set<() => void>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://bench.invalid');
    if (url.pathname.startsWith('/b/ss/')) {
      const body = await readBody(req);
      // A long hit is POSTed with its query as the body (CONTRACT §4).
      const query = req.method === 'POST' && body ? body : url.search.slice(1);
      hits.push({ method: req.method ?? 'GET', path: url.pathname, params: new URLSearchParams(query) });
      for (const wake of [...waiters]) wake();
      res.writeHead(204, { 'access-control-allow-origin': req.headers.origin ?? '*', 'access-control-allow-credentials': 'true', 'cross-origin-resource-policy': 'cross-origin' });
      res.end();
      return;
    }
    const script = scripts.get(url.pathname);
    if (script !== undefined) {
      // Compressed as a CDN would send it, so transfer sizes are the wire's.
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = gzip ? gzipSync(script, { level: 9 }) : Buffer.from(script, 'utf8');
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
        'cross-origin-resource-policy': 'cross-origin',
        'content-length': String(body.length),
        vary: 'accept-encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(body);
      return;
    }
    const page = pages.get(url.pathname);
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...page.headers });
      res.end(page.html);
      return;
    }
    if (demo && (await demo(req, res))) return;
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    trackingServer: (host = COLLECTOR_HOST) => `${host}:${port}`,
    url: (host, path) => `http://${host}:${port}${path}`,
    scripts,
    pages,
    hits,
    waitForHit(predicate, from = 0, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = hits.slice(from).find(predicate);
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching hit within ${timeoutMs} ms (${hits.length - from} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A page view is any hit without a link type. */
export const isPageView = (hit: Hit) => !hit.params.has('pe');
export const isLinkNamed = (name: string) => (hit: Hit) => hit.params.get('pev2') === name;
