import type { z } from 'zod';
import { checkActivities, personalisationSchema } from './activities';
import { propertySchema, type Property } from './property';

export type ValidationResult = { ok: true; property: Property } | { ok: false; errors: string[] };

/** `%Name%` tokens (SPEC §3 data elements); `%event.x%` and `%this.x%` read the rule's event and element. */
export const TOKEN = /%([^%]+)%/g;
const BUILT_IN_TOKEN = /^(event|this)(\.|$)/;
/** Settings whose strings are never token-resolved. */
export const NOT_RESOLVED = new Set(['pattern', 'source', 'file', 'selector', 'eventType', 'path', 'name', 'cookie', 'attribute', 'operator', 'type', 'linkType', 'target']);
/** Settings that are free-form records: every value is resolved, whatever its key (`detail.id`, `contextData.name`). */
export const RECORDS = new Set(['variables', 'contextData', 'detail']);

/** Formats a schema path as a property path: `rules[3].conditions[0].settings.pattern`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) out += (out ? '.' : '') + part;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out || '(document)';
}

function formatIssues(issues: z.core.$ZodIssue[], input: unknown): string[] {
  const out: string[] = [];
  for (const issue of issues) {
    // A union failure is most useful as the errors of the branch the document chose.
    if (issue.code === 'invalid_union' && 'note' in issue && issue.discriminator) {
      const options = 'options' in issue && Array.isArray(issue.options) ? `; expected one of ${issue.options.join(', ')}` : '';
      const value = valueAt(input, issue.path);
      out.push(`${formatPath(issue.path)}: ${value === undefined ? 'required' : `unknown type ${JSON.stringify(value)}`}${options}`);
      continue;
    }
    if (issue.code === 'invalid_key') {
      out.push(...formatIssues(issue.issues.map((e) => ({ ...e, path: issue.path })), input));
      continue;
    }
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const branch = issue.errors.reduce((best, e) => (e.length < best.length ? e : best));
      out.push(...formatIssues(branch.map((e) => ({ ...e, path: [...issue.path, ...e.path] })), input));
      continue;
    }
    out.push(`${formatPath(issue.path)}: ${describe(issue)}`);
  }
  return out;
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = input;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown option${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  return issue.message;
}

/** Validates a property document: the schema, then references between its parts. */
export function parseProperty(input: unknown): ValidationResult {
  // reportInput: zod 4 leaves `input` off issues otherwise, and describe() needs it to tell a
  // missing value ("required") from one of the wrong type.
  const parsed = propertySchema.safeParse(input, { reportInput: true });
  if (!parsed.success) return { ok: false, errors: formatIssues(parsed.error.issues, input) };
  const errors = checkReferences(parsed.data);
  return errors.length ? { ok: false, errors } : { ok: true, property: parsed.data };
}

/** Like parseProperty, but throws one Error listing every problem. */
export function assertProperty(input: unknown, source = 'property'): Property {
  const result = parseProperty(input);
  if (!result.ok) throw new Error(`${source} is invalid:\n  ${result.errors.join('\n  ')}`);
  return result.property;
}

/** Loose views of an unchecked document: a part of the wrong shape reads as absent. */
type Loose = Record<string, unknown>;
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const objectOf = (value: unknown): Loose | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : undefined);
const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Schema errors and reference errors together, for an editor that shows every problem at once
 * (issue 19 item 5): the reference checks read the document as far as it has the right shape, and
 * a reference error at or under a path the schema already faults is left out.
 */
export function validateAll(input: unknown): ValidationResult {
  const parsed = propertySchema.safeParse(input, { reportInput: true });
  if (parsed.success) {
    const errors = checkReferences(parsed.data);
    return errors.length ? { ok: false, errors } : { ok: true, property: parsed.data };
  }
  const schemaErrors = formatIssues(parsed.error.issues, input);
  const faulted = schemaErrors.map((e) => e.slice(0, e.indexOf(': ')));
  const covered = (path: string) => faulted.some((f) => f === '(document)' || path === f || path.startsWith(f + '.') || path.startsWith(f + '['));
  return { ok: false, errors: [...schemaErrors, ...checkReferences(input).filter((e) => !covered(e.slice(0, e.indexOf(': '))))] };
}

function checkReferences(input: unknown): string[] {
  const property = objectOf(input) ?? {};
  const errors: string[] = [];
  const names = new Set<string>();
  listOf(property.dataElements).forEach((element, i) => {
    const name = textOf(objectOf(element)?.name);
    if (name === undefined || name === '') return;
    if (names.has(name)) errors.push(`dataElements[${i}].name: duplicate data element "${name}"`);
    names.add(name);
  });
  const settings = objectOf(property.settings);
  const consent = objectOf(settings?.consent);
  for (const part of ['status', 'statistics'] as const) {
    const name = textOf(consent?.[part]);
    if (consent && name !== undefined && !names.has(name)) errors.push(`settings.consent.${part}: unknown data element "${name}"`);
  }
  // CONTRACT §5: no identifier without the Statistics choice, so the identity code needs the consent gate.
  if (settings?.identity && !consent) errors.push('settings.identity: needs settings.consent: the visitor id exists only with the Statistics choice on');
  const rules = listOf(property.rules).map(objectOf);
  // Issue 15: the page-load decision needs a decision service to ask, and the Statistics choice before it asks.
  const personalising = rules.flatMap((rule, i) => listOf(rule?.actions).flatMap((a, j) => (objectOf(a)?.type === 'personalise' ? [`rules[${i}].actions[${j}]`] : [])));
  const page = objectOf(property.personalisation);
  if (personalising.length && !page) errors.push(`${personalising[0]}: a personalise action needs the property's personalisation section (client, activities and server)`);
  else if (personalising.length && page && page.server === undefined) errors.push('personalisation.server: required when a rule has a personalise action: the decision service the page asks (host[:port])');
  if (personalising.length && !consent) errors.push(`${personalising[0]}: a personalise action needs settings.consent: no decision request before the Statistics choice (SPEC §5)`);
  const ruleNames = new Set<string>();
  rules.forEach((rule, i) => {
    const name = textOf(rule?.name);
    if (name !== undefined && name !== '') {
      if (ruleNames.has(name)) errors.push(`rules[${i}].name: duplicate rule "${name}"`);
      ruleNames.add(name);
    }
    listOf(rule?.events).forEach((value, j) => {
      const event = objectOf(value);
      const name = textOf(objectOf(event?.settings)?.name);
      if (event?.type === 'data-element-change' && name !== undefined && !names.has(name)) errors.push(`rules[${i}].events[${j}].settings.name: unknown data element "${name}"`);
    });
  });
  // Activities are checked against each other once their own part has the right shape.
  const personalisation = personalisationSchema.optional().safeParse(property.personalisation);
  if (personalisation.success && personalisation.data) errors.push(...checkActivities(personalisation.data, names));
  const checkTokens = (value: unknown, path: Array<string | number>, isRecord = false) => {
    if (typeof value === 'string') {
      for (const [, name] of value.matchAll(TOKEN)) {
        if (name !== undefined && !names.has(name) && !BUILT_IN_TOKEN.test(name))
          errors.push(`${formatPath(path)}: unknown data element "${name}" in %${name}%`);
      }
    } else if (Array.isArray(value)) {
      value.forEach((v, k) => checkTokens(v, [...path, k]));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) if (isRecord || !NOT_RESOLVED.has(k)) checkTokens(v, [...path, k], !isRecord && RECORDS.has(k));
    }
  };
  listOf(property.dataElements).forEach((element, i) => checkTokens(objectOf(element)?.settings, ['dataElements', i, 'settings']));
  for (const [name, value] of Object.entries(objectOf(settings?.everyHit) ?? {})) {
    if (typeof value !== 'string') continue;
    checkTokens(value, ['settings', 'everyHit', name]);
    // Resolved when any hit is sent, by no rule: there is no rule event or element to read.
    for (const [, token] of value.matchAll(TOKEN))
      if (token !== undefined && BUILT_IN_TOKEN.test(token)) errors.push(`${formatPath(['settings', 'everyHit', name])}: %${token}% reads a rule's event, and every-hit variables belong to no rule`);
  }
  rules.forEach((rule, i) => {
    (['conditions', 'exceptions', 'actions'] as const).forEach((part) =>
      listOf(rule?.[part]).forEach((component, j) => checkTokens(objectOf(component)?.settings, ['rules', i, part, j, 'settings'])),
    );
  });
  return errors;
}
