import { formatPath } from '@tagwell/schema';
import { describe, expect, it } from 'vitest';
import { fieldId, pathText, validateDocument, type PropertyDocument } from '../document';
import { freshHealthSite } from '../test-fixtures';
import { locateIssue, parsePath, placeIssues } from './issue-location';

/**
 * The health site with one problem of every kind the schema reports, in rules and data elements
 * appended at the end (so their indexes are known), and in the property's own settings.
 */
function brokenDocument() {
  const document = freshHealthSite();
  const rules = document.rules!;
  const elements = document.dataElements!;
  const r = rules.length;
  const e = elements.length;
  rules.push(
    { name: '', events: [], actions: [{ type: 'send-beacon', settings: { type: 'link', linkName: '' } }], bogus: 1 } as never,
    {
      name: 'Broken parts',
      order: 1.5,
      events: [{ type: 'click', settings: { selector: 'a[href' } }, { type: 'nope' } as never],
      conditions: [{ type: 'path', settings: { pattern: '(' }, negate: 'yes' } as never, { type: 'custom-code', settings: { source: 'x', extra: 1 } } as never],
      actions: [
        { type: 'set-variables', settings: { variables: { 'bad var': 'x', eVar1: '%Nope%' }, events: [{ name: 'evt' }], linkTrackVars: ['eVar1', 'nope'] } },
        { type: 'dom-ready' } as never,
      ],
    },
  );
  elements.push(
    { name: 'Table', type: 'lookup-table', settings: { input: 'x', table: [{ in: 'a' } as never] } },
    { name: 'Page Name', type: 'constant', settings: { value: '' }, storage: 'forever' as never },
    { name: 'Odd', type: 'cookie', settings: { name: 'c', other: 1 } as never, extra: true } as never,
  );
  document.settings = { ...document.settings, everyHit: { pageName: '%Nope%' } };
  return { document: document as PropertyDocument, r, e };
}

describe('locateIssue', () => {
  const { document, r, e } = brokenDocument();
  const issues = validateDocument(document);

  it('places every kind of path the schema produces on its page and field, in words', () => {
    const found = issues.map((issue) => {
      const at = locateIssue(issue.path, document);
      const page = at.page.kind === 'property' ? 'property' : `${at.page.kind} ${at.page.index}`;
      return [issue.path, page, at.fieldPath && pathText(at.fieldPath), at.label];
    });
    const byPath = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    const rule = (i: number) => `rule ${r + i}`;
    const element = (i: number) => `data-element ${e + i}`;
    expect(found.sort(byPath)).toEqual([
      [`dataElements[${e}].settings.table[0].out`, element(0), `dataElements[${e}].settings.table[0].out`, 'Data element “Table” › Source settings › Lookup table › Row 1: the value is'],
      [`dataElements[${e + 1}].storage`, element(1), `dataElements[${e + 1}].storage`, 'Data element “Page Name” › Storage duration'],
      [`dataElements[${e + 2}]`, element(2), `dataElements[${e + 2}].name`, 'Data element “Odd”'],
      [`dataElements[${e + 2}].settings`, element(2), `dataElements[${e + 2}].settings.name`, 'Data element “Odd” › Source settings › Settings'],
      [`rules[${r}]`, rule(0), `rules[${r}].name`, `Rule ${r + 1} (no name yet)`],
      [`rules[${r}].name`, rule(0), `rules[${r}].name`, `Rule ${r + 1} (no name yet) › Rule name`],
      [`rules[${r}].events`, rule(0), `rules[${r}].events`, `Rule ${r + 1} (no name yet) › Events`],
      [`rules[${r}].actions[0].settings.linkName`, rule(0), `rules[${r}].actions[0].settings.linkName`, `Rule ${r + 1} (no name yet) › Action 1 (send-beacon) › Link name`],
      [`rules[${r + 1}].order`, rule(1), `rules[${r + 1}].order`, 'Rule “Broken parts” › Order'],
      [`rules[${r + 1}].events[0].settings.selector`, rule(1), `rules[${r + 1}].events[0].settings.selector`, 'Rule “Broken parts” › Event 1 (click) › CSS selector'],
      [`rules[${r + 1}].events[1].type`, rule(1), `rules[${r + 1}].events[1].type`, 'Rule “Broken parts” › Event 2 (nope) › Type'],
      [`rules[${r + 1}].conditions[0].settings.pattern`, rule(1), `rules[${r + 1}].conditions[0].settings.pattern`, 'Rule “Broken parts” › Condition 1 (path) › Path pattern'],
      [`rules[${r + 1}].conditions[0].negate`, rule(1), `rules[${r + 1}].conditions[0].negate`, 'Rule “Broken parts” › Condition 1 (path) › Negate'],
      [`rules[${r + 1}].conditions[1].settings`, rule(1), `rules[${r + 1}].conditions[1].settings.from`, 'Rule “Broken parts” › Condition 2 (custom-code) › Settings'],
      [`rules[${r + 1}].actions[0].settings.variables["bad var"]`, rule(1), `rules[${r + 1}].actions[0].settings.variables["bad var"]`, 'Rule “Broken parts” › Action 1 (set-variables) › Variables › bad var'],
      [`rules[${r + 1}].actions[0].settings.events[0].name`, rule(1), `rules[${r + 1}].actions[0].settings.events[0].name`, 'Rule “Broken parts” › Action 1 (set-variables) › Analytics events › Analytics event 1'],
      [`rules[${r + 1}].actions[0].settings.linkTrackVars[1]`, rule(1), `rules[${r + 1}].actions[0].settings.linkTrackVars`, 'Rule “Broken parts” › Action 1 (set-variables) › Variables sent on link hits'],
      [`rules[${r + 1}].actions[1].type`, rule(1), `rules[${r + 1}].actions[1].type`, 'Rule “Broken parts” › Action 2 (dom-ready) › Type'],
      // The reference checks, reported with the schema's errors (validateAll).
      [`rules[${r + 1}].actions[0].settings.variables.eVar1`, rule(1), `rules[${r + 1}].actions[0].settings.variables.eVar1`, 'Rule “Broken parts” › Action 1 (set-variables) › Variables › eVar1'],
      [`dataElements[${e + 1}].name`, element(1), `dataElements[${e + 1}].name`, 'Data element “Page Name” › Name'],
      ['settings.everyHit.pageName', 'property', undefined, 'Property settings › Variables on every hit › pageName'],
    ].sort(byPath));
    // No label speaks the schema's path syntax.
    for (const [, , , label] of found) expect(label).not.toMatch(/\[\d+\]|\.settings|dataElements|rules\[/);
  });

  it('reads a token error in a record and every remaining kind of path', () => {
    const at = (path: string) => {
      const found = locateIssue(path, document);
      return [found.fieldId, found.label];
    };
    expect(at(`rules[${r + 1}].actions[0].settings.variables.eVar1`)).toEqual([fieldId(`rules[${r + 1}].actions[0].settings.variables.eVar1`), 'Rule “Broken parts” › Action 1 (set-variables) › Variables › eVar1']);
    expect(at(`rules[${r + 1}].actions[0].settings.events`)).toEqual([fieldId(`rules[${r + 1}].actions[0].settings.events`), 'Rule “Broken parts” › Action 1 (set-variables) › Analytics events']);
    expect(at(`rules[${r + 1}].actions[0].settings.variables`)).toEqual([fieldId(`rules[${r + 1}].actions[0].settings.variables`), 'Rule “Broken parts” › Action 1 (set-variables) › Variables']);
    expect(at(`rules[${r + 1}].actions[1]`)).toEqual([fieldId(`rules[${r + 1}].actions[1].type`), 'Rule “Broken parts” › Action 2 (dom-ready)']);
    expect(at(`rules[${r}].actions[0].settings`)).toEqual([fieldId(`rules[${r}].actions[0].settings.type`), `Rule ${r + 1} (no name yet) › Action 1 (send-beacon) › Settings`]);
    expect(at(`rules[${r + 1}].events[0].settings`)).toEqual([fieldId(`rules[${r + 1}].events[0].settings.selector`), 'Rule “Broken parts” › Event 1 (click) › Settings']);
    expect(at(`rules[${r + 1}].conditions[1].settings.source`)).toEqual([fieldId(`rules[${r + 1}].conditions[1].settings.source`), 'Rule “Broken parts” › Condition 2 (custom-code) › Code']);
    expect(at(`rules[${r + 1}].description`)).toEqual([fieldId(`rules[${r + 1}].description`), 'Rule “Broken parts” › Description']);
    expect(at(`dataElements[${e}].settings.table`)).toEqual([fieldId(`dataElements[${e}].settings.table`), 'Data element “Table” › Source settings › Lookup table']);
    expect(at(`dataElements[${e}].type`)).toEqual([fieldId(`dataElements[${e}].type`), 'Data element “Table” › Type']);
    expect(at(`dataElements[${e}].default`)).toEqual([fieldId(`dataElements[${e}].default`), 'Data element “Table” › Default value']);
    expect(at('settings.consent.status')).toEqual([undefined, 'Property settings › Consent › Consent status data element']);
    expect(at('environments.staging.reportSuites[0]')).toEqual([undefined, 'Environments › staging › Report suites › item 1']);
    expect(at('name')).toEqual([undefined, 'Property name']);
    expect(at('(document)')).toEqual([undefined, 'The property']);
    expect(at('rules')).toEqual([undefined, 'Rules']);
  });

  it('parses every path formatPath writes back to its parts', () => {
    for (const parts of [[], ['rules', 3, 'actions', 0, 'settings', 'variables', 'bad var'], ['settings', 'everyHit', 'eVar1'], ['dataElements', 12, 'settings', 'table', 0, 'in'], ['x', 'a "quoted": key']])
      expect(parsePath(formatPath(parts))).toEqual(parts);
  });
});

describe('placeIssues', () => {
  it('puts a duplicate name on the item being edited, where it was typed, not on the other one', () => {
    const document = freshHealthSite();
    const elements = document.dataElements!;
    // "Page Name" (first) renamed to the name of a later element: the schema blames the later one.
    const later = elements.findIndex((el, i) => i > 0 && el.name === 'Sub Category2');
    elements[0] = { ...elements[0]!, name: 'Sub Category2' };
    const issues = validateDocument(document);
    expect(issues).toContainEqual({ path: `dataElements[${later}].name`, message: 'duplicate data element "Sub Category2"' });
    const placed = placeIssues(issues, document, ['dataElements', 0]);
    expect(placed).toContainEqual({ path: 'dataElements[0].name', message: 'duplicate data element "Sub Category2"' });
    expect(placed.some((i) => i.path === `dataElements[${later}].name`)).toBe(false);
    // Editing the later element: it stays there.
    expect(placeIssues(issues, document, ['dataElements', later])).toEqual(issues);
    // Rules too.
    const rules = document.rules!;
    rules[0] = { ...rules[0]!, name: rules[1]!.name };
    expect(placeIssues(validateDocument(document), document, ['rules', 0])).toContainEqual({ path: 'rules[0].name', message: `duplicate rule "${rules[1]!.name}"` });
  });
});
