// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsConfig } from '../core/types';
import { beaconUrl, MAX_GET, send } from './transport';

const URL_ = 'https://metrics.health.localhost/b/ss/twprod/1/TW-0.1.0/s123';
const SHORT = 'AQB=1&ndh=1&pageName=home&AQE=1';
const LONG = 'AQB=1&v1=' + 'x'.repeat(MAX_GET) + '&AQE=1';

const images: string[] = [];
class FakeImage {
  set src(value: string) {
    images.push(value);
  }
}

function stubBeacon(impl: ((url: string, data?: BodyInit | null) => boolean) | undefined) {
  const fn = impl && vi.fn(impl);
  Object.defineProperty(navigator, 'sendBeacon', { value: fn, configurable: true, writable: true });
  return fn;
}

describe('send', () => {
  beforeEach(() => {
    images.length = 0;
    vi.stubGlobal('Image', FakeImage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  });

  it('beacons a short hit with the query in the URL', () => {
    const beacon = stubBeacon(() => true);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(send(URL_, SHORT)).toBe('beacon');
    expect(beacon).toHaveBeenCalledWith(`${URL_}?${SHORT}`, undefined);
    expect(fetch).not.toHaveBeenCalled();
    expect(images).toEqual([]);
  });

  it('keeps a hit of exactly 2047 characters in the URL and POSTs one of 2048 as a form body', async () => {
    const beacon = stubBeacon(() => true)!;
    const fits = 'AQB=1&v1=' + 'y'.repeat(MAX_GET - URL_.length - 1 - 15) + '&AQE=1';
    expect((URL_ + '?' + fits).length).toBe(MAX_GET);
    send(URL_, fits);
    expect(beacon.mock.calls[0]).toEqual([`${URL_}?${fits}`, undefined]);
    send(URL_, fits + 'z');
    const [url, body] = beacon.mock.calls[1]!;
    expect(url).toBe(URL_);
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('application/x-www-form-urlencoded');
    expect(await (body as Blob).text()).toBe(fits + 'z');
  });

  it('falls back to a keep-alive fetch when sendBeacon refuses, GET for short and POST for long hits', async () => {
    stubBeacon(() => false);
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response()));
    vi.stubGlobal('fetch', fetch);
    expect(send(URL_, SHORT)).toBe('fetch');
    expect(fetch.mock.calls[0]![0]).toBe(`${URL_}?${SHORT}`);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', keepalive: true, mode: 'no-cors', credentials: 'include', body: undefined });
    expect(send(URL_, LONG)).toBe('fetch');
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe(URL_);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, mode: 'no-cors', credentials: 'include' });
    expect((init.body as Blob).type).toBe('application/x-www-form-urlencoded');
    expect(await (init.body as Blob).text()).toBe(LONG);
    expect(images).toEqual([]);
  });

  it('falls back to fetch when sendBeacon is missing or throws', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response()));
    vi.stubGlobal('fetch', fetch);
    stubBeacon(undefined);
    expect(send(URL_, SHORT)).toBe('fetch');
    stubBeacon(() => {
      throw new TypeError('Illegal invocation');
    });
    expect(send(URL_, SHORT)).toBe('fetch');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('catches a rejected fetch without a second request', async () => {
    stubBeacon(() => false);
    const rejected = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', rejected);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    expect(send(URL_, SHORT)).toBe('fetch');
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(images).toEqual([]);
  });

  it('falls back to an image GET when fetch is missing or throws', () => {
    stubBeacon(() => false);
    vi.stubGlobal('fetch', undefined);
    expect(send(URL_, SHORT)).toBe('image');
    vi.stubGlobal('fetch', () => {
      throw new TypeError('blocked');
    });
    expect(send(URL_, LONG)).toBe('image');
    expect(images).toEqual([`${URL_}?${SHORT}`, `${URL_}?${LONG}`]);
  });

  it('never throws, even with nothing to send with', () => {
    stubBeacon(undefined);
    vi.stubGlobal('fetch', undefined);
    vi.stubGlobal('Image', undefined);
    expect(send(URL_, SHORT)).toBeUndefined();
  });
});

const setURL = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

describe('beaconUrl', () => {
  const config: AnalyticsConfig = {
    trackingServer: 'metrics.health.localhost:8080',
    trackingServerSecure: 'smetrics.health.localhost',
    reportSuites: ['twprod', 'twglobal'],
    currency: 'GBP',
    codeVersion: 'TW-0.1.0',
    postcodeMarked: [],
    deniedParams: [],
  };
  afterEach(() => {
    setURL('http://localhost:3000/');
  });

  it('uses the secure server on https pages', () => {
    setURL('https://www.health.localhost/conditions/');
    expect(beaconUrl(config)).toMatch(/^https:\/\/smetrics\.health\.localhost\/b\/ss\/twprod,twglobal\/1\/TW-0\.1\.0\/s\d+$/);
    expect(beaconUrl({ ...config, trackingServerSecure: undefined })).toMatch(/^https:\/\/metrics\.health\.localhost:8080\/b\/ss\//);
  });

  it('uses http and the plain server elsewhere, with a new random part each time', () => {
    setURL('http://www.health.localhost:8080/');
    const a = beaconUrl(config);
    expect(a).toMatch(/^http:\/\/metrics\.health\.localhost:8080\/b\/ss\/twprod,twglobal\/1\/TW-0\.1\.0\/s\d+$/);
    expect(new Set(Array.from({ length: 5 }, () => beaconUrl(config))).size).toBeGreaterThan(1);
  });
});
