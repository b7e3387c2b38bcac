// Synthetic properties for the scaling figures: mostly click rules on distinct selectors, some
// page-load rules, a few direct-call and custom-event rules, and data elements of every common
// source, in the proportions of a large site's property.
import { assertProperty, type Property, type PropertyInput } from '@tagwell/schema';

export interface GeneratedProperty {
  property: Property;
  rules: number;
  clickRules: number;
  pageLoadRules: number;
  directCallRules: number;
  customEventRules: number;
  dataElements: number;
  /** The element that exactly one click rule matches, as HTML, and its selector. */
  target: { html: string; selector: string };
  /** A direct-call identifier exactly one rule listens to. */
  directCall: string;
}

type RuleInput = NonNullable<PropertyInput['rules']>[number];
type DataElementInput = NonNullable<PropertyInput['dataElements']>[number];

/** Click selectors in four common shapes; the target uses the first. */
function clickSelector(i: number): string {
  switch (i % 4) {
    case 0:
      return `[data-track="cta-${i}"]`;
    case 1:
      return `#promo-${i}`;
    case 2:
      return `.card-${i} a`;
    default:
      return `a[href$="/offer-${i}"]`;
  }
}

function dataElement(j: number): DataElementInput {
  const name = `DE ${j}`;
  switch (j % 6) {
    case 0:
    case 1:
      return { name, type: 'data-layer', settings: { path: `page.attributes.field${j}` }, default: 'n/a', forceLowerCase: true, cleanText: true };
    case 2:
      return { name, type: 'query-parameter', settings: { name: `q${j}` }, default: '' };
    case 3:
      return { name, type: 'cookie', settings: { name: `c${j}` }, default: '' };
    case 4:
      return { name, type: 'meta-tag', settings: { name: `meta-${j}` }, default: '' };
    default:
      return { name, type: 'constant', settings: { value: `value ${j}` } };
  }
}

const eVar = (i: number) => `eVar${(i % 200) + 1}`;
const event = (i: number) => `event${(i % 500) + 10}`;

export function generateProperty(rules: number): GeneratedProperty {
  const pageLoadRules = Math.max(2, Math.round(rules * 0.06));
  const directCallRules = Math.max(1, Math.round(rules * 0.02));
  const customEventRules = Math.max(1, Math.round(rules * 0.02));
  const clickRules = rules - pageLoadRules - directCallRules - customEventRules;
  const dataElements = 10 + Math.round(rules / 10);
  const de = (i: number) => `%DE ${i % dataElements}%`;

  const list: RuleInput[] = [
    {
      name: 'Page view',
      order: 60,
      events: [{ type: 'dom-ready' }],
      actions: [
        {
          type: 'set-variables',
          settings: {
            variables: { pageName: '%Page Name%', channel: '%Primary Category%', ...Object.fromEntries(Array.from({ length: 8 }, (_, k) => [`prop${k + 1}`, de(k)])) },
            events: [{ name: 'event1' }],
          },
        },
        { type: 'send-beacon', settings: { type: 'page' } },
      ],
    },
  ];
  for (let i = 1; i < pageLoadRules; i++) {
    list.push({
      name: `Section ${i} page load`,
      order: 40,
      events: [{ type: 'dom-ready' }],
      conditions: [{ type: 'path', settings: { pattern: `^/section-${i}(/|$)` } }],
      actions: [{ type: 'set-variables', settings: { variables: { [eVar(i)]: de(i), prop20: `section ${i}` }, events: [{ name: event(i) }] } }],
    });
  }
  const linkRule = (name: string, events: RuleInput['events'], i: number): RuleInput => ({
    name,
    events,
    actions: [
      { type: 'set-variables', settings: { variables: { eVar17: name, [eVar(i + 20)]: de(i) }, events: [{ name: event(i) }] } },
      { type: 'send-beacon', settings: { type: 'link', linkName: name } },
    ],
  });
  for (let i = 0; i < clickRules; i++) list.push(linkRule(`Link ${i}`, [{ type: 'click', settings: { selector: clickSelector(i) } }], i));
  for (let i = 0; i < directCallRules; i++) list.push(linkRule(`Direct call ${i}`, [{ type: 'direct-call', settings: { id: `bench-direct-${i}` } }], i));
  for (let i = 0; i < customEventRules; i++) list.push(linkRule(`Custom event ${i}`, [{ type: 'custom-event', settings: { eventType: `bench-event-${i}` } }], i));

  const env = (host: string) => ({ hosts: [host], reportSuites: ['benchscale'] });
  const document: PropertyInput = {
    name: `bench-scale-${rules}`,
    settings: { trackingServer: 'www.health.localhost', currency: 'GBP' },
    environments: { development: env('dev.health.localhost'), staging: env('staging.health.localhost'), production: env('www.health.localhost') },
    dataElements: [
      { name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' }, default: 'N/A', forceLowerCase: true, cleanText: true },
      { name: 'Primary Category', type: 'data-layer', settings: { path: 'page.category.primaryCategory' }, default: 'not available' },
      ...Array.from({ length: dataElements }, (_, j) => dataElement(j)),
    ],
    rules: list,
  };
  // The middle click rule of the first selector shape.
  const k = Math.floor(clickRules / 8) * 4;
  return {
    property: assertProperty(document, `generated property of ${rules} rules`),
    rules,
    clickRules,
    pageLoadRules,
    directCallRules,
    customEventRules,
    dataElements: dataElements + 2,
    target: { html: `<button type="button" data-track="cta-${k}">Target</button>`, selector: `[data-track="cta-${k}"]` },
    directCall: 'bench-direct-0',
  };
}
