import { toText } from '../../core/read-path';
import type { Context } from '../../core/types';

// SPEC §3 rule set: an in-app message is shown when its conditions hold in the page (schema
// activities-messages.ts ruleSetSchema), read against the page's address, the data elements and the
// visitor's event history (event-history.ts), the message's own display, interact and dismiss among
// its events. Wire names the compiler shortens for its own objects are read quoted (internal-properties.ts).

type Condition = Record<string, unknown>;

export interface RuleSetEnv {
  ctx: Context;
  /** How often the event happened in the last `days` days (the event history; 0 without one). */
  count(name: string, days: number): number;
  /** The message's activity: its own events are `message-<activity>-<event>` (schema messageHistoryEvent). */
  activity: number;
}

const lower = (value: unknown) => ('' + value).toLowerCase();
const list = (value: unknown) => (Array.isArray(value) ? value.map(lower) : []);
/** At least `atLeast` (default 1) times within `withinDays` (default 30, SPEC §9). */
const often = (env: RuleSetEnv, name: string, c: Condition) => env.count(name, +(c.withinDays as number) || 30) >= (+(c.atLeast as number) || 1);

/** One condition, without its negation; an unknown type never holds. */
function holds(c: Condition, env: RuleSetEnv): boolean {
  const operator = c['operator'];
  const value = lower(c.value);
  switch (c.type) {
    case 'host':
      return list(c.values).indexOf(location.hostname.toLowerCase()) >= 0;
    case 'path': {
      const path = location.pathname.toLowerCase();
      return list(c.values).some((v) => (operator == 'equals' ? path == v : operator == 'contains' ? path.indexOf(v) >= 0 : path.indexOf(v) == 0));
    }
    case 'query': {
      // SPEC §2: query parameters are read case-insensitively.
      let found: string | undefined;
      new URLSearchParams(location.search).forEach((v, k) => {
        if (found === undefined && lower(k) == lower(c.name)) found = lower(v);
      });
      return operator == 'equals' ? found == value : found !== undefined;
    }
    case 'data-element': {
      const text = lower(toText(env.ctx.getVar(c.name as string)));
      return operator == 'exists' ? !!text : operator == 'contains' ? text.indexOf(value) >= 0 : text == value;
    }
    case 'event-history':
      return often(env, '' + c.event, c);
    case 'message':
      return often(env, 'message-' + env.activity + '-' + (c.event || 'display'), c);
  }
  return false;
}

/** True when all (or, with match any, at least one) of the conditions hold; no conditions: always. A condition that throws does not hold. */
export function ruleSetHolds(ruleSet: unknown, env: RuleSetEnv): boolean {
  const conditions = ruleSet && (ruleSet as Condition)['conditions'];
  if (!Array.isArray(conditions) || !conditions.length) return true;
  const results = conditions.map((c: Condition) => {
    try {
      return holds(c, env) != !!c['negate'];
    } catch {
      return false;
    }
  });
  return (ruleSet as Condition).match == 'any' ? results.some(Boolean) : results.every(Boolean);
}
