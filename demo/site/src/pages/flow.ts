// Question-per-page flows (register a kit, report a result, order tests, get a test).
import { backLink, buttonLink, definePage, inset, radios, stepForm, type RadioOption } from '../components';
import { dataLayer, type DataLayerInput } from '../data-layer';
import { html, type Html } from '../html';
import type { DemoPage } from '../types';

export interface QuestionStep {
  path: string;
  /** `section:sub-section:page`; the first part is the primary category. */
  pageName: string;
  question: string;
  options: readonly RadioOption[];
  next: string;
  back?: string;
  hint?: string;
  /** Fields beyond the page blocks: `choices`, `user`, `orgType`, … */
  data?: Omit<DataLayerInput, 'pageName' | 'primaryCategory'>;
  after?: Html;
  button?: string;
}

function categories(pageName: string): { primaryCategory: string; subCategories: string[] } {
  const [primaryCategory = '', ...subCategories] = pageName.split(':');
  return { primaryCategory, subCategories };
}

/** One question: radios that submit to the next step. */
export function questionPage(step: QuestionStep): DemoPage {
  const name = step.path.split('/').filter(Boolean).pop() ?? 'answer';
  const opts: { hint?: string } = {};
  if (step.hint) opts.hint = step.hint;
  return definePage({
    path: step.path,
    title: step.question,
    digitalData: dataLayer({ pageName: step.pageName, ...categories(step.pageName), pageType: 'transaction', pageFunction: 'question', ...step.data }),
    body: html`${step.back ? backLink(step.back) : ''}<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">${stepForm(step.next, radios(name, step.question, step.options, opts), step.button)}${step.after ?? ''}</div></div>`,
  });
}

export interface StartStep {
  path: string;
  pageName: string;
  title: string;
  lede: string;
  body: Html;
  next: string;
  data?: Omit<DataLayerInput, 'pageName' | 'primaryCategory'>;
}

/** A service start page with a Start now button. */
export function startPage(step: StartStep): DemoPage {
  return definePage({
    path: step.path,
    title: step.title,
    digitalData: dataLayer({ pageName: step.pageName, ...categories(step.pageName), pageType: 'transaction', pageFunction: 'start', ...step.data }),
    body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds"><h1>${step.title}</h1><p class="nhsuk-lede-text">${step.lede}</p>${step.body}${buttonLink(step.next, 'Start now')}</div></div>`,
  });
}

export const YES_NO: RadioOption[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

export const LOGIN_CHOICE: RadioOption[] = [
  { value: 'nhs-login', label: 'Yes, log in with NHS login', hint: 'You will not have to enter your details again next time.' },
  { value: 'continue', label: 'No, continue without logging in' },
];

export const privacyNote = inset(html`<p>We will only use your answers to register your test and to help control the spread of coronavirus.</p>`);
