// SPEC §2 health assessment tools; SPEC §3 tool fields; `_satellite.track('tool_start')` on Start.
import { article, buttonLink, definePage, details, findPharmacyLink, inset, pageHeading, radios, stepForm, summaryList, textInput, warningCallout } from '../components';
import { dataLayer } from '../data-layer';
import { html, type Html } from '../html';
import type { DataLayerTool, DemoPage } from '../types';

const BP = '/health-assessment-tools/check-your-blood-pressure-reading';
const BMI = '/health-assessment-tools/calculate-your-body-mass-index';
const BMI_ADULTS = `${BMI}/calculate-bmi-for-adults/`;
const BMI_CHILDREN = `${BMI}/calculate-bmi-for-children-teenagers/`;
const HEART = '/health-assessment-tools/calculate-your-heart-age';

interface ToolPageInput {
  path: string;
  title: string;
  pageName: string;
  tool: DataLayerTool;
  body: Html;
}

function toolPage({ path, title, pageName, tool, body }: ToolPageInput): DemoPage {
  const [primaryCategory = 'health-assessment-tools', ...subCategories] = pageName.split(':');
  return definePage({
    path,
    title,
    digitalData: dataLayer({ pageName, primaryCategory, subCategories, pageType: 'tool', pageFunction: tool.toolStage, tool }),
    body,
  });
}

/** The Start button: demo-site.js calls `_satellite.track('tool_start', …)` with the page's tool fields. */
const startButton = (next: string) => buttonLink(next, 'Start now', { class: 'app-tool-start', 'data-tool-start': '' });

const bpTool = (toolStage: string, toolStageName: string, extra: Partial<DataLayerTool> = {}): DataLayerTool => ({
  toolName: 'blood pressure checker',
  toolCategory: 'health assessment tools',
  toolVersion: '2.1',
  toolStage,
  toolStageName,
  ...extra,
});

const bpPages = [
  toolPage({
    path: BP,
    title: 'Check your blood pressure reading',
    pageName: 'health-assessment-tools:check-your-blood-pressure-reading:start',
    tool: bpTool('start', 'start'),
    body: html`${pageHeading('Check your blood pressure reading', 'Use this tool to understand what your blood pressure reading means and what to do next.')}
<p>You’ll need a recent reading. You can get one at a pharmacy, at your GP surgery or with a home blood pressure monitor.</p>
${startButton(`${BP}/select-reading-location`)}
${inset(html`<p>This tool is for adults aged 18 and over. It does not store your reading.</p>`)}`,
  }),
  toolPage({
    path: `${BP}/select-reading-location`,
    title: 'Where did you have your blood pressure taken?',
    pageName: 'health-assessment-tools:check-your-blood-pressure-reading:select-reading-location',
    tool: bpTool('question', 'select reading location'),
    body: stepForm(
      `${BP}/result`,
      html`${radios('location', 'Where did you have your blood pressure taken?', [
        { value: 'home', label: 'At home, with my own monitor' },
        { value: 'pharmacy', label: 'At a pharmacy' },
        { value: 'gp', label: 'At my GP surgery' },
      ])}
<h2 class="nhsuk-heading-m">Enter your reading</h2>
${textInput('systolic', 'Systolic (the higher number)', { type: 'text', inputmode: 'numeric', width: 3, suffix: 'mmHg' })}
${textInput('diastolic', 'Diastolic (the lower number)', { type: 'text', inputmode: 'numeric', width: 3, suffix: 'mmHg' })}`,
      'See my result',
    ),
  }),
  toolPage({
    path: `${BP}/result`,
    title: 'Your blood pressure result',
    pageName: 'health-assessment-tools:check-your-blood-pressure-reading:result',
    tool: bpTool('result', 'result', { toolResult: 'high blood pressure', bpReadingProvided: 'yes' }),
    body: article(html`${pageHeading('Your reading suggests you have high blood pressure', 'Your reading was 145/92mmHg.')}
${warningCallout('What to do next', html`<p>Book an appointment with a GP or pharmacist in the next month to have your blood pressure checked again.</p>`)}
<p>Many pharmacies offer free blood pressure checks for adults aged 40 and over.</p>
${findPharmacyLink('Find a pharmacy that offers blood pressure checks')}`),
  }),
];

const bmiTool = (toolName: string, toolStage: string, toolStageName: string, toolResult?: string): DataLayerTool => ({
  toolName,
  toolCategory: 'health assessment tools',
  toolVersion: '3.0',
  toolStage,
  toolStageName,
  ...(toolResult ? { toolResult } : {}),
});

/** SPEC §7: the 'Weight Range Expander'. */
const weightRange = (content: Html) => details('What is a healthy weight range for my height?', content, 'app-weight-range');

const bmiPages = [
  definePage({
    path: `${BMI}/`,
    title: 'Calculate your body mass index (BMI)',
    digitalData: dataLayer({ pageName: 'health-assessment-tools:calculate-your-body-mass-index', primaryCategory: 'health-assessment-tools', subCategories: ['calculate-your-body-mass-index'], pageType: 'hub' }),
    body: html`${pageHeading('Calculate your body mass index (BMI)', 'BMI is a measure of whether you’re a healthy weight for your height.')}
<ul class="nhsuk-list nhsuk-list--bullet"><li><a href="${BMI_ADULTS}">BMI calculator for adults</a></li><li><a href="${BMI_CHILDREN}">BMI calculator for children and teenagers</a></li></ul>`,
  }),
  toolPage({
    path: BMI_ADULTS,
    title: 'BMI calculator for adults',
    pageName: 'health-assessment-tools:calculate-bmi-for-adults:start',
    tool: bmiTool('bmi calculator adults', 'start', 'start'),
    body: html`${pageHeading('Calculate your BMI', 'Use this calculator to check your body mass index (BMI) and find out if you’re a healthy weight.')}
<p>You’ll need your height and weight. It takes about 2 minutes.</p>${startButton(`${BMI_ADULTS}select-ethnic-background`)}`,
  }),
  toolPage({
    path: `${BMI_ADULTS}select-ethnic-background`,
    title: 'Enter your details',
    pageName: 'health-assessment-tools:calculate-bmi-for-adults:select-ethnic-background',
    tool: bmiTool('bmi calculator adults', 'question', 'select ethnic background'),
    body: stepForm(
      `${BMI_ADULTS}result`,
      html`<h1>Enter your details</h1>
${textInput('height', 'Height', { inputmode: 'decimal', width: 4, suffix: 'cm' })}
${textInput('weight', 'Weight', { inputmode: 'decimal', width: 4, suffix: 'kg' })}
${radios(
  'ethnicity',
  'What is your ethnic background?',
  [
    { value: 'white', label: 'White' },
    { value: 'asian', label: 'Asian or Asian British' },
    { value: 'black', label: 'Black, African, Caribbean or Black British' },
    { value: 'mixed', label: 'Mixed or multiple ethnic groups' },
    { value: 'other', label: 'Another ethnic group' },
  ],
  { hint: 'People from some ethnic groups have a higher risk of health problems at a lower BMI.', heading: false },
)}`,
      'Calculate',
    ),
  }),
  toolPage({
    path: `${BMI_ADULTS}result`,
    title: 'Your BMI result',
    pageName: 'health-assessment-tools:calculate-bmi-for-adults:result',
    tool: bmiTool('bmi calculator adults', 'result', 'result', 'healthy weight'),
    body: article(html`${pageHeading('Your BMI is 23.4', 'This means you’re a healthy weight for your height.')}
${summaryList([
  ['Height', '172cm'],
  ['Weight', '69.2kg'],
])}
${weightRange(html`<p>For your height, a healthy weight is between 54.7kg and 73.9kg.</p><p>This is based on a BMI of 18.5 to 24.9.</p>`)}
<p>Keeping to a healthy weight lowers your risk of heart disease, stroke and type 2 diabetes. <a href="/live-well/exercise/">Get tips on staying active</a>.</p>`),
  }),
  toolPage({
    path: BMI_CHILDREN,
    title: 'BMI calculator for children and teenagers',
    pageName: 'health-assessment-tools:calculate-bmi-for-children-teenagers:start',
    tool: bmiTool('bmi calculator children', 'start', 'start'),
    body: html`${pageHeading('BMI calculator for children and teenagers', 'For children aged 2 to 18, BMI is worked out using their age and sex as well as height and weight.')}
${startButton(`${BMI_CHILDREN}result`)}`,
  }),
  toolPage({
    path: `${BMI_CHILDREN}result`,
    title: 'Your child’s BMI result',
    pageName: 'health-assessment-tools:calculate-bmi-for-children-teenagers:result',
    tool: bmiTool('bmi calculator children', 'result', 'result', 'healthy weight'),
    body: article(html`${pageHeading('Your child is a healthy weight', 'Their BMI is on the 52nd centile.')}
${weightRange(html`<p>For a child of this age and height, a healthy weight is between 27kg and 38kg.</p>`)}
<p>See <a href="/healthier-families/recipes/">healthy recipes for families</a>.</p>`),
  }),
];

const heartTool = (toolStage: string, toolStageName: string, extra: Partial<DataLayerTool> = {}): DataLayerTool => ({
  toolName: 'heart age calculator',
  toolCategory: 'health assessment tools',
  toolVersion: '1.4',
  toolStage,
  toolStageName,
  ...extra,
});

const knowRadio = (name: string, legend: string) =>
  radios(name, legend, [
    { value: 'yes', label: 'Yes, I know my numbers' },
    { value: 'no', label: 'No, I do not know' },
  ], { heading: false, inline: true });

const heartPages = [
  toolPage({
    path: HEART,
    title: 'Calculate your heart age',
    pageName: 'health-assessment-tools:calculate-your-heart-age:start',
    tool: heartTool('start', 'start'),
    body: html`${pageHeading('Calculate your heart age', 'Find out your heart age and your risk of having a heart attack or stroke.')}
<p>It helps if you know your blood pressure and cholesterol numbers, but you can still use the tool without them.</p>${startButton(`${HEART}/enter-blood-pressure`)}`,
  }),
  toolPage({
    path: `${HEART}/enter-blood-pressure`,
    title: 'Do you know your blood pressure?',
    pageName: 'health-assessment-tools:calculate-your-heart-age:enter-blood-pressure',
    tool: heartTool('question', 'enter blood pressure'),
    body: stepForm(`${HEART}/enter-cholesterol`, html`<h1>Your blood pressure</h1>${knowRadio('know-bp', 'Do you know your blood pressure reading?')}${textInput('heart-systolic', 'Systolic (the higher number)', { inputmode: 'numeric', width: 3, suffix: 'mmHg' })}`),
  }),
  toolPage({
    path: `${HEART}/enter-cholesterol`,
    title: 'Do you know your cholesterol?',
    pageName: 'health-assessment-tools:calculate-your-heart-age:enter-cholesterol',
    tool: heartTool('question', 'enter cholesterol', { bpReadingProvided: 'yes' }),
    body: stepForm(`${HEART}/result`, html`<h1>Your cholesterol</h1>${knowRadio('know-cholesterol', 'Do you know your cholesterol numbers?')}${textInput('total-cholesterol', 'Total cholesterol', { inputmode: 'decimal', width: 3, suffix: 'mmol/L' })}`),
  }),
  toolPage({
    path: `${HEART}/result`,
    title: 'Your heart age',
    pageName: 'health-assessment-tools:calculate-your-heart-age:result',
    tool: heartTool('result', 'result', { toolResult: 'heart age 52', bpReadingProvided: 'yes', cholesterolReadingProvided: 'no' }),
    body: article(html`${pageHeading('Your heart age is 52', 'This is 4 years older than your real age.')}
<p>You could lower your heart age by being more active, eating less salt and stopping smoking.</p>
<p>Many pharmacies offer free health checks, including a cholesterol test.</p>${findPharmacyLink()}`),
  }),
];

export const toolPages: DemoPage[] = [...bpPages, ...bmiPages, ...heartPages];
