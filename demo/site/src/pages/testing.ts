// SPEC §2 testing flows: /order-lateral-flow-kits/, /antigen/, /a{secret}, /work-status, /industry, /condition.
import { definePage, inset, requestHomeTestLink, summaryList, buttonLink } from '../components';
import { DEMO_CIDS, dataLayer } from '../data-layer';
import { html } from '../html';
import type { DemoPage } from '../types';
import { LOGIN_CHOICE, YES_NO, privacyNote, questionPage, startPage } from './flow';

const LFD = '/order-lateral-flow-kits/';
const ANTIGEN = '/antigen/';
/** SPEC §2 `/a{secret}`: the personal link sent by text message. */
export const SECRET_LINK_PATH = '/a3f9c2e1';

const lateralFlow: DemoPage[] = [
  startPage({
    path: LFD,
    pageName: 'order-lateral-flow-kits:start',
    title: 'Order free rapid lateral flow tests',
    lede: 'You can order free rapid lateral flow tests if you’re eligible, for example if you have a health condition that means you may get a COVID-19 treatment.',
    body: html`<p>One order contains 7 tests. Tests are delivered in 1 to 3 days.</p>`,
    next: `${LFD}login-choice`,
  }),
  questionPage({ path: `${LFD}login-choice`, pageName: 'order-lateral-flow-kits:login-choice', question: 'Do you want to log in with NHS login?', options: LOGIN_CHOICE, next: `${LFD}test-reason-work`, back: LFD }),
  questionPage({
    path: `${LFD}test-reason-work`,
    pageName: 'order-lateral-flow-kits:test-reason-work',
    question: 'Do you need tests because of your job?',
    hint: 'For example, if you work in the NHS or in adult social care.',
    options: [
      { value: 'nhs', label: 'Yes, I work for the NHS' },
      { value: 'social-care', label: 'Yes, I work in adult social care' },
      { value: 'no', label: 'No' },
    ],
    next: '/',
    back: `${LFD}login-choice`,
    data: { user: { cid: DEMO_CIDS.testing } },
    button: 'Order tests',
  }),
];

const antigen: DemoPage[] = [
  startPage({
    path: ANTIGEN,
    pageName: 'antigen:start',
    title: 'Get a free PCR test to check if you have coronavirus',
    lede: 'Use this service to get a test if you have been asked to by a healthcare professional or a pilot study.',
    body: html`<p>You can order a home test kit or book a visit to a test site.</p>${requestHomeTestLink()}`,
    next: `${ANTIGEN}reason`,
  }),
  questionPage({
    path: `${ANTIGEN}reason`,
    pageName: 'antigen:reason',
    question: 'Why are you asking for a test?',
    options: [
      { value: 'pilot', label: 'I have been invited to take part in a pilot' },
      { value: 'essential-worker', label: 'I am an essential worker' },
      { value: 'follow-up', label: 'I have been asked to take a follow-up test' },
      { value: 'other', label: 'Another reason' },
    ],
    next: `${ANTIGEN}reason/pilot`,
    back: ANTIGEN,
  }),
  questionPage({
    path: `${ANTIGEN}reason/pilot`,
    pageName: 'antigen:reason:pilot',
    question: 'Were you invited to take part in a pilot?',
    hint: 'Your invitation letter or text message will say if you are part of a pilot.',
    options: [
      { value: 'invited', label: 'Yes, I was invited to a pilot' },
      { value: 'not-invited', label: 'No' },
    ],
    next: `${ANTIGEN}pilot`,
    back: `${ANTIGEN}reason`,
  }),
  questionPage({
    path: `${ANTIGEN}pilot`,
    pageName: 'antigen:pilot',
    question: 'Which pilot are you taking part in?',
    options: [
      { value: 'workplace', label: 'A workplace testing pilot' },
      { value: 'community', label: 'A community testing pilot' },
      { value: 'schools', label: 'A schools testing pilot' },
    ],
    next: `${ANTIGEN}essential-worker`,
    back: `${ANTIGEN}reason/pilot`,
    data: { choices: { pilotInvite: 'invited to a pilot' } },
  }),
  questionPage({
    path: `${ANTIGEN}essential-worker`,
    pageName: 'antigen:essential-worker',
    question: 'Are you an essential worker?',
    hint: 'For example, you work in health or social care, education, or transport.',
    options: YES_NO,
    next: `${ANTIGEN}follow-up-reason`,
    back: `${ANTIGEN}pilot`,
    data: { choices: { pilotInvite: 'invited to a pilot' } },
  }),
  questionPage({
    path: `${ANTIGEN}follow-up-reason`,
    pageName: 'antigen:follow-up-reason',
    question: 'Why have you been asked to take a follow-up test?',
    options: [
      { value: 'unclear-result', label: 'My last result was unclear' },
      { value: 'confirm-positive', label: 'To confirm a positive rapid test' },
      { value: 'other', label: 'Another reason' },
    ],
    next: SECRET_LINK_PATH,
    back: `${ANTIGEN}essential-worker`,
    after: privacyNote,
  }),
];

const secretLink = definePage({
  path: SECRET_LINK_PATH,
  title: 'Your test booking',
  digitalData: dataLayer({ pageName: 'antigen:personal-link', primaryCategory: 'antigen', subCategories: ['personal-link'], pageType: 'transaction', pageFunction: 'confirmation' }),
  body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">
<h1>Your test booking</h1>
<p class="nhsuk-lede-text">This is your personal link. Do not share it with anyone else.</p>
${summaryList([
  ['Test type', 'Home PCR test kit'],
  ['Delivery', 'Tomorrow, by 1pm'],
  ['Reference', 'Sent to you by text message'],
])}
${inset(html`<p>When the kit arrives, <a href="/register-kit/">register it</a> before you do the test.</p>`)}
</div></div>`,
});

const TT = 'test-and-trace';
const workStatus: DemoPage[] = [
  questionPage({
    path: '/work-status',
    pageName: `${TT}:work-status`,
    question: 'Are you currently working?',
    hint: 'This helps us understand where the virus may be spreading.',
    options: [
      { value: 'working-outside-home', label: 'Yes, and I work outside my home' },
      { value: 'working-from-home', label: 'Yes, and I work from home' },
      { value: 'not-working', label: 'No' },
    ],
    next: '/industry',
    data: { orgType: 'workplace' },
  }),
  questionPage({
    path: '/industry',
    pageName: `${TT}:industry`,
    question: 'What industry do you work in?',
    options: [
      { value: 'health-and-social-care', label: 'Health and social care' },
      { value: 'education', label: 'Education and childcare' },
      { value: 'hospitality', label: 'Hospitality' },
      { value: 'retail', label: 'Retail' },
      { value: 'other', label: 'Another industry' },
    ],
    next: '/condition',
    back: '/work-status',
    data: { orgType: 'workplace' },
  }),
  questionPage({
    path: '/condition',
    pageName: `${TT}:condition`,
    question: 'Do you have a health condition that puts you at high risk from COVID-19?',
    hint: 'For example, a weakened immune system, a lung condition or a heart condition.',
    options: [...YES_NO, { value: 'not-sure', label: 'I’m not sure' }],
    next: '/',
    back: '/industry',
    after: html`<p>Need a test? ${buttonLink('/antigen/', 'Get a test', { class: 'nhsuk-button--secondary' })}</p>`,
  }),
];

export const testingPages: DemoPage[] = [...lateralFlow, ...antigen, secretLink, ...workStatus];
