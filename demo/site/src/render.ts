// One full NHS.UK-style document per page, with the hooks of docs/HEALTH-SITE.md.
import { COOKIES_POLICY_PATH } from './pages/account-and-cookies';
import { attrs } from './components';
import { LIVE_HOST, demoHost } from './hosts';
import { PORT_TOKEN, hostUrl, html, inlineJson, raw, type Html } from './html';
import type { DemoPage } from './types';

/** docs/HEALTH-SITE.md §Consent: the `nhsuk-cookie-consent` cookie. */
export interface Consent {
  necessary: true;
  statistics: boolean;
  marketing: boolean;
  consented: boolean;
}

export const CONSENT_COOKIE = 'nhsuk-cookie-consent';

export interface RenderOptions {
  /** The container script for this host, or null for a page without one. */
  containerSrc: string | null;
  /** The response's CSP nonce. */
  nonce: string;
  /** The visitor's consent cookie; the banner shows while there is no choice. */
  consent?: Consent | null;
  /** The port the visitor used, for links between demo hosts; omitted for 80. */
  port?: number | string | null;
}

interface Chrome {
  serviceName?: string;
  searchAction: string;
  searchName: string;
  searchLabel: string;
  accountHref: string;
  cookiesHref: string;
  environmentNote?: string;
}

const LIVE_SITES = new Set([LIVE_HOST, 'staging.health.localhost', 'dev.health.localhost', 'drafts.health.localhost']);

const SERVICE_NAMES: Record<string, string> = {
  'service-manual.health.localhost': 'Digital service manual',
  'change4life.health.localhost': 'Change4Life',
  'healthy-living.health.localhost': 'Healthy living',
  'campaigns.health.localhost': 'Better Health',
  'enquiries.health.localhost': 'Contact the NHS website',
  'staff-check.health.localhost': 'Staff vaccination check',
  'test-and-trace.health.localhost': 'NHS Test and Trace',
  'oneyou.health.localhost': 'One You',
  'risk-check-beta.health.localhost': 'Know your risk',
  '111.wales.health.localhost': '111 Wales',
};

function chromeFor(host: string): Chrome {
  const live = host === LIVE_HOST;
  const chrome: Chrome = {
    searchAction: live ? '/search' : hostUrl(LIVE_HOST, '/search'),
    searchName: 'q',
    searchLabel: 'Search the NHS website',
    accountHref: live ? '/nhs-app/account' : hostUrl(LIVE_HOST, '/nhs-app/account'),
    cookiesHref: live ? COOKIES_POLICY_PATH : hostUrl(LIVE_HOST, COOKIES_POLICY_PATH),
  };
  const serviceName = SERVICE_NAMES[host] ?? (host.endsWith('.service.gov.localhost') ? 'GOV.UK service' : host.endsWith('.test.localhost') ? 'Partner test' : undefined);
  if (serviceName) chrome.serviceName = serviceName;
  if (host === 'service-manual.health.localhost') {
    chrome.searchAction = '/search';
    chrome.searchLabel = 'Search the NHS digital service manual';
  }
  if (LIVE_SITES.has(host) && !live) chrome.environmentNote = `${demoHost(host)?.role ?? host}: content here may not be final.`;
  return chrome;
}

const LOGO = raw(
  '<svg class="nhsuk-header__logo" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80" height="40" width="100" focusable="false" role="img" aria-label="NHS"><title>NHS</title><path fill="currentcolor" d="M200 0v80H0V0h200Zm-27.5 5.5c-14.5 0-29 5-29 22 0 10.2 7.7 13.5 14.7 16.3l.7.3c5.4 2 10.1 3.9 10.1 8.4 0 6.5-8.5 7.5-14 7.5s-12.5-1.5-16-3.5L135 70c5.5 2 13.5 3.5 20 3.5 15.5 0 32-4.5 32-22.5 0-19.5-25.5-16.5-25.5-25.5 0-5.5 5.5-6.5 12.5-6.5a35 35 0 0 1 14.5 3l4-13.5c-4.5-2-12-3-20-3Zm-131 2h-22l-14 65H22l9-45h.5l13.5 45h21.5l14-65H64l-9 45h-.5l-13-45Zm63 0h-18l-13 65h17l6-28H117l-5.5 28H129l13.5-65H125L119.5 32h-20l5-24.5Z"/></svg>',
);
const SEARCH_ICON = raw(
  '<svg class="nhsuk-icon nhsuk-icon--search" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="16" height="16" focusable="false" aria-hidden="true"><path d="m20.7 18.9-4.1-4.1a7 7 0 1 0-1.4 1.4l4 4.1a1 1 0 0 0 1.5 0c.4-.4.4-1 0-1.4ZM6 10.6a5 5 0 1 1 10 0 5 5 0 0 1-10 0Z"/></svg>',
);
const USER_ICON = raw(
  '<svg class="nhsuk-icon nhsuk-icon--user" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="16" height="16" focusable="false" aria-hidden="true"><path d="M12 1a11 11 0 1 1 0 22 11 11 0 0 1 0-22Zm0 2a9 9 0 0 0-5 16.5V18a4 4 0 0 1 4-4h2a4 4 0 0 1 4 4v1.5A9 9 0 0 0 12 3Zm0 3a3.5 3.5 0 1 1-3.5 3.5A3.4 3.4 0 0 1 12 6Z"/></svg>',
);

function header(page: DemoPage, chrome: Chrome): Html {
  const signedIn = Boolean(page.digitalData.user?.cid);
  return html`<header class="nhsuk-header" data-module="nhsuk-header" role="banner">
<div class="nhsuk-header__container nhsuk-width-container">
<div class="nhsuk-header__service">
<a class="nhsuk-header__service-logo" href="/" aria-label="${chrome.serviceName ? `NHS ${chrome.serviceName} homepage` : 'NHS homepage'}">${LOGO}${chrome.serviceName ? html`<span class="nhsuk-header__service-name">${chrome.serviceName}</span>` : ''}</a>
</div>
<search class="nhsuk-header__search">
<form class="nhsuk-header__search-form" id="search" action="${chrome.searchAction}" method="get" novalidate>
<div class="nhsuk-form-group"><label class="nhsuk-label nhsuk-u-visually-hidden" for="search-field">${chrome.searchLabel}</label>
<div class="nhsuk-input-wrapper"><input class="nhsuk-input" id="search-field" name="${chrome.searchName}" type="search" autocomplete="off" placeholder="Search">
<button class="nhsuk-button nhsuk-button--icon nhsuk-button--small" data-module="nhsuk-button" type="submit" aria-label="Search">${SEARCH_ICON}</button></div></div>
</form>
</search>
<nav class="nhsuk-header__account" aria-label="Account">
<ul class="nhsuk-header__account-list"><li class="nhsuk-header__account-item">
<a class="nhsuk-header__account-link" id="header-account-link" href="${chrome.accountHref}">${USER_ICON} ${signedIn ? 'My account' : 'Log in'}</a>
</li></ul>
</nav>
</div>
</header>`;
}

function breadcrumb(page: DemoPage): Html {
  const crumbs = page.breadcrumbs ?? [];
  const parent = crumbs[crumbs.length - 1];
  if (!parent) return html``;
  return html`<nav class="nhsuk-breadcrumb" aria-label="Breadcrumb"><ol class="nhsuk-breadcrumb__list">${crumbs.map(
    (c) => html`<li class="nhsuk-breadcrumb__list-item"><a class="nhsuk-breadcrumb__link" href="${c.href}">${c.text}</a></li>`,
  )}</ol><a class="nhsuk-back-link" href="${parent.href}"><span class="nhsuk-u-visually-hidden">Back to </span>${parent.text}</a></nav>`;
}

function cookieBanner(chrome: Chrome): Html {
  return html`<div id="nhsuk-cookie-banner" class="app-cookie-banner">
<div class="nhsuk-cookie-banner" id="cookiebanner" role="region" aria-label="Cookies on the NHS website">
<div class="nhsuk-width-container">
<h2>Cookies on the NHS website</h2>
<p>We’ve put some small files called cookies on your device to make our site work.</p>
<p>We’d also like to use analytics cookies. These send information about how our site is used to a service called Adobe Analytics. We use this information to improve our site.</p>
<p>Let us know if this is OK. We’ll use a cookie to save your choice. You can <a id="nhsuk-cookie-banner__link" href="${chrome.cookiesHref}">read more about our cookies</a> before you choose.</p>
<ul class="app-cookie-banner__buttons">
<li><button class="nhsuk-button" data-module="nhsuk-button" id="nhsuk-cookie-banner__link_accept_analytics" type="button">I’m OK with analytics cookies</button></li>
<li><button class="nhsuk-button" data-module="nhsuk-button" id="nhsuk-cookie-banner__link_accept" type="button">Do not use analytics cookies</button></li>
</ul>
</div>
</div>
</div>
<div class="nhsuk-success-banner app-cookie-confirmation" id="nhsuk-cookie-confirmation-banner" role="status" hidden>
<div class="nhsuk-width-container"><p id="nhsuk-success-banner__message">You can change your cookie settings at any time using our <a href="${chrome.cookiesHref}">cookies page</a>.</p></div>
</div>`;
}

function footer(chrome: Chrome): Html {
  const links: Array<[string, string]> = [
    ['Home', '/'],
    ['Contact us', hostUrl('enquiries.health.localhost', '/')],
    ['Cookies', chrome.cookiesHref],
    ['Find a pharmacy', hostUrl(LIVE_HOST, '/service-search/pharmacy/find-a-pharmacy')],
    ['Health A to Z', hostUrl(LIVE_HOST, '/conditions/')],
  ];
  return html`<footer class="nhsuk-footer" role="contentinfo"><div class="nhsuk-width-container"><div class="nhsuk-footer__meta">
<h2 class="nhsuk-u-visually-hidden">Support links</h2>
<ul class="nhsuk-footer__list">${links.map(([text, href]) => html`<li class="nhsuk-footer__list-item"><a class="nhsuk-footer__list-item-link" href="${href}">${text}</a></li>`)}</ul>
<p class="nhsuk-body-s">© NHS England (demo site)</p>
</div></div></footer>`;
}

function portSuffix(port: RenderOptions['port']): string {
  if (port === undefined || port === null || port === '' || String(port) === '80') return '';
  return `:${String(port).replace(/\D/g, '')}`;
}

/** The page as a complete HTML document. */
export function renderPage(page: DemoPage, options: RenderOptions): string {
  const { containerSrc, nonce } = options;
  const chrome = chromeFor(page.host);
  const showBanner = !options.consent?.consented;
  const doc = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${page.title} - NHS</title>
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#005eb8">
<meta name="csp-nonce" content="${nonce}">
${Object.entries(page.meta ?? {}).map(([name, content]) => html`<meta name="${name}" content="${content}">\n`)}<link rel="icon" href="/assets/images/favicon.ico" sizes="48x48">
<link rel="icon" href="/assets/images/favicon.svg" sizes="any" type="image/svg+xml">
<link rel="stylesheet" href="/assets/nhsuk-frontend.min.css">
<link rel="stylesheet" href="/assets/demo-site.css">
<script nonce="${nonce}">window.digitalData = ${raw(inlineJson(page.digitalData))};</script>
${containerSrc ? html`<script src="${containerSrc}" nonce="${nonce}"></script>` : ''}
</head>
<body>
<script nonce="${nonce}">document.body.className += ' js-enabled' + ('noModule' in HTMLScriptElement.prototype ? ' nhsuk-frontend-supported' : '');</script>
${showBanner ? cookieBanner(chrome) : ''}
<a class="nhsuk-skip-link" data-module="nhsuk-skip-link" href="#maincontent">Skip to main content</a>
${chrome.environmentNote ? html`<div class="app-environment-banner"><div class="nhsuk-width-container"><strong class="nhsuk-tag nhsuk-tag--yellow">${chrome.environmentNote}</strong></div></div>` : ''}
${header(page, chrome)}
<div class="nhsuk-width-container">
${breadcrumb(page)}
<main class="nhsuk-main-wrapper" id="maincontent"${attrs({ 'data-page-path': page.path })}>
${raw(page.body)}
</main>
</div>
${footer(chrome)}
<script type="module" src="/assets/nhsuk-init.js" nonce="${nonce}"></script>
<script src="/assets/demo-site.js" nonce="${nonce}"></script>
<script nonce="${nonce}">if (window._satellite && typeof window._satellite.pageBottom === 'function') window._satellite.pageBottom();</script>
</body>
</html>
`;
  return doc.toString().replaceAll(PORT_TOKEN, portSuffix(options.port));
}
