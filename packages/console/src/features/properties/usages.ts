/**
 * Where a data element is read (docs/PROPERTY.md "Tokens"): `%Name%` tokens in the settings the
 * runtime resolves, data-element-change events, `_satellite.getVar('Name')` in inline custom code,
 * other data elements' settings, the variables on every hit and the consent settings.
 */
import { TOKEN } from '@tagwell/schema';
import { pathText, type PropertyDocument } from './document';

export type UsageKind = 'event' | 'condition' | 'exception' | 'action' | 'data element' | 'every hit' | 'consent';

export interface DataElementUsage {
  kind: UsageKind;
  /** The rule's or data element's name; `settings` for the variables on every hit and the consent settings. */
  owner: string;
  /** Where in the document: `rules[10].events[1].settings.name`. */
  path: string;
  /** How it is read: `change`, `token` or `getVar`. */
  how: 'change' | 'token' | 'getVar' | 'setting';
}

// Mirrors packages/schema/src/validate.ts: settings never token-resolved, and free-form records.
const NOT_RESOLVED = new Set(['pattern', 'source', 'file', 'selector', 'eventType', 'path', 'name', 'cookie', 'attribute', 'operator', 'type', 'linkType', 'target']);
const RECORDS = new Set(['variables', 'contextData', 'detail']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function scan(value: unknown, path: Array<string | number>, name: string, found: (path: Array<string | number>, how: 'token' | 'getVar') => void, isRecord = false): void {
  if (typeof value === 'string') {
    for (const [, token] of value.matchAll(TOKEN)) if (token === name) return found(path, 'token');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => scan(v, [...path, i], name, found));
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (!isRecord && key === 'source' && typeof v === 'string') {
        const getVar = new RegExp(`getVar\\(\\s*(['"\`])${escapeRegExp(name)}\\1\\s*[,)]`);
        if (getVar.test(v)) found([...path, key], 'getVar');
      } else if (isRecord || !NOT_RESOLVED.has(key)) {
        scan(v, [...path, key], name, found, !isRecord && RECORDS.has(key));
      }
    }
  }
}

/** Every place the document reads the data element `name`, in document order. */
export function usagesOfDataElement(name: string, property: PropertyDocument): DataElementUsage[] {
  const usages: DataElementUsage[] = [];
  (property.rules ?? []).forEach((rule, i) => {
    rule.events.forEach((event, j) => {
      if (event.type === 'data-element-change' && event.settings.name === name)
        usages.push({ kind: 'event', owner: rule.name, path: pathText(['rules', i, 'events', j, 'settings', 'name']), how: 'change' });
    });
    (['conditions', 'exceptions', 'actions'] as const).forEach((part) => {
      const kind: UsageKind = part === 'conditions' ? 'condition' : part === 'exceptions' ? 'exception' : 'action';
      (rule[part] ?? []).forEach((component, j) =>
        scan(component.settings, ['rules', i, part, j, 'settings'], name, (path, how) => usages.push({ kind, owner: rule.name, path: pathText(path), how })),
      );
    });
  });
  (property.dataElements ?? []).forEach((element, i) => {
    if (element.name === name) return;
    scan(element.settings, ['dataElements', i, 'settings'], name, (path, how) => usages.push({ kind: 'data element', owner: element.name, path: pathText(path), how }));
  });
  for (const [variable, value] of Object.entries(property.settings?.everyHit ?? {}))
    scan(value, ['settings', 'everyHit', variable], name, (path, how) => usages.push({ kind: 'every hit', owner: 'settings', path: pathText(path), how }));
  const consent = property.settings?.consent;
  if (consent)
    for (const part of ['status', 'statistics'] as const)
      if (consent[part] === name) usages.push({ kind: 'consent', owner: 'settings', path: `settings.consent.${part}`, how: 'setting' });
  return usages;
}

/** The rules that read it, once each, in document order. */
export function rulesUsing(name: string, property: PropertyDocument): string[] {
  return [...new Set(usagesOfDataElement(name, property).filter((u) => u.kind === 'event' || u.kind === 'condition' || u.kind === 'exception' || u.kind === 'action').map((u) => u.owner))];
}
