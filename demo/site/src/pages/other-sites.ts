// Home pages of the other demo hosts of CONTRACT §3 (the service manual also has /search).
import { actionLink, buttonLink, cardGrid, definePage, inset, list, pageHeading, radios, submitButton, textInput } from '../components';
import { dataLayer } from '../data-layer';
import { LIVE_HOST } from '../hosts';
import { html, hostUrl } from '../html';
import type { DemoPage } from '../types';

const MANUAL = 'service-manual.health.localhost';

const manualHome = definePage({
  host: MANUAL,
  path: '/',
  title: 'NHS digital service manual',
  digitalData: dataLayer({ pageName: 'developer:home', primaryCategory: 'developer', pageType: 'home page' }),
  body: html`${pageHeading('NHS digital service manual', 'Guidance, styles, components and patterns to help you build consistent, usable services that put people first.')}
${cardGrid([
  { name: 'design system', type: 'service manual', href: '/search?q=buttons', heading: 'Design system', description: 'Styles, components and patterns for NHS services.' },
  { name: 'content guide', type: 'service manual', href: '/search?q=content', heading: 'Content guide', description: 'How to write for the NHS website and services.' },
  { name: 'accessibility', type: 'service manual', href: '/search?q=accessibility', heading: 'Accessibility', description: 'Make your service accessible to everyone.' },
])}`,
});

const manualSearch = definePage({
  host: MANUAL,
  path: '/search',
  title: 'Search results for buttons',
  digitalData: dataLayer({
    pageName: 'developer:search',
    primaryCategory: 'developer',
    subCategories: ['search'],
    pageType: 'search results',
    page: { totalResultCount: '7', isValidSearch: 'true', isAISiteSearch: 'false', isAutoComplete: 'false', search: { procedure: 'service manual search' } },
    search: { keyword: 'buttons', section: 'design system' },
  }),
  body: html`${pageHeading('Search results for buttons')}
<form action="/search" method="get" role="search">${textInput('manual-search', 'Search the service manual', { name: 'search-field', type: 'search', value: 'buttons' })}${submitButton('Search')}</form>
<p>7 results</p>
<ol class="nhsuk-list app-search-results">
<li data-result-rank="1"><h2 class="nhsuk-heading-s"><a href="/">Buttons</a></h2><p class="nhsuk-body-s">Use a button to help users carry out an action like starting an application or saving their information.</p></li>
<li data-result-rank="2"><h2 class="nhsuk-heading-s"><a href="/">Action link</a></h2><p class="nhsuk-body-s">Use action links to help users get to the next stage of a journey quickly.</p></li>
</ol>`,
});

const ENQUIRIES = 'enquiries.health.localhost';

const enquiries = definePage({
  host: ENQUIRIES,
  path: '/',
  title: 'Contact the NHS website',
  digitalData: dataLayer({ pageName: 'enquiries:contact-us', primaryCategory: 'enquiries', subCategories: ['contact-us'], pageType: 'form' }),
  body: html`${pageHeading('Contact the NHS website', 'Tell us about a problem with the website or give us feedback on a page.')}
${inset(html`<p>We cannot give medical advice. If you need help now, go to <a href="${hostUrl(LIVE_HOST, '/')}">the NHS website</a> or call 111.</p>`)}
<form action="/sent" method="post" novalidate>
${radios('about', 'What is your message about?', [
  { value: 'problem', label: 'A problem with the website' },
  { value: 'content', label: 'Feedback on a page' },
  { value: 'other', label: 'Something else' },
], { heading: false })}
${textInput('enquiry-title', 'Subject', { name: 'title' })}
<div class="nhsuk-form-group"><label class="nhsuk-label" for="enquiry">Your message</label><div class="nhsuk-hint" id="enquiry-hint">Do not include personal or medical information.</div><textarea class="nhsuk-textarea" id="enquiry" name="enquiry" rows="5" aria-describedby="enquiry-hint"></textarea></div>
${submitButton('Send message')}
</form>`,
});

const enquirySent = definePage({
  host: ENQUIRIES,
  path: '/sent',
  title: 'Message sent',
  // The message was moderated automatically before it was accepted: the results, never the text.
  digitalData: dataLayer({
    pageName: 'enquiries:sent',
    primaryCategory: 'enquiries',
    subCategories: ['sent'],
    pageType: 'confirmation',
    page: { AutoModerationResult: { AutoModerationType: 'enquiry', AutoModerationTitleResult: 'passed', AutoModerationCommentResult: 'passed' }, MandatoryQuestionResult: 'answered' },
  }),
  body: html`${pageHeading('Message sent', 'Thank you. We aim to reply within 5 working days.')}<p><a href="${hostUrl(LIVE_HOST, '/')}">Go to the NHS website</a></p>`,
});

const staffCheck = definePage({
  host: 'staff-check.health.localhost',
  path: '/',
  title: 'Check a health or care worker’s COVID-19 vaccination',
  digitalData: dataLayer({ pageName: 'staff-check:home', primaryCategory: 'staff-check', pageType: 'home page', orgType: 'nhs trust' }),
  body: html`${pageHeading('Check a health or care worker’s COVID-19 vaccination', 'For employers in health and social care who need to check that staff are vaccinated.')}
<p>You’ll need to sign in with your organisation’s account. You can check a worker’s record with their consent.</p>
${list(['the worker’s NHS number or name and date of birth', 'the worker’s consent to see their record'])}
${buttonLink('/', 'Sign in', { class: 'nhsuk-button--login' })}`,
});

const testAndTrace = definePage({
  host: 'test-and-trace.health.localhost',
  path: '/',
  title: 'NHS Test and Trace',
  digitalData: dataLayer({ pageName: 'test-and-trace:home', primaryCategory: 'test-and-trace', pageType: 'home page', orgType: 'test and trace' }),
  body: html`${pageHeading('NHS Test and Trace', 'Get tested, report a result and find out what to do if you have been in contact with someone with COVID-19.')}
${actionLink(hostUrl(LIVE_HOST, '/order-lateral-flow-kits/'), 'Request a home test', { 'data-link': 'request-a-home-test' })}
${list([
  html`<a href="${hostUrl(LIVE_HOST, '/report-result/')}">Report a rapid lateral flow test result</a>`,
  html`<a href="${hostUrl(LIVE_HOST, '/antigen/')}">Get a PCR test</a>`,
  html`<a href="${hostUrl(LIVE_HOST, '/work-status')}">Tell us about your work</a>`,
])}`,
});

const wales = definePage({
  host: '111.wales.health.localhost',
  path: '/',
  title: 'NHS 111 Wales',
  digitalData: dataLayer({ pageName: '111-wales:home', primaryCategory: '111-wales', pageType: 'home page' }),
  meta: { 'service-name': 'NHS 111 Wales' },
  body: html`${pageHeading('NHS 111 Wales', 'Health advice and information for people in Wales. Iechyd a lles: gwybodaeth a chyngor.')}
<p>Use the symptom checkers to find out what to do, or call 111 free from a landline or mobile.</p>
${list(['symptom checkers', 'local services', 'health A to Z'])}
<p lang="cy">Mae’r wefan hon ar gael yn Gymraeg.</p>`,
});

const apply = definePage({
  host: 'apply.service.gov.localhost',
  path: '/',
  title: 'Apply for help with health costs',
  digitalData: dataLayer({ pageName: 'apply:help-with-health-costs:start', primaryCategory: 'apply', subCategories: ['help-with-health-costs', 'start'], pageType: 'transaction' }),
  body: html`${pageHeading('Apply for help with health costs', 'You may be able to get help with prescription, dental and eye care costs if you’re on a low income.')}
<p>It takes about 20 minutes. You’ll need details of your income, savings and housing costs.</p>
${buttonLink('/', 'Start now')}`,
});

function partner(host: string, name: string): DemoPage {
  const key = host.split('.')[0] ?? host;
  return definePage({
    host,
    path: '/',
    title: `${name}: test environment`,
    digitalData: dataLayer({ pageName: `${key}:home`, primaryCategory: key, pageType: 'home page', platform: 'partner' }),
    body: html`${pageHeading(`${name}: test environment`, 'This partner test host embeds NHS website content for integration testing.')}
${inset(html`<p>Content on this host is for testing only. Go to <a href="${hostUrl(LIVE_HOST, '/')}">the NHS website</a> for health information.</p>`)}`,
  });
}

export const otherSitePages: DemoPage[] = [manualHome, manualSearch, enquiries, enquirySent, staffCheck, testAndTrace, wales, apply, partner('partner-one.test.localhost', 'Partner one'), partner('partner-two.test.localhost', 'Partner two')];
