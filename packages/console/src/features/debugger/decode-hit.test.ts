import { describe, expect, it } from 'vitest';
import { decodeHit, hitTitle } from './decode-hit';
import { feedbackHit, pageView, sdr } from './test-fixtures';

describe('decodeHit', () => {
  it('names every variable with its query key, value and SDR meaning, events and context data after', () => {
    expect(decodeHit(pageView(), sdr)).toEqual([
      { name: 'pageName', query: 'pageName', value: 'nhs:conditions:asthma', meaning: 'Page Name: lower-cased, cleaned', inSdr: true },
      { name: 'pageURL', query: 'g', value: 'http://dev.health.localhost:8080/conditions/asthma/', meaning: 'page URL, with denied query parameters removed', inSdr: true },
      { name: 'eVar10', query: 'v10', value: 'asthma', meaning: 'search keyword (a postcode becomes postcode na)', inSdr: true },
      { name: 'currencyCode', query: 'cc', value: 'GBP', meaning: 'currency code', inSdr: true },
      { name: 'event1', query: 'events', value: 'set', meaning: 'page view', inSdr: true },
    ]);
  });

  it('marks what the SDR does not know and reads context data', () => {
    const rows = decodeHit(feedbackHit(), sdr);
    expect(rows.find((r) => r.name === 'eVar99')).toEqual({ name: 'eVar99', query: 'v99', value: 'stray', meaning: '', inSdr: false });
    expect(rows.find((r) => r.name === 'linkType')).toEqual({ name: 'linkType', query: 'pe', value: 'o', meaning: 'link type of a link hit: lnk_o, lnk_d or lnk_e', inSdr: true });
    expect(rows.at(-1)).toEqual({
      name: 'tool.bpReadingProvided',
      query: 'c.tool.bpReadingProvided',
      value: 'yes',
      meaning: 'health tool: blood pressure reading provided',
      inSdr: true,
    });
  });

  it('still decodes keys without the SDR', () => {
    expect(decodeHit(pageView(), undefined).map((r) => [r.query, r.inSdr])).toEqual([
      ['pageName', false],
      ['g', false],
      ['v10', false],
      ['cc', false],
      ['events', false],
    ]);
  });
});

describe('hitTitle', () => {
  it('says page view with the page name, or the link type with the link name', () => {
    expect(hitTitle(pageView())).toBe('Page view: nhs:conditions:asthma');
    expect(hitTitle(feedbackHit())).toBe('Link (custom link): Feedback: Yes');
    expect(hitTitle(feedbackHit({ linkType: 'e', linkName: null }))).toBe('Link (exit link): (no link name)');
    expect(hitTitle(pageView({ variables: {} }))).toBe('Page view: (no page name)');
  });
});
