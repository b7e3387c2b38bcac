/**
 * The health site's cookie choice as its banner saves it (demo/site: `nhsuk-cookie-consent` on
 * `.health.localhost`): the browser tests give it before a visit, so the pages send at once.
 */
import type { BrowserContext } from 'playwright-core';

export const CONSENT_COOKIE = 'nhsuk-cookie-consent';

/** The visitor's choice: Statistics, and Marketing (off unless said). Necessary is always on. */
export interface ConsentChoice {
  statistics: boolean;
  marketing?: boolean;
}

/** The cookie's value for a choice made. */
export const consentValue = ({ statistics, marketing = false }: ConsentChoice): string =>
  encodeURIComponent(JSON.stringify({ necessary: true, statistics, marketing, consented: true }));

/** The consent cookie of `choice` (Statistics on, Marketing off by default) on every host under `domain`. */
export const giveConsent = (context: BrowserContext, choice: ConsentChoice = { statistics: true }, domain = '.health.localhost'): Promise<void> =>
  context.addCookies([consentCookieOf(choice, domain)]);

/** The cookie itself, for a test that sets it with others. */
export const consentCookieOf = (choice: ConsentChoice = { statistics: true }, domain = '.health.localhost') => ({ name: CONSENT_COOKIE, value: consentValue(choice), domain, path: '/' });
