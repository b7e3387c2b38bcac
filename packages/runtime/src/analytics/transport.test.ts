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

const setHidden = (hidden: boolean) => Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });

describe('send', () => {
  beforeEach(() => {
    images.length = 0;
    vi.stubGlobal('Image', FakeImage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    delete (document as { hidden?: boolean }).hidden;
    dispatchEvent(new Event('pageshow'));
  });

  it('sends a hit that fits in a GET as an image, the cheapest call for the page', () => {
    const beacon = stubBeacon(() => true);
    expect(send(URL_, SHORT)).toBe('image');
    expect(images).toEqual([`${URL_}?${SHORT}`]);
    expect(beacon).not.toHaveBeenCalled();
  });

  it('beacons a hit that must outlive the page (an exit link), with the query in the URL', () => {
    const beacon = stubBeacon(() => true);
    expect(send(URL_, SHORT, true)).toBe('beacon');
    expect(beacon).toHaveBeenCalledWith(`${URL_}?${SHORT}`, undefined);
    expect(images).toEqual([]);
  });

  it('beacons every hit from the pagehide on, and images again once the page is shown from the cache', () => {
    const beacon = stubBeacon(() => true);
    // The page's own pagehide listener runs after the transport's (capturing) one.
    addEventListener('pagehide', () => expect(send(URL_, SHORT)).toBe('beacon'), { once: true });
    dispatchEvent(new Event('pagehide'));
    expect(send(URL_, SHORT)).toBe('beacon');
    dispatchEvent(new Event('pageshow'));
    expect(send(URL_, SHORT)).toBe('image');
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(images).toEqual([`${URL_}?${SHORT}`]);
  });

  it('beacons while the page is hidden (a tab in the background may be discarded)', () => {
    const beacon = stubBeacon(() => true);
    setHidden(true);
    expect(send(URL_, SHORT)).toBe('beacon');
    setHidden(false);
    expect(send(URL_, SHORT)).toBe('image');
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('keeps a hit of exactly 2047 characters in the URL and POSTs one of 2048 as a form body', async () => {
    const beacon = stubBeacon(() => true)!;
    const fits = 'AQB=1&v1=' + 'y'.repeat(MAX_GET - URL_.length - 1 - 15) + '&AQE=1';
    expect((URL_ + '?' + fits).length).toBe(MAX_GET);
    expect(send(URL_, fits)).toBe('image');
    expect(images).toEqual([`${URL_}?${fits}`]);
    expect(send(URL_, fits + 'z')).toBe('beacon');
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe(URL_);
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('application/x-www-form-urlencoded');
    expect(await (body as Blob).text()).toBe(fits + 'z');
  });

  it('falls back to an image GET when sendBeacon is missing, refuses or throws, and never fetches', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    stubBeacon(undefined);
    expect(send(URL_, LONG)).toBe('image');
    stubBeacon(() => false);
    expect(send(URL_, SHORT, true)).toBe('image');
    stubBeacon(() => {
      throw new TypeError('Illegal invocation');
    });
    expect(send(URL_, LONG)).toBe('image');
    expect(images).toEqual([`${URL_}?${LONG}`, `${URL_}?${SHORT}`, `${URL_}?${LONG}`]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('never throws, even with nothing to send with', () => {
    stubBeacon(undefined);
    vi.stubGlobal('Image', undefined);
    expect(send(URL_, SHORT)).toBeUndefined();
    expect(send(URL_, LONG, true)).toBeUndefined();
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
