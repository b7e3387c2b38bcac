// NHS.UK frontend markup (nhsuk-frontend v10) plus the demo's own hooks (docs/HEALTH-SITE.md).
import { LIVE_HOST, STITCHING_HOSTS } from './hosts';
import { html, hostUrl, raw, type Html, type Markup } from './html';
import type { DemoPage, DigitalData } from './types';

export interface PageInput {
  host?: string;
  path: string;
  title: string;
  digitalData: DigitalData;
  meta?: Record<string, string>;
  body: Html;
}

/** A registry entry; the live host unless another is named. */
export function definePage(input: PageInput): DemoPage {
  const page: DemoPage = { host: input.host ?? LIVE_HOST, path: input.path, title: input.title, digitalData: input.digitalData, body: input.body.toString() };
  if (input.meta) page.meta = input.meta;
  return page;
}

const ARROW_RIGHT_CIRCLE = raw(
  '<svg class="nhsuk-icon nhsuk-icon--arrow-right-circle" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="16" height="16" focusable="false" aria-hidden="true"><path d="M12 2a10 10 0 0 0-10 9h11.7l-4-4a1 1 0 0 1 1.5-1.4l5.6 5.7a1 1 0 0 1 0 1.4l-5.6 5.7a1 1 0 0 1-1.5 0 1 1 0 0 1 0-1.4l4-4H2A10 10 0 1 0 12 2z"/></svg>',
);

/** Attributes from a record; values escaped. */
export function attrs(values: Record<string, string | undefined> = {}): Html {
  return html`${Object.entries(values)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => html` ${raw(k.replace(/[^a-zA-Z0-9_:.-]/g, ''))}="${v}"`)}`;
}

export function actionLink(href: string, text: string, extra: Record<string, string> = {}): Html {
  return html`<a class="nhsuk-action-link" href="${href}"${attrs(extra)}>${ARROW_RIGHT_CIRCLE}<span class="nhsuk-action-link__text">${text}</span></a>`;
}

export function paragraphs(...texts: string[]): Html {
  return html`${texts.map((t) => html`<p>${t}</p>`)}`;
}

export function list(items: readonly Markup[]): Html {
  return html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`;
}

export function inset(content: Markup): Html {
  return html`<div class="nhsuk-inset-text"><span class="nhsuk-u-visually-hidden">Information: </span>${content}</div>`;
}

export function warningCallout(heading: string, content: Markup): Html {
  return html`<div class="nhsuk-card nhsuk-card--warning"><div class="nhsuk-card__content"><h3 class="nhsuk-card__heading">${heading}</h3>${content}</div></div>`;
}

export function careCard(kind: 'non-urgent' | 'urgent', heading: string, content: Markup): Html {
  const hidden = kind === 'urgent' ? 'Urgent advice: ' : 'Non-urgent advice: ';
  return html`<div class="nhsuk-card nhsuk-card--care nhsuk-card--care--${kind}"><div class="nhsuk-card__heading-container"><h3 class="nhsuk-card__heading"><span role="text"><span class="nhsuk-u-visually-hidden">${hidden}</span>${heading}</span></h3><span class="nhsuk-card--care__arrow" aria-hidden="true"></span></div><div class="nhsuk-card__content">${content}</div></div>`;
}

export function details(summary: string, content: Markup, className = ''): Html {
  return html`<details class="nhsuk-details${className ? ` ${className}` : ''}"><summary class="nhsuk-details__summary"><span class="nhsuk-details__summary-text">${summary}</span></summary><div class="nhsuk-details__text">${content}</div></details>`;
}

/** SPEC §2: 'Did this information help you?' with Yes and No (event25). */
export function feedback(): Html {
  return html`<section class="app-feedback" aria-labelledby="app-feedback-heading">
<h2 class="nhsuk-heading-s" id="app-feedback-heading">Did this information help you?</h2>
<div class="app-feedback__buttons">
<button type="button" class="nhsuk-button nhsuk-button--secondary nhsuk-button--small app-feedback__yes" value="yes">Yes</button>
<button type="button" class="nhsuk-button nhsuk-button--secondary nhsuk-button--small app-feedback__no" value="no">No</button>
</div>
<p class="app-feedback__thanks" role="status" hidden>Thank you for your feedback.</p>
</section>`;
}

export const FIND_A_PHARMACY_PATH = '/service-search/pharmacy/find-a-pharmacy';

/** SPEC §7: the 'Find a Pharmacy' link. */
export function findPharmacyLink(text = 'Find a pharmacy'): Html {
  return actionLink(FIND_A_PHARMACY_PATH, text, { 'data-link': 'find-a-pharmacy' });
}

/** SPEC §7: the 'Request a Home Test' link. */
export function requestHomeTestLink(text = 'Request a home test'): Html {
  return actionLink('/order-lateral-flow-kits/', text, { 'data-link': 'request-a-home-test' });
}

export interface Card {
  name: string;
  type: string;
  href: string;
  heading: string;
  description: string;
}

/** Clickable cards with their card details (event20). */
export function cardGrid(cards: readonly Card[], extra: Record<string, string> = {}): Html {
  return html`<ul class="nhsuk-grid-row nhsuk-card-group"${attrs(extra)}>${cards.map(
    (card, i) => html`<li class="nhsuk-grid-column-one-third nhsuk-card-group__item">
<div class="nhsuk-card nhsuk-card--clickable" data-card-name="${card.name}" data-card-type="${card.type}" data-card-rank="${String(i + 1)}">
<div class="nhsuk-card__content">
<h2 class="nhsuk-card__heading nhsuk-heading-s"><a class="nhsuk-card__link" href="${card.href}">${card.heading}</a></h2>
<p class="nhsuk-card__description">${card.description}</p>
</div></div></li>`,
  )}</ul>`;
}

export interface RadioOption {
  value: string;
  label: string;
  hint?: string;
}

export interface RadiosOptions {
  hint?: string;
  checked?: string;
  heading?: boolean;
  inline?: boolean;
  /** `data-question` on each input: the vaccination flow keeps the last answer as 'Question: Answer' (SPEC §4). */
  question?: string;
}

export function radios(name: string, legend: string, options: readonly RadioOption[], opts: RadiosOptions = {}): Html {
  const legendInner = opts.heading === false ? html`${legend}` : html`<h1 class="nhsuk-fieldset__heading">${legend}</h1>`;
  const legendClass = opts.heading === false ? 'nhsuk-fieldset__legend--m' : 'nhsuk-fieldset__legend--l';
  return html`<div class="nhsuk-form-group"><fieldset class="nhsuk-fieldset"${opts.hint ? html` aria-describedby="${name}-hint"` : ''}>
<legend class="nhsuk-fieldset__legend ${legendClass}">${legendInner}</legend>
${opts.hint ? html`<div class="nhsuk-hint" id="${name}-hint">${opts.hint}</div>` : ''}
<div class="nhsuk-radios${opts.inline ? ' nhsuk-radios--inline' : ''}" data-module="nhsuk-radios">${options.map(
    (o, i) => html`<div class="nhsuk-radios__item">
<input class="nhsuk-radios__input" id="${name}-${String(i + 1)}" name="${name}" type="radio" value="${o.value}"${opts.checked === o.value ? raw(' checked') : ''}${attrs({ 'data-question': opts.question, 'aria-describedby': o.hint ? `${name}-${String(i + 1)}-hint` : undefined })}>
<label class="nhsuk-label nhsuk-radios__label" for="${name}-${String(i + 1)}">${o.label}</label>
${o.hint ? html`<div class="nhsuk-hint nhsuk-radios__hint" id="${name}-${String(i + 1)}-hint">${o.hint}</div>` : ''}
</div>`,
  )}</div></fieldset></div>`;
}

export interface TextInputOptions {
  hint?: string;
  type?: string;
  width?: number;
  name?: string;
  value?: string;
  suffix?: string;
  inputmode?: string;
}

export function textInput(id: string, label: string, opts: TextInputOptions = {}): Html {
  const input = html`<input class="nhsuk-input${opts.width ? ` nhsuk-input--width-${String(opts.width)}` : ''}"${attrs({
    id,
    name: opts.name,
    type: opts.type ?? 'text',
    value: opts.value,
    inputmode: opts.inputmode,
    'aria-describedby': opts.hint ? `${id}-hint` : undefined,
  })}>`;
  return html`<div class="nhsuk-form-group"><label class="nhsuk-label" for="${id}">${label}</label>
${opts.hint ? html`<div class="nhsuk-hint" id="${id}-hint">${opts.hint}</div>` : ''}
${opts.suffix ? html`<div class="nhsuk-input-wrapper">${input}<div class="nhsuk-input__suffix" aria-hidden="true">${opts.suffix}</div></div>` : input}</div>`;
}

export function submitButton(text = 'Continue', extra: Record<string, string> = {}): Html {
  const { class: className, ...rest } = extra;
  return html`<button class="nhsuk-button${className ? ` ${className}` : ''}" data-module="nhsuk-button" type="submit"${attrs(rest)}>${text}</button>`;
}

export function button(text: string, extra: Record<string, string> = {}): Html {
  const { class: className, ...rest } = extra;
  return html`<button class="nhsuk-button${className ? ` ${className}` : ''}" data-module="nhsuk-button" type="button"${attrs(rest)}>${text}</button>`;
}

export function buttonLink(href: string, text: string, extra: Record<string, string> = {}): Html {
  const { class: className, ...rest } = extra;
  return html`<a class="nhsuk-button${className ? ` ${className}` : ''}" data-module="nhsuk-button" href="${href}" role="button" draggable="false"${attrs(rest)}>${text}</a>`;
}

export function backLink(href: string, text = 'Back'): Html {
  return html`<div class="nhsuk-back-link"><a class="nhsuk-back-link" href="${href}">${text}</a></div>`;
}

export function summaryList(rows: ReadonlyArray<[string, Markup]>): Html {
  return html`<dl class="nhsuk-summary-list">${rows.map(([k, v]) => html`<div class="nhsuk-summary-list__row"><dt class="nhsuk-summary-list__key">${k}</dt><dd class="nhsuk-summary-list__value">${v}</dd></div>`)}</dl>`;
}

/** A GET form to the next step: the demo keeps answers in the page, not on a server. */
export function stepForm(next: string, content: Markup, button = 'Continue'): Html {
  return html`<form action="${next}" method="get" novalidate>${content}${submitButton(button)}</form>`;
}

/**
 * The e-mail sign-up form: dispatches `email-signup` with `{ list }` (event11). The
 * confirmation link of the e-mail leads to `confirmPath`, a page whose page function is
 * 'email sign-up complete' (event12).
 */
export function emailSignup(list: string, heading: string, text: string, confirmPath: string): Html {
  return html`<section class="app-email-signup" aria-labelledby="email-signup-${list}">
<div class="nhsuk-card"><div class="nhsuk-card__content">
<h2 class="nhsuk-card__heading nhsuk-heading-m" id="email-signup-${list}">${heading}</h2>
<p class="nhsuk-card__description">${text}</p>
<form class="app-email-signup__form" data-list="${list}" novalidate>
<div class="nhsuk-form-group"><label class="nhsuk-label" for="email-signup-${list}-email">Email address</label>
<p class="nhsuk-error-message app-email-signup__error" id="email-signup-${list}-error" hidden><span class="nhsuk-u-visually-hidden">Error:</span> Enter an email address in the correct format, like name@example.com</p>
<input class="nhsuk-input" id="email-signup-${list}-email" type="email" autocomplete="email" spellcheck="false"></div>
${submitButton('Sign up', { class: 'app-email-signup__submit' })}
</form>
<div class="app-email-signup__thanks" role="status" hidden><p>Thank you for signing up. We’ve sent you an email: open the link in it to confirm your address.</p>
<p class="nhsuk-body-s">Demo: <a href="${confirmPath}">open the confirmation link from the email</a>.</p></div>
</div></div></section>`;
}

export interface GalleryImage {
  src: string;
  alt: string;
  caption: string;
  description: string;
}

/** SPEC §2: image gallery with thumbnails and expandable image descriptions. */
export function gallery(id: string, images: readonly GalleryImage[]): Html {
  const [first] = images;
  if (!first) return html``;
  return html`<div class="app-gallery" id="${id}" data-gallery>
<figure class="nhsuk-image app-gallery__main"><img class="nhsuk-image__img app-gallery__image" src="${first.src}" alt="${first.alt}" width="640" height="400"><figcaption class="nhsuk-image__caption app-gallery__caption">${first.caption}</figcaption></figure>
<ul class="app-gallery__thumbnails" aria-label="More images">${images.map(
    (img, i) => html`<li><button type="button" class="app-gallery__thumbnail" data-index="${String(i)}" data-src="${img.src}" data-alt="${img.alt}" data-caption="${img.caption}" aria-pressed="${i === 0 ? 'true' : 'false'}" aria-label="Show image ${String(i + 1)}: ${img.alt}"><img src="${img.src}" alt="" width="120" height="75"></button></li>`,
  )}</ul>
${images.map((img, i) =>
  html`<div class="app-gallery__description" data-index="${String(i)}"${i === 0 ? '' : raw(' hidden')}>${details(`Image description: ${img.alt}`, html`<p>${img.description}</p>`, 'app-image-description')}</div>`,
)}
</div>`;
}

/** Links to the allow-listed stitching hosts (SPEC §7: rewritten to carry the stitching id). */
export function otherServices(heading = 'Other NHS services'): Html {
  const [enquiries, staffCheck, testAndTrace] = STITCHING_HOSTS;
  return html`<nav class="nhsuk-related-nav app-other-services" aria-labelledby="app-other-services">
<h2 class="nhsuk-heading-s" id="app-other-services">${heading}</h2>
<ul class="nhsuk-list">
<li><a href="${hostUrl(enquiries, '/')}">Contact the NHS website team</a></li>
<li><a href="${hostUrl(staffCheck, '/')}">Check your COVID-19 vaccination as a health or care worker</a></li>
<li><a href="${hostUrl(testAndTrace, '/')}">NHS Test and Trace</a></li>
</ul></nav>`;
}

export function pageHeading(text: string, lede?: string): Html {
  return html`<h1>${text}</h1>${lede ? html`<p class="nhsuk-lede-text">${lede}</p>` : ''}`;
}

/** Page review dates, as on every NHS content page. */
export function reviewDates(last: string, next: string): Html {
  return html`<div class="nhsuk-review-date"><p class="nhsuk-body-s">Page last reviewed: ${last}<br>Next review due: ${next}</p></div>`;
}

/** An article: content, then feedback and review dates. */
export function article(content: Markup, opts: { reviewed?: [string, string]; related?: Markup } = {}): Html {
  const [last, next] = opts.reviewed ?? ['12 March 2024', '12 March 2027'];
  return html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">${content}${reviewDates(last, next)}${feedback()}</div>${opts.related ? html`<div class="nhsuk-grid-column-one-third">${opts.related}</div>` : ''}</div>`;
}
