// Debian's Chromium, headless, kept off the network: the same launch the browser tests use.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

/** CPU slowdown applied to every measured page (CDP Emulation.setCPUThrottlingRate): a mid-range phone. */
export const CPU_THROTTLING = Number(process.env.BENCH_CPU_THROTTLING ?? 4);

export const CONSENT_COOKIE = 'nhsuk-cookie-consent';
/** Statistics allowed: the health-site container sends hits at once rather than waiting for a choice. */
export const CONSENT_VALUE = encodeURIComponent(JSON.stringify({ necessary: true, statistics: true, marketing: true, consented: true }));

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}
