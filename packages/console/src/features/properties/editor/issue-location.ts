/**
 * Where a schema issue is, in the analyst's words (issue 19 item 5): its path
 * (`rules[3].actions[0].settings.variables.eVar5`) becomes the editor page it is on, the field that
 * shows it and a label (`Rule “Page view” › Action 1 (set-variables) › Variables › eVar5`). Every
 * editor places messages and links its summary through this one mapping.
 */
import { fieldId, pathText, type Issue, type Path, type PropertyDocument } from '../document';
import { ACTION_FIELDS, CONDITION_FIELDS, DATA_ELEMENT_FIELDS, EVENT_FIELDS, type FieldSpec } from './settings-fields';

export type Part = string | number;

/** The editor page a field is on; `property` has no editor in the console (the property file's settings). */
export type IssuePage = { kind: 'rule' | 'data-element'; index: number; name: string } | { kind: 'activity'; index: number; name: string; id: number } | { kind: 'property' };

export interface IssueLocation {
  page: IssuePage;
  /** The path of the field that shows the issue: the issue's own, or the nearest one the editor has a field for. */
  fieldPath: Part[] | undefined;
  /** The DOM id of that field (fieldId of its path). */
  fieldId: string | undefined;
  /** Where, in words. */
  label: string;
}

/** `rules[3].settings.variables["bad var"]` -> ['rules', 3, 'settings', 'variables', 'bad var'] (formatPath's inverse). */
export function parsePath(text: string): Part[] {
  if (text === '(document)') return [];
  const parts: Part[] = [];
  const pattern = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([A-Za-z_$][\w$]*)/y;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text))) {
    if (match[1] !== undefined) parts.push(Number(match[1]));
    else if (match[2] !== undefined) parts.push(JSON.parse(match[2]) as string);
    else parts.push(match[3]!);
  }
  return parts;
}

const RULE_FIELDS: Record<string, string> = { name: 'Rule name', description: 'Description', order: 'Order', enabled: 'Enabled' };
const ELEMENT_FIELDS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  type: 'Type',
  default: 'Default value',
  forceLowerCase: 'Force lower case',
  cleanText: 'Clean text',
  storage: 'Storage duration',
};
// The field tables are read when called: settings-fields.tsx imports this module (through issues.tsx).
const LISTS: Record<string, { title: string; noun: string; fields: () => Record<string, FieldSpec[]> }> = {
  events: { title: 'Events', noun: 'Event', fields: () => EVENT_FIELDS },
  conditions: { title: 'Conditions', noun: 'Condition', fields: () => CONDITION_FIELDS },
  exceptions: { title: 'Exceptions', noun: 'Exception', fields: () => CONDITION_FIELDS },
  actions: { title: 'Actions', noun: 'Action', fields: () => ACTION_FIELDS },
};
const BEACON_FIELDS: Record<string, string> = { type: 'Hit type', linkType: 'Link type', linkName: 'Link name', linkUrl: 'Link URL', consentExempt: 'Send even without Statistics consent' };
const PROPERTY_WORDS: Record<string, string> = {
  name: 'Property name',
  title: 'Title',
  settings: 'Property settings',
  environments: 'Environments',
  sdr: 'SDR descriptions',
  trackingServer: 'Tracking server',
  trackingServerSecure: 'Secure tracking server',
  cookieDomain: 'Cookie domain',
  nonceMeta: 'Nonce meta tag',
  debugOrigins: 'Debugger origins',
  everyHit: 'Variables on every hit',
  preinstalledTracker: 'Preinstalled tracker',
  consent: 'Consent',
  status: 'Consent status data element',
  statistics: 'Statistics choice data element',
  changeEvent: 'Consent change event',
  privacy: 'Privacy',
  postcodeFields: 'Postcode fields',
  deniedQueryParams: 'Denied query parameters',
  reportSuites: 'Report suites',
  hosts: 'Hosts',
};

const words = (part: Part, table: Record<string, string> = {}): string => (typeof part === 'number' ? `item ${part + 1}` : (table[part] ?? part));
const asObject = (value: unknown): Record<string, unknown> | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/** A settings object's fields: where its issue at `rest` (below `settings`) shows, and its words. */
function settingsField(specs: FieldSpec[] | undefined, beacon: boolean, rest: Part[], fallback: Part[]): { field: Part[]; words: string[] } {
  const [key, ...below] = rest;
  if (key === undefined) {
    // The settings as a whole (an unknown option, a missing object): its first field.
    const first = beacon ? 'type' : firstKey(specs);
    return { field: first === undefined ? fallback : ['settings', first], words: ['Settings'] };
  }
  if (beacon) return { field: ['settings', key], words: [words(key, BEACON_FIELDS), ...below.map((p) => words(p))] };
  const spec = specs?.find((s) => ('key' in s ? s.key === key : s.kind === 'analytics-events' ? key === 'events' : s.kind === 'lookup-rows' ? key === 'table' : s.kind === 'code' && (key === 'source' || key === 'file')));
  if (!spec) return { field: firstKey(specs) === undefined ? fallback : ['settings', firstKey(specs)!], words: [String(key), ...below.map((p) => words(p))] };
  switch (spec.kind) {
    case 'record':
      // A row's name field (RecordField); the group for the record as a whole.
      return { field: below.length ? ['settings', key, below[0]!] : ['settings', key], words: [spec.label, ...below.slice(0, 1).map(String)] };
    case 'analytics-events': {
      const [row, leaf] = below;
      if (typeof row !== 'number') return { field: ['settings', 'events'], words: ['Analytics events'] };
      const labels: Record<string, string> = { name: `Analytics event ${row + 1}`, value: `Value of analytics event ${row + 1}`, id: `ID of analytics event ${row + 1}` };
      const at = typeof leaf === 'string' && leaf in labels ? leaf : 'name';
      return { field: ['settings', 'events', row, at], words: ['Analytics events', labels[at]!] };
    }
    case 'lookup-rows': {
      const [row, leaf] = below;
      if (typeof row !== 'number') return { field: ['settings', 'table'], words: ['Lookup table'] };
      const at = leaf === 'out' ? 'out' : 'in';
      return { field: ['settings', 'table', row, at], words: ['Lookup table', at === 'in' ? `Row ${row + 1}: when the input is` : `Row ${row + 1}: the value is`] };
    }
    case 'code':
      return { field: ['settings', key], words: [key === 'file' ? 'File' : 'Code'] };
    default:
      // A list field (`linkTrackVars[2]`) shows the issues of its items.
      return { field: ['settings', key], words: [spec.label] };
  }
}

function firstKey(specs: FieldSpec[] | undefined): string | undefined {
  const first = specs?.[0];
  if (!first) return undefined;
  if ('key' in first) return first.key;
  // Custom code: its "Code from" choice, there whichever way the code is given.
  return first.kind === 'analytics-events' ? 'events' : first.kind === 'lookup-rows' ? 'table' : 'from';
}

function ruleLocation(document: PropertyDocument, index: number, rest: Part[]): { page: IssuePage; field: Part[]; words: string[] } {
  const rule = asObject(document.rules?.[index]);
  const name = typeof rule?.name === 'string' ? rule.name : '';
  const page: IssuePage = { kind: 'rule', index, name };
  const title = name ? `Rule “${name}”` : `Rule ${index + 1} (no name yet)`;
  const at = (field: Part[], more: string[]) => ({ page, field: ['rules', index, ...field], words: [title, ...more] });
  const [key, position, ...below] = rest;
  if (key === undefined) return at(['name'], []);
  const list = typeof key === 'string' ? LISTS[key] : undefined;
  if (!list) return at(typeof key === 'string' && key in RULE_FIELDS ? [key] : ['name'], [words(key, RULE_FIELDS)]);
  if (typeof position !== 'number') return at([key], [list.title]);
  const component = asObject((rule?.[key as string] as unknown[] | undefined)?.[position]);
  const type = typeof component?.type === 'string' ? component.type : '';
  const item = `${list.noun} ${position + 1}${type ? ` (${type})` : ''}`;
  const [part, ...settingsRest] = below;
  if (part === undefined || part === 'type') return at([key, position, 'type'], [item, ...(part ? ['Type'] : [])]);
  if (part === 'negate') return at([key, position, 'negate'], [item, 'Negate']);
  if (part !== 'settings') return at([key, position, 'type'], [item, words(part)]);
  const inner = settingsField(list.fields()[type], key === 'actions' && type === 'send-beacon', settingsRest, ['type']);
  return at([key, position, ...inner.field], [item, ...inner.words]);
}

function elementLocation(document: PropertyDocument, index: number, rest: Part[]): { page: IssuePage; field: Part[]; words: string[] } {
  const element = asObject(document.dataElements?.[index]);
  const name = typeof element?.name === 'string' ? element.name : '';
  const page: IssuePage = { kind: 'data-element', index, name };
  const title = name ? `Data element “${name}”` : `Data element ${index + 1} (no name yet)`;
  const at = (field: Part[], more: string[]) => ({ page, field: ['dataElements', index, ...field], words: [title, ...more] });
  const [key, ...below] = rest;
  if (key === undefined) return at(['name'], []);
  if (key !== 'settings') return at(typeof key === 'string' && key in ELEMENT_FIELDS ? [key] : ['name'], [words(key, ELEMENT_FIELDS)]);
  const type = typeof element?.type === 'string' ? element.type : '';
  const inner = settingsField(DATA_ELEMENT_FIELDS[type], false, below, ['type']);
  return at(inner.field, ['Source settings', ...inner.words]);
}

const ACTIVITY_FIELDS: Record<string, string> = { name: 'Test name', state: 'State', id: 'Activity id', type: 'Activity type', location: 'Location', audience: 'Audience', experiences: 'Experiences', goals: 'Goals' };
const LOCATION_FIELDS: Record<string, string> = { type: 'Location type', name: 'Location name' };
const CONDITION_KEYS: Record<string, string> = {
  type: 'Type',
  negate: 'Negate',
  values: 'Values',
  operator: 'Operator',
  name: 'Name',
  value: 'Value',
  is: 'Visitor',
  event: 'Event',
  atLeast: 'At least this many times',
  withinDays: 'Within days',
};
const EXPERIENCE_KEYS: Record<string, string> = { name: 'Experience name', split: 'Traffic split (%)', offers: 'Offers' };
const OFFER_KEYS: Record<string, string> = { type: 'Offer type', selector: 'CSS selector', content: 'Content', url: 'Redirect to', priority: 'Priority' };
const GOAL_KEYS: Record<string, string> = { name: 'Goal name', type: 'Goal type', path: 'Page path', selector: 'CSS selector', event: 'Analytics event' };
const DISPLAY_KEYS: Record<string, string> = { width: 'Width (% of the screen)', height: 'Height (% of the screen)', backdropColor: 'Backdrop colour', backdropOpacity: 'Backdrop opacity' };

/** An in-app message's issue (issue 16 item 2; activities/message-fields.tsx): its field, below the offer, and its words. */
function messageField(offer: Record<string, unknown> | undefined, rest: Part[]): { field: Part[]; words: string[] } {
  const json = offer?.contentType === 'application/json';
  const html = { field: json ? ['content', 'html'] : ['content'], words: ['Message HTML'] };
  const [key, sub, k, ...inner] = rest;
  const display = (at: Part[], name: Part | undefined) =>
    typeof name === 'string' && name in DISPLAY_KEYS ? { field: [...at, name], words: ['Display', DISPLAY_KEYS[name]!] } : { field: [...at, 'width'], words: ['Display'] };
  if (key === 'content' && sub === 'mobileParameters') return { field: ['content', 'mobileParameters'], words: ['Mobile parameters'] };
  if (key === 'content' && sub === 'webParameters') return display(['content', 'webParameters'], k);
  if (key === 'content') return html;
  if (key === 'webParameters') return display(['webParameters'], sub);
  if (key === 'ruleSet' && sub === 'conditions' && typeof k === 'number') {
    const condition = asObject((asObject(offer?.ruleSet)?.conditions as unknown[] | undefined)?.[k]);
    const item = itemField(['ruleSet', 'conditions', k], inner, CONDITION_KEYS, 'type');
    return { field: item.field, words: ['Rule set', named('Rule', k, condition, 'type'), ...item.words] };
  }
  if (key === 'ruleSet') return { field: ['ruleSet', 'match'], words: ['Rule set'] };
  return { field: ['contentType'], words: key === undefined ? [] : [key === 'contentType' ? 'Content type' : words(key)] };
}

const named = (noun: string, position: number, item: Record<string, unknown> | undefined, by: 'name' | 'type') => {
  const value = item?.[by];
  return `${noun} ${position + 1}${typeof value === 'string' && value ? (by === 'name' ? ` “${value}”` : ` (${value})`) : ''}`;
};

/** A list item's fields in the activity form: the item's own `first` field for the item as a whole, a known key as it is. */
function itemField(at: Part[], rest: Part[], keys: Record<string, string>, first: string): { field: Part[]; words: string[] } {
  const [key] = rest;
  if (typeof key === 'string' && key in keys) return { field: [...at, key], words: [keys[key]!] };
  return { field: [...at, first], words: key === undefined ? [] : [words(key)] };
}

/** An activity's issue (issue 14 item 4): the A/B test form's field that shows it (its paths are the document's). */
function activityLocation(document: PropertyDocument, index: number, rest: Part[]): { page: IssuePage; field: Part[]; words: string[] } {
  const activity = asObject((document.personalisation?.activities as unknown[] | undefined)?.[index]);
  const name = typeof activity?.name === 'string' ? activity.name : '';
  const id = typeof activity?.id === 'number' ? activity.id : 0;
  const page: IssuePage = { kind: 'activity', index, name, id };
  const noun = activity?.type === 'xt' ? 'Experience targeting' : 'A/B test';
  const base: Part[] = ['personalisation', 'activities', index];
  const at = (field: Part[], more: string[]) => ({ page, field: [...base, ...field], words: [name ? `${noun} “${name}”` : `Activity ${index + 1} (no name yet)`, ...more] });
  const [key, position, ...below] = rest;
  const list = (value: unknown, i: Part | undefined) => (typeof i === 'number' ? asObject((value as unknown[] | undefined)?.[i]) : undefined);
  switch (key) {
    case undefined:
    case 'id':
    case 'type':
      return at(['name'], key === undefined ? [] : [words(key, ACTIVITY_FIELDS)]);
    case 'name':
    case 'state':
      return at([key], [words(key, ACTIVITY_FIELDS)]);
    case 'location':
      return at(['location', position === 'name' ? 'name' : 'type'], ['Location', ...(typeof position === 'string' ? [words(position, LOCATION_FIELDS)] : [])]);
    case 'audience': {
      if (position !== 'conditions') return at(['audience', position === 'match' ? 'match' : 'conditions'], ['Audience', ...(position === 'match' ? ['Match'] : [])]);
      const [k, ...inner] = below;
      if (typeof k !== 'number') return at(['audience', 'conditions'], ['Audience', 'Conditions']);
      const condition = list(asObject(activity?.audience)?.conditions, k);
      const item = itemField(['audience', 'conditions', k], inner, CONDITION_KEYS, 'type');
      return at(item.field, ['Audience', named('Condition', k, condition, 'type'), ...item.words]);
    }
    case 'experiences': {
      if (typeof position !== 'number') return at(['experiences'], ['Experiences']);
      const experience = list(activity?.experiences, position);
      const title = named('Experience', position, experience, 'name');
      const [part, j, ...offerRest] = below;
      if (part !== 'offers' || typeof j !== 'number') {
        const item = itemField(['experiences', position], below, EXPERIENCE_KEYS, 'name');
        return at(item.field, [title, ...item.words]);
      }
      const offer = list(experience?.offers, j);
      const offerAt: Part[] = ['experiences', position, 'offers', j];
      const [leaf, sub] = offerRest;
      // Rearrange edits content.from and content.to; attribute and style records show a row per key.
      if (offer?.type === 'inAppMessage') {
        const message = messageField(offer, offerRest);
        return at([...offerAt, ...message.field], [title, named('Offer', j, offer, 'type'), ...message.words]);
      }
      if (leaf === 'content' && typeof sub === 'string') return at([...offerAt, 'content', sub], [title, named('Offer', j, offer, 'type'), 'Content', sub]);
      if (leaf === 'content' && offer?.type === 'rearrange') return at([...offerAt, 'content', 'from'], [title, named('Offer', j, offer, 'type'), 'Content']);
      const item = itemField(offerAt, offerRest, OFFER_KEYS, 'type');
      return at(item.field, [title, named('Offer', j, offer, 'type'), ...item.words]);
    }
    case 'goals': {
      if (typeof position !== 'number') return at(['goals'], ['Goals']);
      const item = itemField(['goals', position], below, GOAL_KEYS, 'name');
      return at(item.field, [named('Goal', position, list(activity?.goals, position), 'name'), ...item.words]);
    }
    default:
      return at(['name'], [words(key)]);
  }
}

/** Where the issue at `path` is, read against the edited document (names and component types come from it). */
export function locateIssue(path: string, document: PropertyDocument): IssueLocation {
  const parts = parsePath(path);
  const [top, index, ...rest] = parts;
  let found: { page: IssuePage; field: Part[] | undefined; words: string[] };
  if (top === 'rules' && typeof index === 'number') found = ruleLocation(document, index, rest);
  else if (top === 'dataElements' && typeof index === 'number') found = elementLocation(document, index, rest);
  else if (top === 'personalisation' && index === 'activities' && typeof rest[0] === 'number') found = activityLocation(document, rest[0], rest.slice(1));
  else if (top === 'rules' || top === 'dataElements') found = { page: { kind: 'property' }, field: undefined, words: [top === 'rules' ? 'Rules' : 'Data elements'] };
  else found = { page: { kind: 'property' }, field: undefined, words: parts.length ? parts.map((p) => words(p, PROPERTY_WORDS)) : ['The property'] };
  return { page: found.page, fieldPath: found.field, fieldId: found.field && fieldId(pathText(found.field)), label: found.words.join(' › ') };
}

const DUPLICATE = /^duplicate (rule|data element) "/;

/**
 * The issues of an edit, placed for the item being edited: a duplicate name is reported on the later
 * of the two items, but the analyst made it by typing in this one, so it moves here (issue 19 item 5).
 */
export function placeIssues(issues: readonly Issue[], document: PropertyDocument, editing: Path): Issue[] {
  const [list, index] = editing;
  if ((list !== 'rules' && list !== 'dataElements') || typeof index !== 'number') return [...issues];
  const items = (document[list] ?? []) as unknown[];
  const own = asObject(items[index])?.name;
  return issues.map((issue) => {
    const parts = parsePath(issue.path);
    if (!DUPLICATE.test(issue.message) || parts[0] !== list || parts[2] !== 'name' || parts.length !== 3 || parts[1] === index) return issue;
    const other = asObject(items[parts[1] as number])?.name;
    return other === own ? { ...issue, path: pathText([list, index, 'name']) } : issue;
  });
}
