/** The search of the rule and data element lists: every word must appear in the item's text. */
import { describeRule } from './describe-rule';
import type { DataElementInput, PropertyDocument, RuleInput } from './document';

export function matchesSearch(text: string, search: string): boolean {
  const haystack = text.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

const settingsText = (settings: unknown) => (settings === undefined ? '' : JSON.stringify(settings));

/** Name, description, component types, settings and the rule's sentence. */
export function ruleSearchText(rule: RuleInput, property: PropertyDocument): string {
  const components = [...rule.events, ...(rule.conditions ?? []), ...(rule.exceptions ?? []), ...rule.actions];
  return [rule.name, rule.description ?? '', ...components.map((c) => `${c.type} ${settingsText(c.settings)}`), describeRule(rule, property)].join('\n');
}

/** Name, description, type, settings and default. */
export function dataElementSearchText(element: DataElementInput): string {
  return [element.name, element.description ?? '', element.type, settingsText(element.settings), element.default ?? ''].join('\n');
}
