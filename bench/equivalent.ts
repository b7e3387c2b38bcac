// The same two rules for both engines: a page view on DOM ready and the "Feedback: Yes" link
// hit, with the data layer fields the health-site property reads for its page view. From this
// one description come a Tagwell property document and an Adobe Tags container.
import { assertProperty, type Property, type PropertyInput } from '@tagwell/schema';

export interface EquivalentDataElement {
  name: string;
  /** Under window.digitalData. */
  path: string;
  default: string;
}

export const REPORT_SUITE = 'nhsukprod';
export const CURRENCY = 'GBP';

export const DATA_ELEMENTS: readonly EquivalentDataElement[] = [
  { name: 'Page Name', path: 'page.pageInfo.pageName', default: 'N/A' },
  { name: 'Primary Category', path: 'page.category.primaryCategory', default: 'not available' },
  { name: 'Sub Category1', path: 'page.category.subCategory1', default: 'not available' },
  { name: 'Sub Category2', path: 'page.category.subCategory2', default: 'not available' },
  { name: 'Sub Category3', path: 'page.category.subCategory3', default: 'not available' },
  { name: 'Sub Category4', path: 'page.category.subCategory4', default: 'not available' },
  { name: 'Page Type', path: 'page.pageInfo.pageType', default: 'N/A' },
  { name: 'Page Group', path: 'page.pageInfo.pageGroup', default: 'N/A' },
  { name: 'Page Function', path: 'page.pageInfo.pageFunction', default: 'N/A' },
  { name: 'Page Content Link', path: 'page.pageContentLink', default: '' },
];

/** Page-view variables: each from a data element above. */
export const PAGE_VIEW = {
  variables: {
    pageName: '%Page Name%',
    channel: '%Primary Category%',
    prop1: '%Sub Category1%',
    prop2: '%Sub Category2%',
    prop3: '%Sub Category3%',
    prop4: '%Sub Category4%',
    prop6: '%Page Type%',
    prop7: '%Page Group%',
    prop8: '%Page Function%',
    prop10: '%Page Content Link%',
  } as Record<string, string>,
  events: ['event1'],
};

/** The health-site property's "Feedback: Yes" rule; the button is on every article page. */
export const CLICK = {
  selector: '.app-feedback__yes',
  linkName: 'Feedback: Yes',
  variables: { eVar35: 'yes', eVar17: 'Feedback: Yes' } as Record<string, string>,
  events: ['event25'],
};

export function equivalentProperty(): Property {
  const env = (hosts: string[]) => ({ hosts, reportSuites: [REPORT_SUITE] });
  const document: PropertyInput = {
    name: 'bench-equivalent',
    title: 'Bench: the page-view and click rules of the Adobe-engine container',
    settings: { trackingServer: 'metrics.health.localhost', currency: CURRENCY },
    environments: { development: env(['dev.health.localhost']), staging: env(['staging.health.localhost']), production: env(['www.health.localhost']) },
    dataElements: DATA_ELEMENTS.map((d) => ({ name: d.name, type: 'data-layer', settings: { path: d.path }, default: d.default, forceLowerCase: true, cleanText: true })),
    rules: [
      {
        name: 'Page view',
        events: [{ type: 'dom-ready' }],
        actions: [
          { type: 'set-variables', settings: { variables: PAGE_VIEW.variables, events: PAGE_VIEW.events.map((name) => ({ name })) } },
          { type: 'send-beacon', settings: { type: 'page' } },
        ],
      },
      {
        name: `Link: ${CLICK.linkName}`,
        events: [{ type: 'click', settings: { selector: CLICK.selector } }],
        actions: [
          { type: 'set-variables', settings: { variables: CLICK.variables, events: CLICK.events.map((name) => ({ name })) } },
          { type: 'send-beacon', settings: { type: 'link', linkName: CLICK.linkName } },
        ],
      },
    ],
  };
  return assertProperty(document, 'bench equivalent property');
}
