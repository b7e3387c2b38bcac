import { describe, expect, it } from 'vitest';
import { diffDocuments } from './diff';
import { clone, type PropertyDocument, type RuleInput } from './document';
import { HEALTH_SITE, HEALTH_SITE_RULES, ruleIndex } from './test-fixtures';

const names = (doc: PropertyDocument) => (doc.rules ?? []).map((r) => r.name);
const PHARMACY = ruleIndex('Link: Find a Pharmacy');

describe('diffDocuments', () => {
  it('finds nothing between a document and its copy', () => {
    expect(diffDocuments(HEALTH_SITE, clone(HEALTH_SITE))).toEqual([]);
  });

  it('reports a changed link name at its path', () => {
    const after = clone(HEALTH_SITE);
    const action = after.rules![PHARMACY]!.actions[1]!;
    if (action.type !== 'send-beacon' || action.settings.type !== 'link') throw new Error('expected the link beacon');
    action.settings.linkName = 'Find a pharmacy near you';
    expect(diffDocuments(HEALTH_SITE, after)).toEqual([{ path: `rules[${PHARMACY}].actions[1].settings.linkName`, kind: 'changed', before: 'Find a Pharmacy', after: 'Find a pharmacy near you' }]);
  });

  it('reports a reorder of rules as one move, not every rule changed', () => {
    const after = clone(HEALTH_SITE);
    const [moved] = after.rules!.splice(PHARMACY, 1) as [RuleInput];
    after.rules!.push(moved);
    const entries = diffDocuments(HEALTH_SITE, after);
    expect(entries).toEqual([{ path: 'rules', kind: 'moved', before: names(HEALTH_SITE), after: names(after) }]);
    expect((entries[0]!.after as string[]).at(-1)).toBe('Link: Find a Pharmacy');
  });

  it('matches a moved rule by name and reports its change at its new index', () => {
    const after = clone(HEALTH_SITE);
    const [moved] = after.rules!.splice(PHARMACY, 1) as [RuleInput];
    moved.enabled = false;
    after.rules!.push(moved);
    const entries = diffDocuments(HEALTH_SITE, after);
    // Its new index is the last one.
    expect(entries.map((e) => [e.kind, e.path, e.before, e.after])).toEqual([
      ['moved', 'rules', names(HEALTH_SITE), names(after)],
      ['added', `rules[${HEALTH_SITE_RULES.length - 1}].enabled`, undefined, false],
    ]);
  });

  it('reports added and removed rules and data elements whole, and a list of plain values as one change', () => {
    const after = clone(HEALTH_SITE);
    const removedRule = after.rules!.splice(0, 1)[0];
    const removedElement = after.dataElements!.splice(1, 1)[0];
    const added: RuleInput = { name: 'New rule', events: [{ type: 'dom-ready' }], actions: [{ type: 'clear-variables' }] };
    after.rules!.push(added);
    after.environments.production.hosts = ['www.health.localhost', 'health.localhost'];
    const entries = diffDocuments(HEALTH_SITE, after);
    expect(entries).toEqual([
      { path: 'environments.production.hosts', kind: 'changed', before: HEALTH_SITE.environments.production.hosts, after: ['www.health.localhost', 'health.localhost'] },
      { path: 'dataElements[1]', kind: 'removed', before: removedElement, after: undefined },
      { path: 'rules[0]', kind: 'removed', before: removedRule, after: undefined },
      // One rule removed and one added at the end: the same count, so the last index.
      { path: `rules[${HEALTH_SITE_RULES.length - 1}]`, kind: 'added', before: undefined, after: added },
    ]);
  });

  it('compares a rule’s actions by position', () => {
    const before: PropertyDocument = { ...HEALTH_SITE, rules: [{ name: 'r', events: [{ type: 'dom-ready' }], actions: [{ type: 'clear-variables' }, { type: 'send-beacon', settings: { type: 'page' } }] }] };
    const after: PropertyDocument = { ...HEALTH_SITE, rules: [{ name: 'r', events: [{ type: 'dom-ready' }], actions: [{ type: 'send-beacon', settings: { type: 'page' } }, { type: 'clear-variables' }] }] };
    expect(diffDocuments(before, after)).toEqual([
      { path: 'rules[0].actions[0].type', kind: 'changed', before: 'clear-variables', after: 'send-beacon' },
      { path: 'rules[0].actions[0].settings', kind: 'added', before: undefined, after: { type: 'page' } },
      { path: 'rules[0].actions[1].type', kind: 'changed', before: 'send-beacon', after: 'clear-variables' },
      { path: 'rules[0].actions[1].settings', kind: 'removed', before: { type: 'page' }, after: undefined },
    ]);
  });

  it('quotes keys that are not identifiers', () => {
    const before = { sdr: { 'tool.name': 'a' } };
    const after = { sdr: { 'tool.name': 'b' } };
    expect(diffDocuments(before, after)).toEqual([{ path: 'sdr["tool.name"]', kind: 'changed', before: 'a', after: 'b' }]);
  });
});
