// /nhs-app/account (NHS login errors, SPEC §4), the cookie preference page (SPEC §2) and a test page (TestEvent1).
import { button, definePage, inset, radios } from '../components';
import { DEMO_CIDS, dataLayer } from '../data-layer';
import { html } from '../html';
import type { DemoPage } from '../types';

export const COOKIES_POLICY_PATH = '/our-policies/cookies-policy/';

const LOGIN_ERRORS = [
  { kind: 'account-locked', label: 'Account locked', message: 'Your NHS login account has been locked because of too many attempts. Try again in 30 minutes.' },
  { kind: 'account-inactive', label: 'Account inactive', message: 'Your NHS login account is not active. Check your email for a link to activate it.' },
  { kind: 'invalid-credentials', label: 'Invalid credentials', message: 'The email address or password you entered is incorrect.' },
] as const;

const account = definePage({
  path: '/nhs-app/account',
  title: 'Your NHS account',
  digitalData: dataLayer({ pageName: 'nhs-app:account', primaryCategory: 'nhs-app', subCategories: ['account'], pageType: 'account', platform: 'nhs app', user: { cid: DEMO_CIDS.account, odsCode: 'b86041' } }),
  body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">
<div class="nhsuk-error-summary app-login-error" id="login-error-summary" tabindex="-1" hidden><div role="alert">
<h2 class="nhsuk-error-summary__heading">There is a problem logging you in</h2>
<div class="nhsuk-error-summary__body"><p id="login-error-message"></p></div>
</div></div>
<h1>Your NHS account</h1>
<p class="nhsuk-lede-text">Your session has ended. Log in again to see your prescriptions, appointments and health record.</p>
<form class="app-login-form" action="/nhs-app/account" method="get" novalidate>
<button class="nhsuk-button nhsuk-button--login" data-module="nhsuk-button" type="submit">Continue with NHS login</button>
</form>
<h2 class="nhsuk-heading-s">Demo: simulate an answer from NHS login</h2>
<p>These buttons stand in for the answers NHS login can give. Each shows the error a visitor would see.</p>
<ul class="nhsuk-list app-login-simulator">${LOGIN_ERRORS.map(
    (e) => html`<li>${button(e.label, { class: 'nhsuk-button--secondary nhsuk-button--small', 'data-login-error': e.kind, 'data-message': e.message })}</li>`,
  )}</ul>
${button('I cannot log in', { id: 'login-failed', class: 'nhsuk-button--secondary', 'aria-expanded': 'false', 'aria-controls': 'login-help' })}
<div id="login-help" hidden>${inset(html`<p>If you cannot log in, you can reset your password on the NHS login page or contact your GP surgery for help.</p>`)}</div>
</div></div>`,
});

/** docs/HEALTH-SITE.md §Consent: Statistics and Marketing on/off radios and a save button. */
const cookiesPolicy = definePage({
  path: COOKIES_POLICY_PATH,
  title: 'Cookies policy',
  digitalData: dataLayer({ pageName: 'our-policies:cookies-policy', primaryCategory: 'our-policies', subCategories: ['cookies-policy'], pageType: 'policy' }),
  body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">
<h1>Cookies on the NHS website</h1>
<p class="nhsuk-lede-text">Cookies are files saved on your phone, tablet or computer when you visit a website. We use them to store information about how you use the NHS website.</p>
<h2>Cookies that make our website work</h2>
<p>We use some cookies to make the website work, for example to remember your cookie choices. You cannot turn these off.</p>
<div class="nhsuk-notification-banner nhsuk-notification-banner--success app-cookie-saved" id="cookie-preferences-saved" role="status" hidden>
<div class="nhsuk-notification-banner__content"><p class="nhsuk-notification-banner__heading">Your cookie settings have been saved</p></div></div>
<form id="cookie-preferences" novalidate>
<h2>Cookies that measure website use</h2>
<p>We’d like to use analytics cookies to count visits and see how our pages are used, so we can improve the website.</p>
${radios('statistics', 'Do you want to turn on statistics cookies?', [
  { value: 'on', label: 'Use cookies that measure my website use' },
  { value: 'off', label: 'Do not use cookies that measure my website use' },
], { heading: false, checked: 'off' })}
<h2>Cookies that help with our communications and marketing</h2>
<p>These cookies may be set by third party websites and do things like measure how you view videos on the NHS website.</p>
${radios('marketing', 'Do you want to turn on marketing cookies?', [
  { value: 'on', label: 'Use cookies that help with communications and marketing' },
  { value: 'off', label: 'Do not use cookies that help with communications and marketing' },
], { heading: false, checked: 'off' })}
<button class="nhsuk-button" data-module="nhsuk-button" type="submit" id="save-cookie-preferences">Save my cookie settings</button>
</form>
</div></div>`,
});

/** A page for testing the container's custom-event rule (SPEC §4 TestEvent1). */
const testPage = definePage({
  path: '/test-page',
  title: 'Tag container test page',
  digitalData: dataLayer({ pageName: 'test:events', primaryCategory: 'test', subCategories: ['events'], pageType: 'test' }),
  body: html`<h1>Tag container test page</h1>
<p>This page is for checking the tag container. It is not linked from the rest of the website.</p>
${button('Send TestEvent1', { id: 'test-event-1' })}
<p class="app-test-event-status" id="test-event-status" role="status" hidden>TestEvent1 dispatched.</p>`,
});

export const accountAndCookiePages: DemoPage[] = [account, cookiesPolicy, testPage];
