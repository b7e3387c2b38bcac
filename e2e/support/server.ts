import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

export interface Hit {
  method: string;
  host: string;
  path: string;
  /** The query as sent: the URL's search for GET and beacons, the body for long hits. */
  query: string;
  params: URLSearchParams;
  contentType?: string;
}

export interface Page {
  html: string;
  /** Sent as the Content-Security-Policy header; `{nonce}` is replaced by the page's nonce. */
  csp?: string;
}

export interface TestServer {
  port: number;
  origin(host: string): string;
  hits: Hit[];
  pages: Map<string, Page>;
  waitForHit(predicate: (hit: Hit) => boolean, timeoutMs?: number): Promise<Hit>;
  close(): Promise<void>;
}

export const NONCE = 'dGFnd2VsbC10ZXN0LW5vbmNl';

/**
 * A real HTTP server for browser tests: fixture pages by path, built containers from a folder,
 * small scripts, and an Adobe Analytics collector (`/b/ss/...`) that records every hit.
 */
export async function startTestServer(
  containersDir: string,
  /** Answers what the server does not (the demo site); resolves true when it did. */
  fallback?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>,
): Promise<TestServer> {
  const hits: Hit[] = [];
  const waiters: Array<{ predicate: (hit: Hit) => boolean; resolve: (hit: Hit) => void }> = [];
  const pages = new Map<string, Page>();

  const record = (hit: Hit) => {
    hits.push(hit);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(hit)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(hit);
      }
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const host = url.hostname;
    if (url.pathname.startsWith('/b/ss/')) {
      const body = await readBody(req);
      const query = req.method === 'POST' && body ? body : url.search.slice(1);
      record({ method: req.method ?? 'GET', host, path: url.pathname, query, params: new URLSearchParams(query), contentType: req.headers['content-type'] });
      res.writeHead(req.method === 'GET' ? 200 : 204, { 'access-control-allow-origin': req.headers.origin ?? '*', 'access-control-allow-credentials': 'true', ...(req.method === 'GET' ? { 'content-type': 'image/gif' } : {}) });
      res.end(req.method === 'GET' ? GIF : undefined);
      return;
    }
    if (url.pathname.startsWith('/containers/')) {
      const file = normalize(join(containersDir, url.pathname.slice('/containers/'.length)));
      if (!file.startsWith(containersDir)) return notFound(res);
      try {
        res.writeHead(200, { 'content-type': file.endsWith('.map') ? 'application/json' : 'text/javascript' });
        res.end(await readFile(file));
      } catch {
        notFound(res);
      }
      return;
    }
    if (url.pathname === '/scripts/ok.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('window.__scriptLoaded = (window.__scriptLoaded || 0) + 1;');
      return;
    }
    const page = pages.get(url.pathname);
    if (!page) {
      if (fallback && (await fallback(req, res))) return;
      return notFound(res);
    }
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (page.csp) headers['content-security-policy'] = page.csp.replaceAll('{nonce}', NONCE);
    res.writeHead(200, headers);
    res.end(page.html.replaceAll('{nonce}', NONCE).replaceAll('{port}', String(port)));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    origin: (host) => `http://${host}:${port}`,
    hits,
    pages,
    waitForHit(predicate, timeoutMs = 5000) {
      const found = hits.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`no matching hit within ${timeoutMs} ms; received ${hits.length}: ${hits.map((h) => h.query.slice(0, 120)).join(' | ')}`));
          }
        }, timeoutMs);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function notFound(res: ServerResponse) {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
