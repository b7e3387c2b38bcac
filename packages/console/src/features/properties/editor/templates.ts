/** What a newly added component of each type starts as: its required settings, empty. */
import { clone, type ActionInput, type ConditionInput, type DataElementInput, type EventInput } from '../document';

export type ComponentKind = 'event' | 'condition' | 'exception' | 'action';
type Component = EventInput | ConditionInput | ActionInput;

const EVENT_SETTINGS: Record<string, object | undefined> = {
  'data-element-change': { name: '' },
  click: { selector: '' },
  'custom-event': { eventType: '' },
  'direct-call': { id: '' },
  'element-exists': { selector: '' },
};

const CONDITION_SETTINGS: Record<string, object | undefined> = {
  path: { pattern: '' },
  host: { pattern: '' },
  'query-parameter': { name: '' },
  cookie: { name: '' },
  'value-comparison': { left: '', operator: 'equals', right: '' },
  'custom-code': { source: '' },
};

const ACTION_SETTINGS: Record<string, object | undefined> = {
  'set-variables': { variables: {} },
  'send-beacon': { type: 'page' },
  'load-script': { url: '' },
  'custom-code': { source: '' },
  'load-survey': { brand: '', project: '', scriptUrl: '' },
  'set-cookie': { name: '', value: '' },
  'remove-query-parameter': { name: '' },
  'dispatch-event': { eventType: '' },
};

export function newComponent(kind: ComponentKind, type: string): Component {
  const settings = kind === 'event' ? EVENT_SETTINGS[type] : kind === 'action' ? ACTION_SETTINGS[type] : CONDITION_SETTINGS[type];
  return (settings === undefined ? { type } : { type, settings: clone(settings) }) as Component;
}

const DATA_ELEMENT_SETTINGS: Record<string, object | undefined> = {
  'data-layer': { path: '' },
  cookie: { name: '' },
  'query-parameter': { name: '' },
  'meta-tag': { name: '' },
  'page-info': { attribute: 'path' },
  'lookup-table': { input: '', table: [{ in: '', out: '' }] },
  constant: { value: '' },
  'custom-code': { source: '' },
  'previous-value': { input: '', cookie: '' },
};

/** The data element with a new type: the type's empty settings, the common options kept. */
export function withDataElementType(element: DataElementInput, type: string): DataElementInput {
  const { settings: _old, ...rest } = element as DataElementInput & { settings?: unknown };
  const settings = DATA_ELEMENT_SETTINGS[type];
  return (settings === undefined ? { ...rest, type } : { ...rest, type, settings: clone(settings) }) as DataElementInput;
}
