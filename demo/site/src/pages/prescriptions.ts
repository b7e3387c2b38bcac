// SPEC §2 repeat prescriptions: the two guidance pages and the order-online flow.
import { actionLink, article, buttonLink, definePage, details, findPharmacyLink, inset, list, pageHeading, paragraphs } from '../components';
import { dataLayer } from '../data-layer';
import { html } from '../html';
import type { DemoPage } from '../types';
import { questionPage } from './flow';

const ONLINE = '/using-the-nhs/nhs-services/pharmacies/order-repeat-prescriptions-online/';

function guidance(path: string, pageName: string): DemoPage {
  const [primaryCategory = 'nhs-services', ...subCategories] = pageName.split(':');
  return definePage({
    path,
    title: 'How to order a repeat prescription',
    digitalData: dataLayer({ pageName, primaryCategory, subCategories, pageType: 'article', pageGroup: 'prescriptions' }),
    body: article(html`${pageHeading('How to order a repeat prescription', 'A repeat prescription lets you get more of the medicines you take regularly without needing to see a GP.')}
<h2>Ways to order</h2>
${list(['online, using the NHS App or another online service', 'through a pharmacy that offers a repeat prescription service', 'from your GP surgery, in person or by post'])}
${actionLink(ONLINE, 'Order repeat prescriptions online')}
<h2>Collecting your medicine</h2>
<p>You can choose a pharmacy to send your prescription to. It will usually be ready in 2 to 3 working days.</p>
${findPharmacyLink('Find a pharmacy to collect from')}
${details('If you need your medicine urgently', paragraphs('Call 111 or use 111 online if you need your medicine before your next prescription is ready.'))}`),
  });
}

const online = definePage({
  path: ONLINE,
  title: 'Order repeat prescriptions online',
  digitalData: dataLayer({
    pageName: 'using-the-nhs:order-repeat-prescriptions-online',
    primaryCategory: 'using-the-nhs',
    subCategories: ['nhs-services', 'pharmacies', 'order-repeat-prescriptions-online'],
    pageType: 'transaction',
    pageFunction: 'start',
  }),
  body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">
${pageHeading('Order repeat prescriptions online', 'You can order your repeat prescriptions online using the NHS App or NHS website.')}
<p>You’ll need an NHS login. We’ll ask a few questions to help you get started.</p>
${buttonLink(`${ONLINE}do-you-have-nhs-login`, 'Start now')}
${inset(html`<p>Your GP surgery must offer online repeat prescriptions.</p>`)}
</div></div>`,
});

const steps = [
  questionPage({
    path: `${ONLINE}do-you-have-nhs-login`,
    pageName: 'using-the-nhs:order-repeat-prescriptions-online:do-you-have-nhs-login',
    question: 'Do you have an NHS login?',
    hint: 'You may have used NHS login to access the NHS App or to get your COVID Pass.',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
      { value: 'not-sure', label: 'I’m not sure' },
    ],
    next: `${ONLINE}website-or-app`,
    back: ONLINE,
  }),
  questionPage({
    path: `${ONLINE}website-or-app`,
    pageName: 'using-the-nhs:order-repeat-prescriptions-online:website-or-app',
    question: 'Do you want to use the NHS website or the NHS App?',
    options: [
      { value: 'website', label: 'The NHS website' },
      { value: 'app', label: 'The NHS App', hint: 'Download it from the App Store or Google Play' },
    ],
    next: `${ONLINE}start-nhs-login-sign-up-process`,
    back: `${ONLINE}do-you-have-nhs-login`,
  }),
  definePage({
    path: `${ONLINE}start-nhs-login-sign-up-process`,
    title: 'Create an NHS login',
    digitalData: dataLayer({
      pageName: 'using-the-nhs:order-repeat-prescriptions-online:start-nhs-login-sign-up-process',
      primaryCategory: 'using-the-nhs',
      subCategories: ['nhs-services', 'pharmacies', 'order-repeat-prescriptions-online', 'start-nhs-login-sign-up-process'],
      pageType: 'transaction',
      pageFunction: 'sign up',
    }),
    body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">
${pageHeading('Create an NHS login', 'You need to prove who you are to order prescriptions online. It usually takes a few minutes.')}
${list(['an email address and mobile phone number', 'photo ID, such as a passport or driving licence'])}
${buttonLink('/nhs-app/account', 'Continue to NHS login', { class: 'nhsuk-button--login' })}
</div></div>`,
  }),
];

export const prescriptionPages: DemoPage[] = [
  guidance('/nhs-services/online-services/how-to-order-a-repeat-prescription', 'nhs-services:online-services:how-to-order-a-repeat-prescription'),
  guidance('/nhs-services/prescriptions/how-to-order-a-repeat-prescription', 'nhs-services:prescriptions:how-to-order-a-repeat-prescription'),
  online,
  ...steps,
];
