import { describe, it, expect } from 'vitest';
import { AUTOMATIC_KEYS, allowedQueryKeys, buildSdr, renderSdrMarkdown, unusedDataElements } from './sdr';
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

describe('unusedDataElements', () => {
  const layer = (name: string, path = 'x') => ({ name, type: 'data-layer', settings: { path } });
  const usage = (rules: unknown[], dataElements: unknown[], settings: Record<string, unknown> = {}) =>
    assertProperty(doc({ settings: { trackingServer: 'metrics.example.com', ...settings }, dataElements, rules }));

  it('lists, in document order, the data elements no rule, data element or setting reads', () => {
    const property = usage(
      [
        {
          name: 'page view',
          events: [{ type: 'dom-ready' }],
          conditions: [{ type: 'value-comparison', settings: { left: '%In Condition%', operator: 'isTruthy' } }],
          exceptions: [{ type: 'value-comparison', settings: { left: 'a', operator: 'equals', right: '%In Exception%' } }],
          actions: [
            { type: 'set-variables', settings: { variables: { prop1: 'x %Sent% y' }, contextData: { 'a.b': '%In Context Data%' } } },
            { type: 'send-beacon', settings: { type: 'link', linkName: 'n: %In Link Name%' } },
            { type: 'set-cookie', settings: { name: 'c', value: '%In Cookie%' } },
          ],
        },
        { name: 'change', events: [{ type: 'data-element-change', settings: { name: 'Watched' } }], actions: [{ type: 'clear-variables' }] },
      ],
      [
        layer('Never Read'),
        layer('Sent'),
        layer('In Condition'),
        layer('In Exception'),
        layer('In Context Data'),
        layer('In Link Name'),
        layer('In Cookie'),
        layer('Watched'),
        { name: 'Consent', type: 'constant', settings: { value: 'on' } },
        { name: 'Read Only By Unused', type: 'constant', settings: { value: 'x' } },
        { name: 'Unused Lookup', type: 'lookup-table', settings: { input: '%Read Only By Unused%', table: [{ in: 'x', out: 'y' }] } },
        layer('Also Never Read'),
      ],
      { consent: { status: 'Consent', statistics: 'Consent', changeEvent: 'consent-changed' } },
    );
    expect(unusedDataElements(property)).toEqual(['Never Read', 'Read Only By Unused', 'Unused Lookup', 'Also Never Read']);
  });

  it('follows data elements that read other data elements, through tokens and getVar, to any depth', () => {
    const property = usage(
      [{ name: 'r', events: [{ type: 'dom-ready' }], actions: [{ type: 'set-variables', settings: { variables: { eVar1: '%Lookup%' } } }] }],
      [
        { name: 'Lookup', type: 'lookup-table', settings: { input: '%Code%', table: [{ in: 'a', out: 'b' }] } },
        { name: 'Code', type: 'custom-code', settings: { source: "return _satellite.getVar( 'Raw' ) || _satellite.getVar(\"Fallback\", {});" } },
        layer('Raw'),
        layer('Fallback'),
        { name: 'Previous', type: 'previous-value', settings: { input: '%Unread%', cookie: 'p' } },
        layer('Unread'),
      ],
    );
    expect(unusedDataElements(property)).toEqual(['Previous', 'Unread']);
  });

  it('reads custom code in files through the given text, by the settings path, in rules and data elements', () => {
    const property = usage(
      [
        {
          name: 'r',
          events: [{ type: 'dom-ready' }],
          conditions: [{ type: 'custom-code', settings: { file: 'code/condition.js' } }],
          actions: [{ type: 'custom-code', settings: { file: 'code/action.js' } }],
        },
      ],
      [layer('From Condition'), layer('From Action'), { name: 'Code', type: 'custom-code', settings: { file: 'code/element.js' } }, layer('From Element')],
    );
    const files: Record<string, string> = {
      'rules[0].conditions[0].settings': "return _satellite.getVar('From Condition') === 'x';",
      'rules[0].actions[0].settings': "_satellite.track(_satellite.getVar('From Action')); _satellite.getVar('Code');",
      'dataElements[2].settings': "return _satellite.getVar('From Element');",
    };
    expect(unusedDataElements(property, (at) => files[at])).toEqual([]);
    // Without the files' text nothing in them counts.
    expect(unusedDataElements(property)).toEqual(['From Condition', 'From Action', 'Code', 'From Element']);
  });

  it('does not count a setVar, a %Name% in code, or a token in settings the runtime never resolves', () => {
    const property = usage(
      [
        {
          name: 'r',
          events: [{ type: 'click', settings: { selector: '[data-x="%Selector%"]' } }],
          conditions: [{ type: 'path', settings: { pattern: '%Pattern%' } }],
          actions: [{ type: 'custom-code', settings: { source: "_satellite.setVar('Set', 1); return '%In Code%';" } }],
        },
      ],
      [layer('Selector'), layer('Pattern'), layer('Set'), layer('In Code')],
    );
    expect(unusedDataElements(property)).toEqual(['Selector', 'Pattern', 'Set', 'In Code']);
  });

  it('is empty without data elements', () => {
    expect(unusedDataElements(assertProperty(doc()))).toEqual([]);
  });
});

describe('renderSdrMarkdown: data elements nothing uses', () => {
  it('lists them in a section of their own, and leaves it out when there are none', () => {
    const sdr = buildSdr(property());
    expect(renderSdrMarkdown(sdr, ['Page URL', 'Card Rank'])).toContain(
      '\n## Data elements nothing uses\nRead from the page and never reported: send each in a documented variable, or remove it.\n\n- Page URL\n- Card Rank\n\n## Sent on every hit by the tracker\n',
    );
    expect(renderSdrMarkdown(sdr, [])).toBe(renderSdrMarkdown(sdr));
    expect(renderSdrMarkdown(sdr)).not.toContain('nothing uses');
  });
});

describe('the variables on every hit (settings.everyHit)', () => {
  const withEveryHit = () =>
    assertProperty(
      doc({
        settings: { trackingServer: 'metrics.example.com', everyHit: { eVar88: '%Flag%', pageName: '%Page Name%', prop5: '%Section%' } },
        dataElements: [
          { name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' } },
          { name: 'Section', type: 'constant', settings: { value: 'web' } },
          { name: 'Flag', type: 'cookie', settings: { name: 'f' } },
          { name: 'Only On Every Hit', type: 'constant', settings: { value: 'x' } },
        ],
        rules: [
          {
            name: 'virtual page',
            events: [{ type: 'dom-ready' }],
            actions: [{ type: 'set-variables', settings: { variables: { pageName: 'search:filters', eVar1: 'a' } } }, { type: 'send-beacon', settings: { type: 'page' } }],
          },
        ],
        sdr: { pageName: 'page name', prop5: 'site section', eVar88: 'stitching flag' },
      }),
    );

  it('are in the SDR with the value they hold on every hit, so the collector accepts them', () => {
    const sdr = buildSdr(withEveryHit());
    expect(sdr.variables).toEqual([
      { name: 'pageName', query: 'pageName', description: 'page name', setBy: [{ rule: 'virtual page', value: 'search:filters' }], everyHit: '%Page Name%' },
      { name: 'prop5', query: 'c5', description: 'site section', setBy: [], everyHit: '%Section%' },
      { name: 'eVar1', query: 'v1', description: '', setBy: [{ rule: 'virtual page', value: 'a' }] },
      { name: 'eVar88', query: 'v88', description: 'stitching flag', setBy: [], everyHit: '%Flag%' },
    ]);
    expect(allowedQueryKeys(sdr)).toContain('c5');
    expect(allowedQueryKeys(sdr)).toContain('v88');
  });

  it('have a section of their own in the Markdown; the rules table keeps what rules set', () => {
    const markdown = renderSdrMarkdown(buildSdr(withEveryHit()));
    expect(markdown).toContain(
      [
        '## Variables on every hit',
        'Page views and link hits alike carry these (link filters do not apply), read when the hit is sent, so they describe the page it happens on. A value a rule sets for a hit replaces the one here.',
        '',
        '| variable | query | meaning | value |',
        '| --- | --- | --- | --- |',
        '| pageName | `pageName` | page name | `%Page Name%` |',
        '| prop5 | `c5` | site section | `%Section%` |',
        '| eVar88 | `v88` | stitching flag | `%Flag%` |',
        '',
        '## Variables',
        '| variable | query | meaning | set by (rule: value) |',
        '| --- | --- | --- | --- |',
        '| pageName | `pageName` | page name | virtual page: `search:filters` |',
        '| eVar1 | `v1` |  | virtual page: `a` |',
        '',
      ].join('\n'),
    );
    expect(renderSdrMarkdown(buildSdr(property()))).not.toContain('on every hit\n');
  });

  it('use the data elements they read', () => {
    expect(unusedDataElements(withEveryHit())).toEqual(['Only On Every Hit']);
  });
});
