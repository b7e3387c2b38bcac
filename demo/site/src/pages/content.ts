// The live home page, and for each personalisation prefix of SPEC §2 a hub page at its root and content pages.
import { actionLink, article, cardGrid, careCard, definePage, details, findPharmacyLink, inset, list, otherServices, pageHeading, paragraphs, warningCallout } from '../components';
import { dataLayer } from '../data-layer';
import { html, type Html } from '../html';
import type { DemoPage } from '../types';

export const home = definePage({
  path: '/',
  title: 'NHS website for England',
  digitalData: dataLayer({ pageName: 'home', primaryCategory: 'home', pageType: 'home page' }),
  body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-full">
<h1>NHS website for England</h1>
<p class="nhsuk-lede-text">Find out about conditions, treatments, medicines and NHS services, and get advice on living well.</p>
${cardGrid(
  [
    { name: 'health a to z', type: 'top task', href: '/conditions/', heading: 'Health A to Z', description: 'Find out about conditions, symptoms and treatments.' },
    { name: 'medicines a to z', type: 'top task', href: '/medicines/', heading: 'Medicines A to Z', description: 'How medicines work, how to take them and side effects.' },
    { name: 'find a pharmacy', type: 'top task', href: '/service-search/pharmacy/find-a-pharmacy', heading: 'Find a pharmacy', description: 'Search for a pharmacy near you and check opening times.' },
    { name: 'covid-19 vaccination', type: 'top task', href: '/book-a-coronavirus-vaccination', heading: 'Book a COVID-19 vaccination', description: 'Book, cancel or change your vaccination appointment.' },
    { name: 'repeat prescriptions', type: 'top task', href: '/nhs-services/prescriptions/how-to-order-a-repeat-prescription', heading: 'Order a repeat prescription', description: 'Order online, in the NHS App or from your GP surgery.' },
    { name: 'mental health', type: 'top task', href: '/mental-health/conditions/stress/', heading: 'Mental health', description: 'Advice and support for stress, anxiety and low mood.' },
  ],
  { 'aria-label': 'Top tasks' },
)}
<h2>Health assessment tools</h2>
<ul class="nhsuk-list nhsuk-list--bullet">
<li><a href="/health-assessment-tools/calculate-your-body-mass-index/">Calculate your body mass index (BMI)</a></li>
<li><a href="/health-assessment-tools/check-your-blood-pressure-reading">Check your blood pressure reading</a></li>
<li><a href="/health-assessment-tools/calculate-your-heart-age">Calculate your heart age</a></li>
</ul>
${otherServices('Other services')}
</div></div>`,
});

/** A content article with the usual NHS furniture. */
function contentPage(path: string, title: string, pageName: string, categories: readonly [string, ...string[]], body: Html, extra: { pageType?: string; related?: Html } = {}): DemoPage {
  const [primaryCategory, ...subCategories] = categories;
  return definePage({
    path,
    title,
    digitalData: dataLayer({ pageName, primaryCategory, subCategories, pageType: extra.pageType ?? 'article' }),
    body: article(body, extra.related ? { related: extra.related } : {}),
  });
}

const medicinesIndex = contentPage(
  '/medicines/',
  'Medicines A to Z',
  'medicines:a-z',
  ['medicines', 'a-z'],
  html`${pageHeading('Medicines A to Z', 'Find out how your medicine works, how and when to take it, and possible side effects.')}
<ul class="nhsuk-list nhsuk-list--bullet"><li><a href="/medicines/paracetamol-for-adults/">Paracetamol for adults</a></li></ul>`,
  { pageType: 'hub' },
);

const paracetamol = contentPage(
  '/medicines/paracetamol-for-adults/',
  'Paracetamol for adults',
  'medicines:paracetamol-for-adults',
  ['medicines', 'paracetamol-for-adults'],
  html`${pageHeading('Paracetamol for adults', 'Paracetamol is a common painkiller used to treat aches and pain. It can also be used to reduce a high temperature.')}
<h2>How and when to take it</h2>
<p>The usual dose for adults is one or two 500mg tablets up to 4 times in 24 hours. Always leave at least 4 hours between doses.</p>
${warningCallout('Important', html`<p>Do not take more than 8 tablets in 24 hours. Taking too much paracetamol can be dangerous.</p>`)}
<p>You can buy paracetamol from pharmacies and supermarkets. A pharmacist can tell you if it is suitable for you.</p>
${findPharmacyLink()}`,
);

const exercise = contentPage(
  '/live-well/exercise/',
  'Exercise',
  'live-well:exercise',
  ['live-well', 'exercise'],
  html`${pageHeading('Physical activity guidelines for adults aged 19 to 64', 'Adults should do some type of physical activity every day. Any type of activity is good for you.')}
<p>Aim for at least 150 minutes of moderate intensity activity a week or 75 minutes of vigorous intensity activity a week.</p>
${list(['brisk walking', 'water aerobics', 'riding a bike', 'dancing', 'pushing a lawn mower'])}
<p>Looking for ideas to get started? Try <a href="/healthier-families/recipes/">healthy recipes</a> for the whole family.</p>
<p>Before you start, watch our <a href="/live-well/exercise/warm-up-video">warm-up exercises video</a>.</p>`,
);

const stress = contentPage(
  '/mental-health/conditions/stress/',
  'Stress',
  'mental-health:conditions:stress',
  ['mental-health', 'conditions', 'stress'],
  html`${pageHeading('Get help with stress', 'Stress is the body’s reaction to feeling threatened or under pressure. It’s very common and can be motivating, but too much stress can affect your mood, body and relationships.')}
<h2>Symptoms of stress</h2>
${list(['feeling anxious, irritable or low in mood', 'difficulty sleeping', 'headaches, muscle tension or stomach problems', 'finding it hard to concentrate'])}
${careCard('non-urgent', 'See a GP if:', list(['you’re struggling to cope with stress', 'things you’re trying yourself are not helping', 'you would prefer to get a referral from a GP']))}
${inset(html`<p>If you need to talk to someone now, you can call the Samaritans free on 116 123.</p>`)}`,
);

const pregnancyVaccinations = contentPage(
  '/pregnancy/keeping-well/vaccinations/',
  'Vaccinations in pregnancy',
  'pregnancy:keeping-well:vaccinations',
  ['pregnancy', 'keeping-well', 'vaccinations'],
  html`${pageHeading('Vaccinations in pregnancy', 'Some vaccines are recommended during pregnancy to protect you and your baby.')}
${list(['whooping cough (pertussis) vaccine', 'flu vaccine', 'RSV vaccine', 'COVID-19 vaccine'])}
<p>You can <a href="/book-a-coronavirus-vaccination">book a COVID-19 vaccination</a> online. Tell the person vaccinating you that you’re pregnant.</p>`,
);

const registerWithGp = contentPage(
  '/nhs-services/gps/how-to-register-with-a-gp-surgery/',
  'How to register with a GP surgery',
  'nhs-services:gps:how-to-register-with-a-gp-surgery',
  ['nhs-services', 'gps', 'how-to-register-with-a-gp-surgery'],
  html`${pageHeading('How to register with a GP surgery', 'You can register with a GP surgery online or by contacting the surgery. It’s free to register and you do not need proof of address, immigration status or an NHS number.')}
${actionLink('/nhs-services/gps/how-to-register-with-a-gp-surgery/?gpOnlineReg=true', 'Register with a GP surgery online')}
${details('If you’re registering a child', paragraphs('Babies are usually registered with the GP surgery their parents are registered with. You can register a child at the same time as yourself.'))}`,
);

const headaches = contentPage(
  '/symptoms/headaches/',
  'Headaches',
  'symptoms:headaches',
  ['symptoms', 'headaches'],
  html`${pageHeading('Headaches', 'Most headaches are not serious and can be treated with painkillers and rest.')}
<h2>How you can ease a headache yourself</h2>
${list(['drink plenty of water', 'get plenty of rest if you have a cold or the flu', 'try to relax, as stress can make headaches worse', 'take paracetamol or ibuprofen'])}
${careCard('urgent', 'Call 999 if:', list(['your headache started suddenly and is extremely painful', 'you have a headache after a severe blow to the head']))}
<p>A pharmacist can help if you need advice about painkillers.</p>${findPharmacyLink()}`,
);

const fluVaccine = contentPage(
  '/vaccinations/flu-vaccine/',
  'Flu vaccine',
  'vaccinations:flu-vaccine',
  ['vaccinations', 'flu-vaccine'],
  html`${pageHeading('Flu vaccine', 'The flu vaccine helps protect against flu, which can be a serious or life-threatening illness. It’s offered on the NHS every year in autumn or early winter.')}
<h2>Who should have the flu vaccine</h2>
${list(['are aged 65 or over', 'have certain long-term health conditions', 'are pregnant', 'live in a care home', 'are the main carer for an older or disabled person'])}
<p>You can get the flu vaccine at your GP surgery or a pharmacy that offers it.</p>${findPharmacyLink('Find a pharmacy that offers the flu vaccine')}`,
);

const newborn = contentPage(
  '/baby/caring-for-a-newborn/',
  'Caring for a newborn baby',
  'baby:caring-for-a-newborn',
  ['baby', 'caring-for-a-newborn'],
  html`${pageHeading('Caring for a newborn baby', 'Looking after a newborn baby can feel overwhelming at first. Your midwife and health visitor are there to help.')}
<h2>Washing and bathing your baby</h2>
<p>You do not need to bath your baby every day. You may prefer to wash their face, neck, hands and bottom carefully instead.</p>
${careCard('non-urgent', 'Contact a GP or call 111 if:', list(['your baby is not feeding as well as usual', 'your baby has a high temperature', 'you’re worried about your baby']))}`,
);

const healthAtoZ = contentPage(
  '/health-a-z/',
  'Health A to Z',
  'health-a-z:home',
  ['health-a-z'],
  html`${pageHeading('Health A to Z', 'Information about conditions, symptoms, medicines and treatments.')}
<ul class="nhsuk-list nhsuk-list--bullet">
<li><a href="/conditions/">Conditions A to Z</a></li>
<li><a href="/symptoms/headaches/">Symptoms: headaches</a></li>
<li><a href="/medicines/">Medicines A to Z</a></li>
<li><a href="/live-well/exercise/">Live well</a></li>
<li><a href="/baby/caring-for-a-newborn/">Caring for a newborn baby</a></li>
<li><a href="/pregnancy/keeping-well/vaccinations/">Vaccinations in pregnancy</a></li>
</ul>`,
  { pageType: 'hub' },
);

interface HubLink {
  href: string;
  text: string;
  description: string;
}

const hubList = (links: readonly HubLink[]) =>
  html`<ul class="nhsuk-list app-hub-list">${links.map(
    (l) => html`<li class="nhsuk-u-margin-bottom-4"><h3 class="nhsuk-heading-s nhsuk-u-margin-bottom-1"><a href="${l.href}">${l.text}</a></h3><p class="nhsuk-body-s nhsuk-u-margin-bottom-0">${l.description}</p></li>`,
  )}</ul>`;

/**
 * SPEC §2: the root of a section (`/live-well/`), listing the section's pages and, where it helps,
 * related pages elsewhere on the site.
 */
function hubPage(section: string, title: string, intro: string, pages: readonly HubLink[], related: readonly HubLink[] = []): DemoPage {
  return definePage({
    path: `/${section}/`,
    title,
    digitalData: dataLayer({ pageName: `${section}:home`, primaryCategory: section, subCategories: ['home'], pageType: 'hub' }),
    body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">
${pageHeading(title, intro)}
<h2>In this section</h2>
${hubList(pages)}
${related.length ? html`<h2>Related information</h2>${hubList(related)}` : ''}
</div></div>`,
  });
}

const bmiTool: HubLink = { href: '/health-assessment-tools/calculate-your-body-mass-index/', text: 'Calculate your body mass index (BMI)', description: 'Check if you’re a healthy weight for your height.' };

/** SPEC §2 prefix roots: one hub page for each section that has pages in the demo. */
export const hubPages: DemoPage[] = [
  hubPage(
    'live-well',
    'Live well',
    'Advice, tips and tools to help you make the best choices about your health and wellbeing.',
    [
      { href: '/live-well/exercise/', text: 'Exercise', description: 'How much physical activity adults need, and ideas to get started.' },
      { href: '/live-well/exercise/warm-up-video', text: 'Warm-up exercises: video', description: 'A short video to watch before you start exercising.' },
    ],
    [
      bmiTool,
      { href: '/health-assessment-tools/calculate-your-heart-age', text: 'Calculate your heart age', description: 'Find out your risk of having a heart attack or stroke.' },
      { href: '/healthier-families/recipes/', text: 'Healthy recipes', description: 'Quick, easy and tasty recipes for the whole family.' },
    ],
  ),
  hubPage(
    'mental-health',
    'Mental health',
    'Information and support for your mental health, and how to get help if you’re struggling.',
    [{ href: '/mental-health/conditions/stress/', text: 'Stress', description: 'Symptoms of stress, things you can try yourself and when to get help.' }],
  ),
  hubPage(
    'pregnancy',
    'Pregnancy',
    'Information to help you have a healthy pregnancy, from planning to giving birth.',
    [{ href: '/pregnancy/keeping-well/vaccinations/', text: 'Vaccinations in pregnancy', description: 'Which vaccines are recommended in pregnancy to protect you and your baby.' }],
    [{ href: '/baby/', text: 'Your baby', description: 'Caring for a newborn baby.' }],
  ),
  hubPage(
    'nhs-services',
    'NHS services',
    'How to find and use NHS services, including GP surgeries, prescriptions and pharmacies.',
    [
      { href: '/nhs-services/gps/how-to-register-with-a-gp-surgery/', text: 'How to register with a GP surgery', description: 'Register online or by contacting the surgery.' },
      { href: '/nhs-services/prescriptions/how-to-order-a-repeat-prescription', text: 'How to order a repeat prescription', description: 'Ways to order the medicines you take regularly.' },
      { href: '/nhs-services/online-services/how-to-order-a-repeat-prescription', text: 'Order a repeat prescription online', description: 'Use the NHS App or an online service to order your prescription.' },
    ],
    [{ href: '/service-search', text: 'Find NHS services', description: 'Find pharmacies and compare hospitals near you.' }],
  ),
  hubPage(
    'symptoms',
    'Symptoms',
    'Find out what a symptom could mean, what you can do yourself and when to get medical help.',
    [{ href: '/symptoms/headaches/', text: 'Headaches', description: 'Most headaches are not serious. How to ease a headache and when to get help.' }],
    [{ href: '/conditions/', text: 'Health A to Z', description: 'Conditions, symptoms and treatments.' }],
  ),
  hubPage(
    'vaccinations',
    'Vaccinations',
    'Find out about NHS vaccinations, who can get them and how to book.',
    [{ href: '/vaccinations/flu-vaccine/', text: 'Flu vaccine', description: 'Who should have the flu vaccine and where to get it.' }],
    [
      { href: '/book-a-coronavirus-vaccination', text: 'Book a COVID-19 vaccination', description: 'Book, cancel or change your vaccination appointment.' },
      { href: '/pregnancy/keeping-well/vaccinations/', text: 'Vaccinations in pregnancy', description: 'Vaccines that protect you and your baby.' },
    ],
  ),
  hubPage(
    'baby',
    'Your baby',
    'Advice on caring for your baby, from the first days to their first year.',
    [{ href: '/baby/caring-for-a-newborn/', text: 'Caring for a newborn baby', description: 'Washing, feeding and when to get help for your baby.' }],
    [{ href: '/pregnancy/', text: 'Pregnancy', description: 'A healthy pregnancy, from planning to giving birth.' }],
  ),
];

export const contentPages: DemoPage[] = [home, medicinesIndex, paracetamol, exercise, stress, pregnancyVaccinations, registerWithGp, headaches, fluVaccine, newborn, healthAtoZ, ...hubPages];
