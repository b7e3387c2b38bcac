import { describe, it, expect } from 'vitest';
import { AUTOMATIC_KEYS, allowedQueryKeys, buildSdr, renderSdrMarkdown } from './sdr';
import { assertProperty } from './validate';
import { doc } from './test-documents';


const page = { type: 'send-beacon', settings: { type: 'page' } };

const property = () =>
  assertProperty(
    doc({
      settings: { trackingServer: 'metrics.example.com', currency: 'EUR' },
      dataElements: [
        { name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' } },
        { name: 'Section', type: 'constant', settings: { value: 'health' } },
      ],
      rules: [
        {
          name: 'page view',
          events: [{ type: 'dom-ready' }],
          actions: [
            {
              type: 'set-variables',
              settings: {
                variables: { eVar10: '%Section%', prop10: 'p10', eVar2: '%Page Name%', pageName: '%Page Name%', prop2: 'p2', list1: 'a,b', hier1: 'a|b', channel: '%Section%' },
                events: [{ name: 'event10' }, { name: 'event2', value: '3' }, { name: 'purchase', id: '%event.detail.id%' }],
                contextData: { 'tool.name': 'bmi', 'a.first': '%Section%' },
              },
            },
            page,
          ],
        },
        {
          name: 'download',
          events: [{ type: 'click', settings: { selector: 'a.download' } }],
          actions: [
            { type: 'set-variables', settings: { variables: { eVar2: '%this.href%' }, events: [{ name: 'event1' }, { name: 'event2' }] } },
            { type: 'send-beacon', settings: { type: 'link', linkType: 'd', linkName: 'download: %this.href%' } },
          ],
        },
        {
          name: 'page beacon only',
          events: [{ type: 'window-loaded' }],
          actions: [page, { type: 'clear-variables' }],
        },
      ],
      sdr: { eVar2: 'page name | section', event2: 'downloads', 'tool.name': 'tool used', linkName: 'link name' },
    }),
  );

describe('buildSdr', () => {
  it('collects variables in order: fixed names, then props, eVars, hiers and lists by number', () => {
    const sdr = buildSdr(property());
    expect(sdr.variables).toEqual([
      { name: 'pageName', query: 'pageName', description: '', setBy: [{ rule: 'page view', value: '%Page Name%' }] },
      { name: 'channel', query: 'ch', description: '', setBy: [{ rule: 'page view', value: '%Section%' }] },
      { name: 'prop2', query: 'c2', description: '', setBy: [{ rule: 'page view', value: 'p2' }] },
      { name: 'prop10', query: 'c10', description: '', setBy: [{ rule: 'page view', value: 'p10' }] },
      {
        name: 'eVar2',
        query: 'v2',
        description: 'page name | section',
        setBy: [
          { rule: 'page view', value: '%Page Name%' },
          { rule: 'download', value: '%this.href%' },
        ],
      },
      { name: 'eVar10', query: 'v10', description: '', setBy: [{ rule: 'page view', value: '%Section%' }] },
      { name: 'hier1', query: 'h1', description: '', setBy: [{ rule: 'page view', value: 'a|b' }] },
      { name: 'list1', query: 'l1', description: '', setBy: [{ rule: 'page view', value: 'a,b' }] },
      { name: 'linkName', query: 'pev2', description: 'link name', setBy: [{ rule: 'download', value: 'download: %this.href%' }] },
    ]);
  });

  it('collects events in numeric order, standard events first', () => {
    expect(buildSdr(property()).events).toEqual([
      { name: 'purchase', query: 'events', description: '', setBy: [{ rule: 'page view', value: '%event.detail.id%' }] },
      { name: 'event1', query: 'events', description: '', setBy: [{ rule: 'download', value: '' }] },
      {
        name: 'event2',
        query: 'events',
        description: 'downloads',
        setBy: [
          { rule: 'page view', value: '3' },
          { rule: 'download', value: '' },
        ],
      },
      { name: 'event10', query: 'events', description: '', setBy: [{ rule: 'page view', value: '' }] },
    ]);
  });

  it('collects context data sorted by key, with c. query keys', () => {
    expect(buildSdr(property()).contextData).toEqual([
      { name: 'a.first', query: 'c.a.first', description: '', setBy: [{ rule: 'page view', value: '%Section%' }] },
      { name: 'tool.name', query: 'c.tool.name', description: 'tool used', setBy: [{ rule: 'page view', value: 'bmi' }] },
    ]);
  });

  it('names the property and its currency and lists the automatic keys', () => {
    const sdr = buildSdr(property());
    expect(sdr.property).toBe('health-site');
    expect(sdr.currency).toBe('EUR');
    expect(sdr.automatic).toBe(AUTOMATIC_KEYS);
    expect(AUTOMATIC_KEYS.map((a) => a.query)).toEqual(['AQB', 'ndh', 't', 'mid', 'ce', 'pageName', 'g', 'r', 'cc', 'pe', 'pev1', 'pev2', 's', 'c', 'k', 'bw', 'bh', 'AQE']);
  });

  it('is empty for a property without rules', () => {
    const sdr = buildSdr(assertProperty(doc()));
    expect(sdr).toEqual({ property: 'health-site', currency: 'GBP', variables: [], events: [], contextData: [], automatic: AUTOMATIC_KEYS });
  });
});

describe('allowedQueryKeys', () => {
  it('includes the automatic keys, events and the query keys of the variables set', () => {
    expect([...allowedQueryKeys(buildSdr(property()))]).toEqual([
      'AQB', 'ndh', 't', 'mid', 'ce', 'pageName', 'g', 'r', 'cc', 'pe', 'pev1', 'pev2', 's', 'c', 'k', 'bw', 'bh', 'AQE',
      'ch', 'c2', 'c10', 'v2', 'v10', 'h1', 'l1',
      'events',
    ]);
  });

  it('does not include variables no rule sets', () => {
    const keys = allowedQueryKeys(buildSdr(property()));
    expect(keys.has('v1')).toBe(false);
    expect(keys.has('c1')).toBe(false);
    expect(keys.has('v0')).toBe(false);
    expect(keys.has('events')).toBe(true);
    expect(keys.has('v10')).toBe(true);
  });

  it('is the automatic keys and events for a property without rules', () => {
    expect(allowedQueryKeys(buildSdr(assertProperty(doc())))).toEqual(new Set([...AUTOMATIC_KEYS.map((a) => a.query), 'events']));
  });
});

describe('renderSdrMarkdown', () => {
  it('renders a small SDR exactly', () => {
    const sdr = buildSdr(
      assertProperty(
        doc({
          rules: [
            {
              name: 'search',
              events: [{ type: 'custom-event', settings: { eventType: 'tw:search' } }],
              actions: [
                { type: 'set-variables', settings: { variables: { eVar5: 'a|b' }, events: [{ name: 'event3' }] } },
                { type: 'send-beacon', settings: { type: 'link', linkName: 'search' } },
              ],
            },
          ],
          sdr: { eVar5: 'search term\nwith | pipe', event3: 'searches' },
        }),
      ),
    );
    const head = '| variable | query | meaning | set by (rule: value) |\n| --- | --- | --- | --- |';
    expect(renderSdrMarkdown({ ...sdr, automatic: AUTOMATIC_KEYS.slice(0, 2) })).toBe(
      [
        '# Solution design reference: health-site',
        '',
        'Generated from the property document by `tagwell sdr`; do not edit by hand.',
        '',
        'Currency: `GBP` (`cc` on every hit).',
        '',
        '## Variables',
        head,
        '| eVar5 | `v5` | search term with \\| pipe | search: `a\\|b` |',
        '| linkName | `pev2` |  | search: `search` |',
        '',
        '## Events',
        '| event | query | meaning | set by (rule: value) |\n| --- | --- | --- | --- |',
        '| event3 | `events` | searches | search: `(set)` |',
        '',
        '## Sent on every hit by the tracker',
        '| query | meaning |\n| --- | --- |',
        '| `AQB` | start of the hit |\n| `ndh` | hit sent without document.write |',
        '',
      ].join('\n'),
    );
  });

  it('contains the variable, event, context data and automatic tables, with | escaped', () => {
    const markdown = renderSdrMarkdown(buildSdr(property()));
    expect(markdown).toContain('Currency: `EUR` (`cc` on every hit).');
    expect(markdown).toContain('## Variables\n| variable | query | meaning | set by (rule: value) |\n| --- | --- | --- | --- |\n| pageName | `pageName` |  | page view: `%Page Name%` |\n');
    expect(markdown).toContain('| eVar2 | `v2` | page name \\| section | page view: `%Page Name%`<br>download: `%this.href%` |\n');
    expect(markdown).toContain('| hier1 | `h1` |  | page view: `a\\|b` |\n');
    expect(markdown).toContain('## Events\n| event | query | meaning | set by (rule: value) |\n| --- | --- | --- | --- |\n| purchase | `events` |  | page view: `%event.detail.id%` |\n');
    expect(markdown).toContain('| event2 | `events` | downloads | page view: `3`<br>download: `(set)` |\n');
    expect(markdown).toContain(
      '## Context data\n| variable | query | meaning | set by (rule: value) |\n| --- | --- | --- | --- |\n| a.first | `c.a.first` |  | page view: `%Section%` |\n| tool.name | `c.tool.name` | tool used | page view: `bmi` |\n',
    );
    expect(markdown).toContain('## Sent on every hit by the tracker\n| query | meaning |\n| --- | --- |\n| `AQB` | start of the hit |\n');
    expect(markdown.endsWith('| `AQE` | end of the hit |\n')).toBe(true);
    // Every table row has exactly its columns: no unescaped | inside a cell.
    const rows = markdown.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| `') && !l.startsWith('| ---') && !l.startsWith('| query'));
    // three header rows, nine variables, four events, two context data keys
    expect(rows.length).toBe(3 + 9 + 4 + 2);
    for (const line of rows) expect(line.replace(/\\\|/g, '').split('|').length - 1).toBe(5);
  });

  it('lists a value once per rule when the same rule sets it twice with the same value', () => {
    const sdr = buildSdr(
      assertProperty(
        doc({
          rules: [
            {
              name: 'r',
              events: [{ type: 'dom-ready' }],
              actions: [
                { type: 'set-variables', settings: { variables: { prop1: 'x' } } },
                { type: 'set-variables', settings: { variables: { prop1: 'x' } } },
              ],
            },
          ],
        }),
      ),
    );
    expect(sdr.variables).toEqual([
      {
        name: 'prop1',
        query: 'c1',
        description: '',
        setBy: [
          { rule: 'r', value: 'x' },
          { rule: 'r', value: 'x' },
        ],
      },
    ]);
    expect(renderSdrMarkdown(sdr)).toContain('\n| prop1 | `c1` |  | r: `x` |\n');
  });

  it('leaves out the context data table when there is no context data', () => {
    expect(renderSdrMarkdown(buildSdr(assertProperty(doc())))).not.toContain('## Context data');
  });
});
