// The demo site as a Node request handler: pages by Host and path, assets, vendor stand-ins.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { definePage } from './components';
import { dataLayer } from './data-layer';
import { galleryImage } from './gallery-images';
import { VENDOR_HOST, environmentForHost, isDemoHost, normaliseHostname, type ContainerEnvironment } from './hosts';
import { html } from './html';
import { findPage } from './pages/index';
import { DEMO_VIDEO } from './pages/media';
import { CONSENT_COOKIE, renderPage, type Consent } from './render';
import type { DemoPage } from './types';
import { VENDOR_SCRIPTS } from './vendor';

export interface DemoHandlerOptions {
  /** The container script URL for a demo host (hostname without port), or null for none. */
  containerUrl: (environment: ContainerEnvironment, host: string) => string | null;
  /** A fresh CSP nonce per response; random 128 bits by default. */
  nonce?: () => string;
}

export type DemoHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** CONTRACT §2 routes that the server answers on every host: never claimed by the demo. */
const SERVER_ROUTES = ['/containers/', '/b/ss/', '/api/'];

const NHSUK_DIST = join(dirname(createRequire(import.meta.url).resolve('nhsuk-frontend/package.json')), 'dist', 'nhsuk');
const OWN_ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** The demo's own files in assets/: its script and style, and the video of the warm-up page with its chapters. */
const OWN_FILES = new Set(['demo-site.js', 'demo-site.css', 'nhsuk-init.js', DEMO_VIDEO.file, DEMO_VIDEO.chapters]);

export function contentSecurityPolicy(nonce: string): string {
  return `script-src 'nonce-${nonce}'; object-src 'none'; base-uri 'none'`;
}

const defaultNonce = () => randomBytes(16).toString('base64');

export function createDemoHandler(options: DemoHandlerOptions): DemoHandler {
  const nextNonce = options.nonce ?? defaultNonce;
  const assets = new Map<string, Buffer>();

  return async (req, res) => {
    const hostHeader = req.headers.host ?? '';
    const hostname = normaliseHostname(hostHeader);
    const port = /:(\d+)$/.exec(hostHeader)?.[1] ?? null;
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://demo.invalid');
    } catch {
      return false;
    }
    const method = req.method ?? 'GET';

    if (hostname === VENDOR_HOST) {
      const script = VENDOR_SCRIPTS[url.pathname];
      if (script === undefined) return false;
      send(res, method, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', 'access-control-allow-origin': '*' }, script);
      return true;
    }
    if (!isDemoHost(hostname)) return false;
    if (SERVER_ROUTES.some((prefix) => url.pathname.startsWith(prefix))) return false;

    if (url.pathname.startsWith('/assets/')) {
      const asset = await loadAsset(url.pathname.slice('/assets/'.length), assets);
      if (!asset) send(res, method, 404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, 'not found');
      else send(res, method, 200, { 'content-type': asset.type, 'cache-control': 'no-cache' }, asset.body);
      return true;
    }

    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      send(res, method, 405, { allow: 'GET, HEAD, POST', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, 'method not allowed');
      return true;
    }
    // Forms post to confirmation pages; the demo keeps nothing a visitor types.
    if (method === 'POST') req.resume();

    const path = decodePath(url.pathname);
    const page = path === null ? undefined : findPage(hostname, path);
    const nonce = nextNonce();
    const environment = environmentForHost(hostname) ?? 'production';
    const body = renderPage(page ?? notFoundPage(hostname, path ?? url.pathname), {
      containerSrc: options.containerUrl(environment, hostname),
      nonce,
      consent: readConsent(req.headers.cookie),
      port,
    });
    send(
      res,
      method,
      page ? 200 : 404,
      {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': contentSecurityPolicy(nonce),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
      body,
    );
    return true;
  };
}

function send(res: ServerResponse, method: string, status: number, headers: Record<string, string>, body: string | Buffer) {
  const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { ...headers, 'content-length': String(buffer.length) });
  res.end(method === 'HEAD' ? undefined : buffer);
}

/** `/service-search/pharmacy/LS1%204AP` -> `/service-search/pharmacy/LS1 4AP`; null when malformed. */
function decodePath(pathname: string): string | null {
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

function notFoundPage(host: string, path: string): DemoPage {
  return {
    ...definePage({
      host,
      path,
      title: 'Page not found',
      digitalData: dataLayer({
        pageName: 'error:page-not-found',
        primaryCategory: 'error',
        subCategories: ['page-not-found'],
        pageType: 'error',
        error: { type: '404', description: 'page not found' },
      }),
      body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">
<h1>Page not found</h1>
<p>If you entered a web address, check it was correct.</p>
<p>You can browse from the <a href="/">homepage</a> or use the search box above.</p>
</div></div>`,
    }),
    breadcrumbs: [],
  };
}

/** docs/HEALTH-SITE.md §Consent: raw JSON or URI-encoded JSON. */
export function readConsent(cookieHeader: string | undefined): Consent | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== CONSENT_COOKIE) continue;
    const raw = part.slice(eq + 1).trim();
    for (const text of [raw, safeDecode(raw)]) {
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === 'object') {
          const v = value as Record<string, unknown>;
          return { necessary: true, statistics: v.statistics === true, marketing: v.marketing === true, consented: v.consented === true };
        }
      } catch {
        // try the next form
      }
    }
  }
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const REMOTE_FONTS = /@font-face\{[^}]*https:\/\/assets\.nhs\.uk[^}]*\}/g;

/** nhsuk-frontend's built files, the demo's own files and the drawn gallery images. */
async function loadAsset(name: string, cache: Map<string, Buffer>): Promise<{ type: string; body: Buffer } | null> {
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(name) || name.split('/').includes('..')) return null;
  const type = CONTENT_TYPES[extname(name)];
  if (!type) return null;
  const cached = cache.get(name);
  if (cached) return { type, body: cached };

  let body: Buffer | null = null;
  if (name.startsWith('gallery/')) {
    const svg = galleryImage(name.slice('gallery/'.length));
    body = svg === undefined ? null : Buffer.from(svg, 'utf8');
  } else if (OWN_FILES.has(name)) {
    body = await readFile(join(OWN_ASSETS, name));
  } else if (name === 'nhsuk-frontend.min.css') {
    // The demo runs offline: the NHS font comes from assets.nhs.uk, so the fallback font is used.
    body = Buffer.from((await readFile(join(NHSUK_DIST, name), 'utf8')).replace(REMOTE_FONTS, ''), 'utf8');
  } else if (name === 'nhsuk-frontend.min.js' || name === 'nhsuk-frontend.min.js.map') {
    body = await readFile(join(NHSUK_DIST, name));
  } else {
    const file = normalize(join(NHSUK_DIST, 'assets', name));
    if (!file.startsWith(join(NHSUK_DIST, 'assets') + sep)) return null;
    body = await readFile(file).catch(() => null);
  }
  if (!body) return null;
  cache.set(name, body);
  return { type, body };
}
