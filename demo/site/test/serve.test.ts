import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoHandler, readConsent } from '../src/serve';
import { VENDOR_SCRIPTS } from '../src/vendor';
import { dataLayerOf, parse } from './helpers';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let server: Server;
let port = 0;
const containerCalls: Array<[string, string]> = [];

beforeAll(async () => {
  const handler = createDemoHandler({
    containerUrl: (environment, host) => {
      containerCalls.push([environment, host]);
      return host === 'partner-one.test.localhost' ? null : `/containers/health-site/${environment}.js`;
    },
  });
  server = createServer((req, res) => {
    handler(req, res).then(
      (handled) => {
        if (!handled) {
          res.writeHead(418, { 'content-type': 'text/plain' });
          res.end('not handled');
        }
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** fetch() cannot set Host, so plain http.request with the demo host name. */
function get(host: string, path: string, opts: { method?: string; cookie?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${host}:${port}` };
    if (opts.cookie) headers.cookie = opts.cookie;
    const req = request({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.method === 'POST' ? 'enquiry=hello' : undefined);
  });
}

const CSP = /^script-src 'nonce-([A-Za-z0-9+/=]+)'; object-src 'none'; base-uri 'none'$/;
const nonceOf = (reply: Reply) => CSP.exec(String(reply.headers['content-security-policy']))?.[1];

describe('createDemoHandler', () => {
  it('serves a page with a fresh CSP nonce, no-store and the container for the host', async () => {
    const a = await get('www.health.localhost', '/conditions/chickenpox');
    const b = await get('www.health.localhost', '/conditions/chickenpox');
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(a.headers['cache-control']).toBe('no-store');
    const nonce = nonceOf(a);
    expect(nonce).toBeTruthy();
    expect(nonceOf(b)).not.toBe(nonce);
    const doc = parse(a.body);
    expect(doc.querySelector('meta[name="csp-nonce"]')?.getAttribute('content')).toBe(nonce);
    for (const script of Array.from(doc.querySelectorAll('script'))) expect(script.getAttribute('nonce')).toBe(nonce);
    expect(doc.head.querySelector('script[src]')?.getAttribute('src')).toBe('/containers/health-site/production.js');
    expect(dataLayerOf(doc)).toMatchObject({ page: { pageInfo: { pageName: 'conditions:chickenpox' } } });
    expect(containerCalls).toContainEqual(['production', 'www.health.localhost']);
    // Links to other demo hosts keep the visitor's port.
    expect(doc.querySelector('a[href^="http://enquiries.health.localhost"]')?.getAttribute('href')).toBe(`http://enquiries.health.localhost:${port}/`);
  });

  it('picks the container environment from the host, and leaves it out when there is none', async () => {
    for (const [host, env] of [
      ['staging.health.localhost', 'staging'],
      ['drafts.health.localhost', 'staging'],
      ['dev.health.localhost', 'development'],
      ['apply.service.gov.localhost', 'production'],
    ] as const) {
      const reply = await get(host, '/');
      expect(reply.status, host).toBe(200);
      expect(parse(reply.body).head.querySelector('script[src]')?.getAttribute('src')).toBe(`/containers/health-site/${env}.js`);
    }
    const partner = parse((await get('partner-one.test.localhost', '/')).body);
    expect(partner.head.querySelectorAll('script[src]')).toHaveLength(0);
  });

  it('finds pages by decoded path, trailing-slash tolerant, ignoring the query, case-sensitive', async () => {
    const postcode = await get('www.health.localhost', '/service-search/pharmacy/LS1%204AP?distance=5');
    expect(postcode.status).toBe(200);
    expect(dataLayerOf(parse(postcode.body))).toMatchObject({ page: { pageInfo: { pageName: 'service-search:pharmacy:ls1 4ap' } } });
    expect((await get('www.health.localhost', '/conditions')).status).toBe(200);
    expect((await get('www.health.localhost', '/conditions/chickenpox/')).status).toBe(200);
    expect((await get('www.health.localhost', '/search?q=anything&currentPage=2')).status).toBe(200);
    expect((await get('www.health.localhost', '/book-a-coronavirus-vaccination/book/Appointment/Index')).status).toBe(200);
    expect((await get('www.health.localhost', '/Conditions/chickenpox')).status).toBe(404);
    expect((await get('service-manual.health.localhost', '/search?search-field=buttons')).status).toBe(200);
  });

  it('answers unknown paths on a demo host with a 404 page that still carries the CSP and a data layer', async () => {
    for (const path of ['/no-such-page', '/%E0%A4%A', '/service-search/pharmacy/%3Cscript%3E']) {
      const reply = await get('www.health.localhost', path);
      expect(reply.status, path).toBe(404);
      expect(nonceOf(reply)).toBeTruthy();
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(dataLayerOf(parse(reply.body))).toMatchObject({ page: { pageInfo: { pageName: 'error:page-not-found' } }, error: { type: '404' } });
      expect(reply.body).not.toContain('<script>alert');
    }
    expect((await get('other.service.gov.localhost', '/')).status).toBe(404);
  });

  it('serves nhsuk-frontend and its own assets on any demo host', async () => {
    const css = await get('change4life.health.localhost', '/assets/nhsuk-frontend.min.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.nhsuk-header');
    expect(css.body).not.toContain('assets.nhs.uk');
    const js = await get('www.health.localhost', '/assets/nhsuk-frontend.min.js');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toContain('initAll');
    for (const path of ['/assets/images/favicon.svg', '/assets/images/nhsuk-icon-arrow-down.svg', '/assets/demo-site.js', '/assets/demo-site.css', '/assets/nhsuk-init.js', '/assets/gallery/chickenpox-spots.svg']) {
      expect((await get('www.health.localhost', path)).status, path).toBe(200);
    }
    for (const path of ['/assets/../package.json', '/assets/%2e%2e/%2e%2e/package.json', '/assets/nope.js', '/assets/gallery/nope.svg', '/assets/images/../../index.js']) {
      expect((await get('www.health.localhost', path)).status, path).toBe(404);
    }
  });

  it('serves the warm-up page’s video, under 200 KB, and its chapters (issue 16 item 3)', async () => {
    const page = parse((await get('www.health.localhost', '/live-well/exercise/warm-up-video')).body);
    const video = page.querySelector('video[data-media-name="Warm-up exercises"]')!;
    expect(video.querySelector('source')!.getAttribute('src')).toBe('/assets/warm-up.webm');
    const file = await get('www.health.localhost', '/assets/warm-up.webm');
    expect([file.status, file.headers['content-type']]).toEqual([200, 'video/webm']);
    expect(Number(file.headers['content-length'])).toBeGreaterThan(10_000);
    expect(Number(file.headers['content-length'])).toBeLessThan(200 * 1024);
    const chapters = await get('www.health.localhost', video.querySelector('track[kind="chapters"]')!.getAttribute('src')!);
    expect(chapters.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(chapters.body).toMatch(/^WEBVTT\n[\s\S]*Neck rolls[\s\S]*Arm circles\n$/);
  });

  it('serves the vendor stand-ins on vendor.localhost only', async () => {
    for (const path of Object.keys(VENDOR_SCRIPTS)) {
      const reply = await get('vendor.localhost', `${path}?brand=nhs&project=ZN_demo`);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(reply.body.startsWith('/* Demo stand-in: ')).toBe(true);
    }
    expect((await get('vendor.localhost', '/other.js')).status).toBe(418);
    expect((await get('www.health.localhost', '/survey/intercept.js')).status).toBe(404);
  });

  it('leaves other hosts and the server’s own routes alone', async () => {
    expect((await get('localhost', '/')).status).toBe(418);
    expect((await get('metrics.health.localhost', '/b/ss/x/1/TW/s1')).status).toBe(418);
    expect((await get('www.health.localhost', '/containers/health-site/production.js')).status).toBe(418);
    expect((await get('www.health.localhost', '/b/ss/suite/1/TW-1/s123?AQB=1&AQE=1')).status).toBe(418);
  });

  it('hides the cookie banner once the visitor has chosen', async () => {
    expect(parse((await get('www.health.localhost', '/')).body).querySelector('#nhsuk-cookie-banner')).not.toBeNull();
    const cookie = 'nhsuk-cookie-consent={"necessary":true,"statistics":true,"marketing":false,"consented":true}';
    expect(parse((await get('www.health.localhost', '/', { cookie })).body).querySelector('#nhsuk-cookie-banner')).toBeNull();
    const unchosen = `nhsuk-cookie-consent=${encodeURIComponent('{"necessary":true,"statistics":false,"marketing":false,"consented":false}')}`;
    expect(parse((await get('www.health.localhost', '/', { cookie: unchosen })).body).querySelector('#nhsuk-cookie-banner')).not.toBeNull();
  });

  it('answers HEAD without a body, POST to a confirmation page, and refuses other methods', async () => {
    const head = await get('www.health.localhost', '/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect((await get('enquiries.health.localhost', '/sent', { method: 'POST' })).status).toBe(200);
    expect((await get('www.health.localhost', '/', { method: 'DELETE' })).status).toBe(405);
  });

  it('uses the nonce function it is given', async () => {
    const handler = createDemoHandler({ containerUrl: () => null, nonce: () => 'Zml4ZWQtbm9uY2U=' });
    const s = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const reply = await new Promise<Reply>((resolve) => {
      request({ host: '127.0.0.1', port: (s.address() as AddressInfo).port, path: '/', headers: { host: 'www.health.localhost' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      }).end();
    });
    await new Promise<void>((resolve) => s.close(() => resolve()));
    expect(nonceOf(reply)).toBe('Zml4ZWQtbm9uY2U=');
    // Without a port in Host, links to other demo hosts carry none.
    expect(reply.body).toContain('href="http://enquiries.health.localhost/"');
  });
});

describe('readConsent', () => {
  it('reads the raw or URI-encoded JSON cookie', () => {
    expect(readConsent('a=1; nhsuk-cookie-consent={"necessary":true,"statistics":true,"marketing":true,"consented":true}')).toEqual({ necessary: true, statistics: true, marketing: true, consented: true });
    expect(readConsent(`nhsuk-cookie-consent=${encodeURIComponent('{"statistics":false,"marketing":true,"consented":true}')}`)).toEqual({ necessary: true, statistics: false, marketing: true, consented: true });
    expect(readConsent('nhsuk-cookie-consent=garbage')).toBeNull();
    expect(readConsent(undefined)).toBeNull();
  });
});
