// SPEC §2: /conditions/, and /conditions/chickenpox and /conditions/hives with an image gallery.
import { article, careCard, definePage, details, findPharmacyLink, gallery, inset, list, otherServices, pageHeading, paragraphs } from '../components';
import { dataLayer } from '../data-layer';
import { html } from '../html';
import type { DemoPage } from '../types';

const img = (name: string) => `/assets/gallery/${name}`;

export const conditionIndex = definePage({
  path: '/conditions/',
  title: 'Health A to Z',
  digitalData: dataLayer({ pageName: 'conditions:a-z', primaryCategory: 'conditions', subCategories: ['a-z'], pageType: 'hub' }),
  body: html`${pageHeading('Health A to Z', 'Find out about conditions, symptoms and treatments, including what to do and when to get help.')}
<nav class="nhsuk-u-margin-bottom-6" aria-label="A to Z"><ul class="nhsuk-list nhsuk-list--bullet">
<li><a href="/conditions/chickenpox">Chickenpox</a></li>
<li><a href="/conditions/hives">Hives</a></li>
<li><a href="/symptoms/headaches/">Headaches</a></li>
<li><a href="/mental-health/conditions/stress/">Stress</a></li>
</ul></nav>
<p>Can't find what you're looking for? Try the <a href="/health-a-z/">A to Z of health topics</a> or the <a href="/medicines/">medicines A to Z</a>.</p>`,
});

export const chickenpox = definePage({
  path: '/conditions/chickenpox',
  title: 'Chickenpox',
  digitalData: dataLayer({
    pageName: 'conditions:chickenpox',
    primaryCategory: 'conditions',
    subCategories: ['chickenpox'],
    pageType: 'article',
    pageGroup: 'health a-z',
  }),
  body: article(
    html`${pageHeading('Chickenpox', 'Chickenpox is common and mostly affects children, although you can get it at any age. It usually gets better by itself after 1 to 2 weeks without needing to see a GP.')}
<h2>Check if you or your child has chickenpox</h2>
<p>The main symptom of chickenpox is an itchy, spotty rash. It can appear anywhere on the body. The spots fill with fluid and become blisters, then form a scab.</p>
${gallery('chickenpox-gallery', [
  {
    src: img('chickenpox-spots.svg'),
    alt: 'Small red spots on the chest of a child',
    caption: 'The rash starts as small spots. They can be raised and itchy.',
    description: 'Close-up of a child’s chest covered in small, raised red spots, some of them starting to fill with clear fluid.',
  },
  {
    src: img('chickenpox-blisters.svg'),
    alt: 'Blisters on brown skin',
    caption: 'The spots fill with fluid and become blisters. The blisters can burst.',
    description: 'Round, pale blisters scattered across brown skin. The skin around the blisters is slightly darker.',
  },
  {
    src: img('chickenpox-scabs.svg'),
    alt: 'Spots crusting over on white skin',
    caption: 'The spots form a scab. Some scabs are flaky while others leak fluid.',
    description: 'Dark brown scabs on pale skin where the blisters have dried. A few new spots are still visible.',
  },
])}
<p>Before or after the rash appears, you might also get a high temperature, aches and pains, and a loss of appetite.</p>
<h2>How to treat chickenpox yourself</h2>
${list(['drink plenty of fluid to avoid dehydration', 'take paracetamol to help with pain and discomfort', 'cut your child’s fingernails and put socks on their hands at night to stop scratching', 'use cooling creams or gels from a pharmacy'])}
<p>A pharmacist can help with chickenpox. They can give advice about the best treatment for you or your child, such as cooling gels or antihistamine medicine.</p>
${findPharmacyLink()}
${careCard('non-urgent', 'Ask for an urgent GP appointment if:', list(['you’re an adult and have chickenpox', 'you’re pregnant and have not had chickenpox before and you’ve been near someone with it', 'you think your newborn baby has chickenpox']))}
${details('How long chickenpox is infectious for', paragraphs('Chickenpox is infectious from 2 days before the spots appear until they have all formed a scab, usually 5 days after they appeared.'))}
${inset(html`<p>Stay away from school, nursery or work until all the spots have formed a scab.</p>`)}`,
    { related: otherServices() },
  ),
});

export const hives = definePage({
  path: '/conditions/hives',
  title: 'Hives',
  digitalData: dataLayer({
    pageName: 'conditions:hives',
    primaryCategory: 'conditions',
    subCategories: ['hives'],
    pageType: 'article',
    pageGroup: 'health a-z',
  }),
  body: article(
    html`${pageHeading('Hives', 'Hives (urticaria) is a raised rash that’s often itchy. It usually gets better within a few days.')}
<h2>Check if it’s hives</h2>
<p>The rash can be raised bumps or patches in many shapes and sizes. It can appear anywhere on the body and can move around. The patches can join together.</p>
${gallery('hives-gallery', [
  {
    src: img('hives-arm.svg'),
    alt: 'Raised red patches on the arm',
    caption: 'The rash can be raised bumps or patches, often on the arms and legs.',
    description: 'An arm with several raised, pink-red welts of different sizes, some joined together.',
  },
  {
    src: img('hives-back.svg'),
    alt: 'Raised patches on dark skin',
    caption: 'On brown and black skin the rash may be harder to see.',
    description: 'A back with raised patches slightly darker than the surrounding brown skin.',
  },
  {
    src: img('hives-face.svg'),
    alt: 'Swelling around the eyes',
    caption: 'Sometimes hives can cause swelling, often around the eyes, lips and hands.',
    description: 'A face with puffy skin around both eyes and a few red raised patches on the cheeks.',
  },
])}
<h2>A pharmacist can help with hives</h2>
<p>Speak to a pharmacist if the rash is very itchy or uncomfortable. They can recommend antihistamine tablets and tell you if you need to see a GP.</p>
${findPharmacyLink('Find a pharmacy near you')}
${careCard('urgent', 'Call 999 or go to A&E if:', list(['your lips, mouth, throat or tongue suddenly become swollen', 'you’re breathing very fast or struggling to breathe', 'you suddenly feel very confused, drowsy or dizzy']))}
${details('What causes hives', paragraphs('Hives happens when something causes high levels of histamine and other chemicals to be released in the skin.', 'This can be an allergy, an infection, a medicine, or something like heat or exercise. Often the cause is not known.'))}`,
    { reviewed: ['9 January 2024', '9 January 2027'] },
  ),
});

export const conditionPages: DemoPage[] = [conditionIndex, chickenpox, hives];
