// SPEC §2 /register-kit/, /register/ and /report-result/ flows; SPEC §6 self-reported choices.
import { requestHomeTestLink } from '../components';
import { DEMO_CIDS } from '../data-layer';
import { html } from '../html';
import type { DemoPage } from '../types';
import { LOGIN_CHOICE, YES_NO, privacyNote, questionPage, startPage } from './flow';

const KIT = '/register-kit/';
const REG = '/register/';
const REPORT = '/report-result/';
const signedIn = { user: { cid: DEMO_CIDS.testing } };

const registerKit: DemoPage[] = [
  startPage({
    path: KIT,
    pageName: 'register-kit:start',
    title: 'Register a coronavirus test kit',
    lede: 'Use this service to register a test kit you were given or sent, so your result can be sent to you.',
    body: html`<p>You’ll need the barcode on the test kit. Register the kit before you do the test.</p><p>Do not have a kit yet?</p>${requestHomeTestLink()}`,
    next: `${KIT}login-choice`,
  }),
  questionPage({ path: `${KIT}login-choice`, pageName: 'register-kit:login-choice', question: 'Do you want to log in with NHS login?', options: LOGIN_CHOICE, next: `${KIT}country-category`, back: KIT }),
  questionPage({
    path: `${KIT}country-category`,
    pageName: 'register-kit:country-category',
    question: 'Which country do you live in?',
    options: [
      { value: 'england', label: 'England' },
      { value: 'wales', label: 'Wales' },
      { value: 'scotland', label: 'Scotland' },
      { value: 'northern-ireland', label: 'Northern Ireland' },
    ],
    next: `${KIT}quarantine-travel`,
    back: `${KIT}login-choice`,
    data: signedIn,
  }),
  questionPage({
    path: `${KIT}quarantine-travel`,
    pageName: 'register-kit:quarantine-travel',
    question: 'Are you taking this test because you have travelled to the UK from abroad?',
    hint: 'Include tests you were asked to take on day 2 or day 8 after you arrived.',
    options: YES_NO,
    next: `${KIT}antibody-opt-in`,
    back: `${KIT}country-category`,
    data: signedIn,
  }),
  questionPage({
    path: `${KIT}antibody-opt-in`,
    pageName: 'register-kit:antibody-opt-in',
    question: 'Would you like to be contacted about antibody testing?',
    hint: 'An antibody test checks if you have had coronavirus before.',
    options: YES_NO,
    next: '/',
    back: `${KIT}quarantine-travel`,
    data: signedIn,
    button: 'Register kit',
    after: privacyNote,
  }),
];

const register: DemoPage[] = [
  startPage({
    path: REG,
    pageName: 'register:start',
    title: 'Register your coronavirus test',
    lede: 'Tell us about yourself so we can process your test and help control the spread of coronavirus.',
    body: html`<p>It takes about 5 minutes. You’ll be asked about your vaccinations, where you live and where you work.</p>`,
    next: `${REG}vaccination-status`,
  }),
  questionPage({
    path: `${REG}vaccination-status`,
    pageName: 'register:vaccination-status',
    question: 'Have you had a coronavirus (COVID-19) vaccination?',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
      { value: 'prefer-not-to-say', label: 'Prefer not to say' },
    ],
    next: `${REG}vaccination-period`,
    back: REG,
  }),
  questionPage({
    path: `${REG}vaccination-period`,
    pageName: 'register:vaccination-period',
    question: 'When did you have your most recent vaccination?',
    options: [
      { value: 'under-3-months', label: 'In the last 3 months' },
      { value: '3-to-6-months', label: '3 to 6 months ago' },
      { value: 'over-6-months', label: 'More than 6 months ago' },
    ],
    next: `${REG}gender`,
    back: `${REG}vaccination-status`,
  }),
  questionPage({
    path: `${REG}gender`,
    pageName: 'register:gender',
    question: 'Which of these best describes your gender?',
    options: [
      { value: 'female', label: 'Female' },
      { value: 'male', label: 'Male' },
      { value: 'non-binary', label: 'Non-binary' },
      { value: 'prefer-not-to-say', label: 'Prefer not to say' },
    ],
    next: `${REG}institution`,
    back: `${REG}vaccination-period`,
  }),
  questionPage({
    path: `${REG}institution`,
    pageName: 'register:institution',
    question: 'Do you live in, visit or work in a care home?',
    options: [
      { value: 'resident', label: 'Yes, I live in a care home' },
      { value: 'visiting-professional', label: 'Yes, I visit a care home as a professional', hint: 'For example, a GP, district nurse or hairdresser' },
      { value: 'worker', label: 'Yes, I work in a care home' },
      { value: 'no', label: 'No' },
    ],
    next: `${REG}occupation`,
    back: `${REG}gender`,
  }),
  questionPage({
    path: `${REG}occupation`,
    pageName: 'register:occupation',
    question: 'What is your job?',
    options: [
      { value: 'care-worker', label: 'Care worker' },
      { value: 'nurse', label: 'Nurse' },
      { value: 'manager', label: 'Manager or administrator' },
      { value: 'other', label: 'Something else' },
    ],
    next: `${REG}employer`,
    back: `${REG}institution`,
    data: { choices: { careHomeRelationship: 'worker' }, orgType: 'care home' },
  }),
  questionPage({
    path: `${REG}employer`,
    pageName: 'register:employer',
    question: 'Who employs you?',
    options: [
      { value: 'care-home', label: 'The care home directly' },
      { value: 'agency', label: 'An agency' },
      { value: 'nhs', label: 'The NHS' },
      { value: 'local-authority', label: 'A local authority' },
    ],
    next: `${REG}antibody-opt-in`,
    back: `${REG}occupation`,
    data: { choices: { careHomeRelationship: 'worker' }, orgType: 'care home' },
  }),
  questionPage({
    path: `${REG}antibody-opt-in`,
    pageName: 'register:antibody-opt-in',
    question: 'Would you like to take part in antibody testing?',
    options: YES_NO,
    next: '/',
    back: `${REG}employer`,
    button: 'Register test',
    after: privacyNote,
  }),
];

const STAFF_GROUPS = [
  { value: 'medical-and-dental', label: 'Medical and dental' },
  { value: 'healthcare-scientists', label: 'Healthcare scientists' },
  { value: 'allied-health-professionals', label: 'Allied health professionals' },
  { value: 'additional-professional-scientific-and-technical', label: 'Additional professional, scientific and technical' },
];

const report: DemoPage[] = [
  startPage({
    path: REPORT,
    pageName: 'report-result:start',
    title: 'Report a COVID-19 rapid lateral flow test result',
    lede: 'Report your result to the NHS every time you do a rapid lateral flow test, whether it’s positive, negative or void.',
    body: html`<p>You’ll need the ID number or QR code on the test strip.</p>`,
    next: `${REPORT}login-choice`,
  }),
  questionPage({ path: `${REPORT}login-choice`, pageName: 'report-result:login-choice', question: 'Do you want to log in with NHS login?', options: LOGIN_CHOICE, next: `${REPORT}registering-for`, back: REPORT }),
  questionPage({
    path: `${REPORT}registering-for`,
    pageName: 'report-result:registering-for',
    question: 'Who are you reporting a result for?',
    options: [
      { value: 'myself', label: 'Myself' },
      { value: 'someone-else', label: 'Someone else' },
    ],
    next: `${REPORT}whos-taking-the-test`,
    back: `${REPORT}login-choice`,
    data: signedIn,
  }),
  questionPage({
    path: `${REPORT}whos-taking-the-test`,
    pageName: 'report-result:whos-taking-the-test',
    question: 'Who took the test?',
    options: [
      { value: 'child', label: 'My child' },
      { value: 'adult-i-care-for', label: 'An adult I care for' },
      { value: 'other', label: 'Someone else' },
    ],
    next: `${REPORT}test-reason`,
    back: `${REPORT}registering-for`,
    data: { ...signedIn, choices: { reportingFor: 'someone else' } },
  }),
  questionPage({
    path: `${REPORT}test-reason`,
    pageName: 'report-result:test-reason',
    question: 'Why did they take the test?',
    options: [
      { value: 'work', label: 'For work' },
      { value: 'symptoms', label: 'They have symptoms' },
      { value: 'scotland', label: 'They live in Scotland and were asked to test' },
      { value: 'other', label: 'Another reason' },
    ],
    next: `${REPORT}test-reason-scotland`,
    back: `${REPORT}whos-taking-the-test`,
    data: { ...signedIn, choices: { reportingFor: 'someone else' } },
  }),
  questionPage({
    path: `${REPORT}test-reason-scotland`,
    pageName: 'report-result:test-reason-scotland',
    question: 'Why were they asked to take a test in Scotland?',
    options: [
      { value: 'close-contact', label: 'They are a close contact of someone with COVID-19' },
      { value: 'hospital-visit', label: 'They are visiting someone in hospital' },
      { value: 'other', label: 'Another reason' },
    ],
    next: `${REPORT}test-reason-continued`,
    back: `${REPORT}test-reason`,
  }),
  questionPage({
    path: `${REPORT}test-reason-continued`,
    pageName: 'report-result:test-reason-continued',
    question: 'Do they work for the NHS?',
    options: YES_NO,
    next: `${REPORT}nhs-staff-group`,
    back: `${REPORT}test-reason-scotland`,
  }),
  questionPage({ path: `${REPORT}nhs-staff-group`, pageName: 'report-result:nhs-staff-group', question: 'Which NHS staff group are they in?', options: STAFF_GROUPS, next: `${REPORT}nhs-setting`, back: `${REPORT}test-reason-continued` }),
  questionPage({
    path: `${REPORT}nhs-setting`,
    pageName: 'report-result:nhs-setting',
    question: 'Where do they work?',
    options: [
      { value: 'hospital', label: 'A hospital' },
      { value: 'gp-surgery', label: 'A GP surgery' },
      { value: 'dentistry', label: 'Dentistry' },
      { value: 'pharmacy', label: 'A pharmacy' },
      { value: 'other-services', label: 'Other services' },
    ],
    next: `${REPORT}organisation-role`,
    back: `${REPORT}nhs-staff-group`,
    data: { choices: { staffGroup: 'allied health professionals' } },
  }),
  questionPage({
    path: `${REPORT}organisation-role`,
    pageName: 'report-result:organisation-role',
    question: 'What is their role?',
    options: [
      { value: 'clinical', label: 'Clinical, they treat patients' },
      { value: 'non-clinical', label: 'Non-clinical' },
    ],
    next: `${REPORT}result`,
    back: `${REPORT}nhs-setting`,
    data: { choices: { staffGroup: 'allied health professionals', workSetting: 'dentistry' } },
  }),
  questionPage({
    path: `${REPORT}result`,
    pageName: 'report-result:result',
    question: 'What was the test result?',
    options: [
      { value: 'positive', label: 'Positive', hint: 'Two lines: one next to C and one next to T' },
      { value: 'negative', label: 'Negative', hint: 'One line next to C' },
      { value: 'void', label: 'Void', hint: 'No lines, or one line next to T' },
    ],
    next: `${REPORT}communication-preferences`,
    back: `${REPORT}organisation-role`,
  }),
  questionPage({
    path: `${REPORT}communication-preferences`,
    pageName: 'report-result:communication-preferences',
    question: 'How should we contact them about the result?',
    options: [
      { value: 'email', label: 'Email' },
      { value: 'text', label: 'Text message' },
      { value: 'none', label: 'Do not contact them' },
    ],
    next: `${REPORT}save-person`,
    back: `${REPORT}result`,
  }),
  questionPage({
    path: `${REPORT}save-person`,
    pageName: 'report-result:save-person',
    question: 'Save their details for next time?',
    hint: 'You will not need to enter their details again when you report their next result.',
    options: YES_NO,
    next: '/',
    back: `${REPORT}communication-preferences`,
    data: signedIn,
    button: 'Report result',
    after: privacyNote,
  }),
];

export const registerAndReportPages: DemoPage[] = [...registerKit, ...register, ...report];
