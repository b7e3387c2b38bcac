// A small health-site property, its SDR (built as the server builds it) and beacons for the tests.
import { assertProperty, buildSdr } from '@tagwell/schema';
import type { Beacon, DemoPage, PropertyDetail } from '../../lib/types';

export const property = assertProperty({
  name: 'health-site',
  settings: { trackingServer: 'metrics.health.localhost' },
  environments: {
    development: { hosts: ['dev.health.localhost'], reportSuites: ['nhsukdev'] },
    staging: { hosts: ['staging.health.localhost'], reportSuites: ['nhsukstaging'] },
    production: { hosts: ['www.health.localhost', 'nhs.example.org'], reportSuites: ['nhsukprod'] },
  },
  dataElements: [
    { name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' } },
    { name: 'Search Keyword', type: 'query-parameter', settings: { name: 'q' } },
  ],
  rules: [
    {
      name: 'Global page view',
      events: [{ type: 'library-loaded' }],
      conditions: [
        { type: 'host', settings: { pattern: '\\.health\\.localhost$' } },
        { type: 'path', negate: true, settings: { pattern: '^/test-and-trace/' } },
      ],
      exceptions: [{ type: 'query-parameter', settings: { name: 'preview', value: '1' } }],
      actions: [
        { type: 'set-variables', settings: { variables: { pageName: '%Page Name%', eVar10: '%Search Keyword%' }, events: [{ name: 'event1' }] } },
        { type: 'send-beacon', settings: { type: 'page' } },
      ],
    },
    {
      name: 'Feedback: Yes',
      events: [{ type: 'click', settings: { selector: '.feedback-yes' } }],
      conditions: [{ type: 'value-comparison', settings: { left: '%Page Name%', operator: 'contains', right: 'conditions' } }],
      actions: [
        { type: 'set-variables', settings: { variables: { eVar35: 'yes' }, events: [{ name: 'event25' }], contextData: { 'tool.bpReadingProvided': 'yes' } } },
        { type: 'send-beacon', settings: { type: 'link', linkName: 'Feedback: Yes' } },
      ],
    },
  ],
  sdr: {
    pageName: 'Page Name: lower-cased, cleaned',
    eVar10: 'search keyword (a postcode becomes postcode na)',
    eVar35: 'feedback answer: yes or no',
    event1: 'page view',
    event25: 'feedback',
    'tool.bpReadingProvided': 'health tool: blood pressure reading provided',
  },
});

export const sdr = buildSdr(property);

export const propertyDetail: PropertyDetail = {
  name: 'health-site',
  latest: { version: 3, document: property, createdBy: 'ana', createdAt: '2026-11-20T10:00:00.000Z', note: null },
  environments: {},
};

export const demoPages: DemoPage[] = [
  { url: 'http://dev.health.localhost:8080/conditions/asthma/', host: 'dev.health.localhost:8080', path: '/conditions/asthma/', title: 'Asthma', environment: 'development' },
  { url: 'http://dev.health.localhost:8080/search/?q=flu', host: 'dev.health.localhost:8080', path: '/search/?q=flu', title: 'Search', environment: 'development' },
  { url: 'http://www.health.localhost:8080/conditions/asthma/', host: 'www.health.localhost:8080', path: '/conditions/asthma/', title: 'Asthma', environment: 'production' },
];

export const pageView = (extra: Partial<Beacon> = {}): Beacon => ({
  id: '101',
  receivedAt: '2026-11-21T09:30:00.000Z',
  reportSuites: ['nhsukdev'],
  hitType: 'page',
  linkType: null,
  linkName: null,
  variables: {
    pageName: 'nhs:conditions:asthma',
    pageURL: 'http://dev.health.localhost:8080/conditions/asthma/',
    eVar10: 'asthma',
    events: ['event1'],
    currencyCode: 'GBP',
  },
  contextData: {},
  query: 'AQB=1&pageName=nhs%3Aconditions%3Aasthma&v10=asthma&events=event1&AQE=1',
  ...extra,
});

export const feedbackHit = (extra: Partial<Beacon> = {}): Beacon => ({
  id: '102',
  receivedAt: '2026-11-21T09:31:00.000Z',
  reportSuites: ['nhsukdev'],
  hitType: 'link',
  linkType: 'o',
  linkName: 'Feedback: Yes',
  variables: {
    pageName: 'nhs:conditions:asthma',
    pageURL: 'http://dev.health.localhost:8080/conditions/asthma/',
    eVar35: 'yes',
    eVar99: 'stray',
    linkType: 'o',
    linkName: 'Feedback: Yes',
    events: ['event25'],
  },
  contextData: { 'tool.bpReadingProvided': 'yes' },
  query: 'AQB=1&pe=lnk_o&pev2=Feedback%3A%20Yes&AQE=1',
  ...extra,
});
