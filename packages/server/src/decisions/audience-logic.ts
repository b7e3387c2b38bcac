import { audienceParameter, type Audience, type AudienceCondition } from '@tagwell/schema';
import type { Logic } from './json-logic';

// Audiences as JSON logic over the decisioning context (page-context.ts): what the artifact
// carries and what the server applies (docs/PERSONALISATION.md "Audiences").

const v = (name: string): Logic => ({ var: name });
const anyOf = (parts: Logic[]): Logic => (parts.length === 1 ? parts[0]! : { or: parts });
/** The string starts with the prefix: json-logic has no startsWith, substr does it. */
const startsWith = (value: Logic, prefix: string): Logic => ({ '==': [{ substr: [value, 0, prefix.length] }, prefix] });
/** `&name=` or `&name&` inside `&<query>&`: a parameter of the query, whatever its place. */
const QUERY: Logic = { cat: ['&', v('page.query_lc'), '&'] };
const encode = (text: string) => encodeURIComponent(text).toLowerCase();

function hostIs(host: string): Logic {
  // The engine's page context has no host of its own (its domain is the registrable domain), so the
  // host is read from the URL: the scheme, the host, then a port, a path, a query, a fragment or the end.
  const parts: Logic[] = [];
  for (const scheme of ['http://', 'https://']) {
    parts.push({ '==': [v('page.url_lc'), scheme + host] });
    for (const next of [':', '/', '?', '#']) parts.push(startsWith(v('page.url_lc'), scheme + host + next));
  }
  return { or: parts };
}

function conditionLogic(condition: AudienceCondition): Logic {
  const parameter = audienceParameter(condition);
  switch (condition.type) {
    case 'host':
      return anyOf(condition.values.map(hostIs));
    case 'path':
      if (condition.operator === 'equals') return { in: [v('page.path_lc'), condition.values] };
      if (condition.operator === 'startsWith') return anyOf(condition.values.map((path) => startsWith(v('page.path_lc'), path)));
      return anyOf(condition.values.map((path) => ({ in: [path, v('page.path_lc')] })));
    case 'query': {
      const name = encode(condition.name);
      if (condition.operator === 'equals') return { in: [`&${name}=${encode(condition.value ?? '')}&`, QUERY] };
      return { or: [{ in: [`&${name}=`, QUERY] }, { in: [`&${name}&`, QUERY] }] };
    }
    case 'data-element':
      if (condition.operator === 'exists') return { '!!': [v(`mbox.${parameter}`)] };
      if (condition.operator === 'contains') return { in: [condition.value ?? '', v(`mbox.${parameter}_lc`)] };
      return { '==': [v(`mbox.${parameter}_lc`), condition.value ?? ''] };
    case 'visitor':
      return { '==': [v(`mbox.${parameter}_lc`), condition.is] };
    case 'event-history':
      return { '>=': [v(`mbox.${parameter}`), condition.atLeast] };
  }
}

/** The audience as one condition; `true` for an audience of every visitor. */
export function audienceLogic(audience: Audience | undefined): Logic[] {
  if (!audience || audience.conditions.length === 0) return [];
  const parts = audience.conditions.map((condition) => (condition.negate ? { '!': [conditionLogic(condition)] } : conditionLogic(condition)));
  return [audience.match === 'any' ? anyOf(parts) : parts.length === 1 ? parts[0]! : { and: parts }];
}

/** The visitor's allocation in [from, to): their experience of an A/B test. */
export const allocationLogic = (from: number, to: number): Logic[] => [{ '<=': [from, v('allocation')] }, { '<': [v('allocation'), to] }];

/** All parts must hold; no parts: always. */
export const allOf = (parts: Logic[]): Logic => (parts.length === 0 ? true : parts.length === 1 ? parts[0]! : { and: parts });
