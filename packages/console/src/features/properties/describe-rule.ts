/**
 * A rule read as one sentence (docs/PROPERTY.md "Rules"): any event fires it, every condition must
 * hold, no exception may hold, then the actions run in order.
 *
 * Literal text is in curly quotes; a value that is one data element token reads as the data
 * element's name, `%this.x%` as the element's x and `%event.x%` as the event's x.
 */
import type { ActionInput, ConditionInput, EventInput, PropertyDocument, RuleInput } from './document';

const TOKEN_ONLY = /^%([^%]+)%$/;

interface Context {
  dataElements: ReadonlySet<string>;
}

const contextOf = (property: Pick<PropertyDocument, 'dataElements'>): Context => ({
  dataElements: new Set((property.dataElements ?? []).map((d) => d.name)),
});

const quote = (text: string) => `“${text}”`;

function value(text: string, ctx: Context): string {
  const name = TOKEN_ONLY.exec(text)?.[1];
  if (name !== undefined) {
    if (name === 'this.@text') return 'the element’s text';
    if (name.startsWith('this.')) return `the element’s ${name.slice(5)}`;
    if (name.startsWith('event.')) return `the event’s ${name.slice(6)}`;
    if (ctx.dataElements.has(name)) return name;
  }
  return quote(text);
}

/** A pattern as a regular expression literal, its slashes escaped. */
function regex(pattern: string, caseInsensitive?: boolean): string {
  let body = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') body += c + (pattern[++i] ?? '');
    else body += c === '/' ? '\\/' : c;
  }
  return `/${body}/${caseInsensitive ? 'i' : ''}`;
}

function list(items: string[], last: 'and' | 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// --- Events ---------------------------------------------------------------------------------

export function describeEvent(event: EventInput, property: Pick<PropertyDocument, 'dataElements'> = {}): string {
  return eventPhrase(event, contextOf(property));
}

function eventPhrase(event: EventInput, _ctx: Context): string {
  switch (event.type) {
    case 'library-loaded':
      return 'when the library has loaded';
    case 'page-bottom':
      return 'at the page bottom';
    case 'dom-ready':
      return 'on DOM ready';
    case 'window-loaded':
      return 'on window load';
    case 'data-element-change':
      return `when ${event.settings.name} changes`;
    case 'click':
      return `on a click on ${quote(event.settings.selector)}${event.settings.anchorDelay === false ? ' (without the 100 ms link delay)' : ''}`;
    case 'custom-event':
      return `on the custom event ${quote(event.settings.eventType)}${event.settings.selector ? ` on ${quote(event.settings.selector)}` : ''}`;
    case 'direct-call':
      return `on the direct call ${quote(event.settings.id)}`;
    case 'element-exists':
      return `when ${quote(event.settings.selector)} exists`;
    default:
      return unknown(event);
  }
}

/** Custom events without a selector and direct calls read as one group each, where the first one was. */
function eventPhrases(events: EventInput[], ctx: Context): string[] {
  const out: Array<string | { kind: 'custom-event' | 'direct-call'; names: string[] }> = [];
  for (const event of events) {
    const grouped = event.type === 'custom-event' && !event.settings.selector ? event.settings.eventType : event.type === 'direct-call' ? event.settings.id : undefined;
    if (grouped === undefined) {
      out.push(eventPhrase(event, ctx));
      continue;
    }
    const kind = event.type as 'custom-event' | 'direct-call';
    const group = out.find((o): o is { kind: typeof kind; names: string[] } => typeof o === 'object' && o.kind === kind);
    if (group) group.names.push(grouped);
    else out.push({ kind, names: [grouped] });
  }
  return out.map((o) => {
    if (typeof o === 'string') return o;
    const what = o.kind === 'custom-event' ? 'custom event' : 'direct call';
    return o.names.length === 1 ? `on the ${what} ${quote(o.names[0]!)}` : `on any of the ${what}s ${list(o.names.map(quote), 'or')}`;
  });
}

// --- Conditions -----------------------------------------------------------------------------

export function describeCondition(condition: ConditionInput, property: Pick<PropertyDocument, 'dataElements'> = {}): string {
  return conditionPhrase(condition, contextOf(property));
}

const ignoringCase = (on?: boolean) => (on ? ' (ignoring case)' : '');

function conditionPhrase(condition: ConditionInput, ctx: Context): string {
  const not = condition.negate === true;
  switch (condition.type) {
    case 'path':
    case 'host':
      return `the ${condition.type} ${not ? 'does not match' : 'matches'} ${regex(condition.settings.pattern, condition.settings.caseInsensitive)}`;
    case 'query-parameter':
    case 'cookie': {
      const s = condition.settings;
      const subject = `the ${condition.type === 'cookie' ? 'cookie' : 'query parameter'} ${quote(s.name)}`;
      if (s.value !== undefined) return `${subject} ${not ? 'is not' : 'is'} ${value(s.value, ctx)}${ignoringCase(s.caseInsensitive)}`;
      if (s.pattern !== undefined) return `${subject} ${not ? 'does not match' : 'matches'} ${regex(s.pattern, s.caseInsensitive)}`;
      return `${subject} is ${not ? 'absent' : 'present'}`;
    }
    case 'value-comparison': {
      const s = condition.settings;
      const left = value(s.left, ctx);
      const right = s.right === undefined ? '' : value(s.right, ctx);
      const ci = ignoringCase(s.caseInsensitive);
      switch (s.operator) {
        case 'equals':
          return `${left} ${not ? 'is not' : 'is'} ${right}${ci}`;
        case 'contains':
          return `${left} ${not ? 'does not contain' : 'contains'} ${right}${ci}`;
        case 'startsWith':
          return `${left} ${not ? 'does not start with' : 'starts with'} ${right}${ci}`;
        case 'endsWith':
          return `${left} ${not ? 'does not end with' : 'ends with'} ${right}${ci}`;
        case 'matchesRegex':
          return `${left} ${not ? 'does not match' : 'matches'} ${regex(s.pattern ?? '', s.caseInsensitive)}`;
        case 'lessThan':
          return `${left} ${not ? 'is not less than' : 'is less than'} ${right}`;
        case 'lessThanOrEqual':
          return `${left} ${not ? 'is not at most' : 'is at most'} ${right}`;
        case 'greaterThan':
          return `${left} ${not ? 'is not greater than' : 'is greater than'} ${right}`;
        case 'greaterThanOrEqual':
          return `${left} ${not ? 'is not at least' : 'is at least'} ${right}`;
        case 'isTruthy':
          return `${left} ${not ? 'has no value' : 'has a value'}`;
        case 'isFalsy':
          return `${left} ${not ? 'has a value' : 'has no value'}`;
        default:
          return unknown(s.operator);
      }
    }
    case 'no-hash':
      return not ? 'the address has a hash' : 'the address has no hash';
    case 'custom-code':
      return `${codeName(condition.settings, 'custom code')} returns ${not ? 'false' : 'true'}`;
    default:
      return unknown(condition);
  }
}

function codeName(settings: { file?: string; source?: string }, inline: string): string {
  return settings.file ? `the custom code in ${settings.file}` : inline;
}

// --- Actions --------------------------------------------------------------------------------

export function describeAction(action: ActionInput, property: Pick<PropertyDocument, 'dataElements'> = {}): string {
  return actionPhrase(action, contextOf(property));
}

const LINK_HITS: Record<string, string> = { o: 'link hit', d: 'download link hit', e: 'exit link hit' };

function actionPhrase(action: ActionInput, ctx: Context): string {
  switch (action.type) {
    case 'set-variables': {
      const s = action.settings;
      const parts = [
        ...Object.entries(s.variables ?? {}).map(([name, v]) => `${name} to ${value(v, ctx)}`),
        ...(s.events ?? []).map((e) => `${e.name}${e.value !== undefined ? ` with value ${value(e.value, ctx)}` : ''}${e.id !== undefined ? ` with ID ${value(e.id, ctx)}` : ''}`),
        ...Object.entries(s.contextData ?? {}).map(([key, v]) => `context data ${key} to ${value(v, ctx)}`),
      ];
      const tracked = [...(s.linkTrackVars ?? []), ...(s.linkTrackEvents ?? [])];
      const set = parts.length ? `set ${list(parts, 'and')}` : 'set no variables';
      return tracked.length ? `${set}, sending ${list(tracked, 'and')} on link hits` : set;
    }
    case 'send-beacon': {
      const s = action.settings;
      if (s.type === 'page') return 'send a page view';
      return `send a ${LINK_HITS[s.linkType ?? 'o'] ?? 'link hit'} ${value(s.linkName, ctx)}${s.linkUrl ? ` for ${value(s.linkUrl, ctx)}` : ''}${s.consentExempt ? ', even without Statistics consent' : ''}`;
    }
    case 'clear-variables':
      return 'clear the variables';
    case 'load-script':
      return `load the script ${value(action.settings.url, ctx)}`;
    case 'custom-code':
      return `run ${codeName(action.settings, 'custom code')}`;
    case 'load-survey': {
      const s = action.settings;
      const cookie = s.cookiesAllowed ? `, its cookie allowed by ${value(s.cookiesAllowed, ctx)}` : '';
      return `load the survey ${value(s.scriptUrl, ctx)} for brand ${value(s.brand, ctx)} and project ${value(s.project, ctx)} (${s.sampleRate ?? 100}% of visitors, ${s.cookieDays ?? 7}-day cookie${cookie})`;
    }
    case 'set-cookie': {
      const s = action.settings;
      const days = s.days === undefined ? ' for the session' : ` for ${s.days} day${s.days === 1 ? '' : 's'}`;
      const where = `${s.path !== undefined && s.path !== '/' ? ` on the path ${quote(s.path)}` : ''}${s.domain ? ` for the domain ${quote(s.domain)}` : ''}`;
      return `set the cookie ${quote(s.name)} to ${value(s.value, ctx)}${days}${where}`;
    }
    case 'remove-query-parameter':
      return `remove the query parameter ${quote(action.settings.name)} from the address and reload the page`;
    case 'dispatch-event': {
      const s = action.settings;
      const detail = Object.entries(s.detail ?? {}).map(([key, v]) => `${key} ${value(v, ctx)}`);
      return `dispatch the event ${quote(s.eventType)} on ${s.target ? quote(s.target) : 'the document'}${detail.length ? ` with the detail ${list(detail, 'and')}` : ''}`;
    }
    case 'personalise':
      return "run the page-load personalisation (the body hidden until the decision service's answer is rendered)";
    default:
      return unknown(action);
  }
}

function unknown(component: unknown): string {
  const type = component && typeof component === 'object' && 'type' in component ? String((component as { type: unknown }).type) : String(component);
  return `(unknown ${quote(type)})`;
}

// --- The rule -------------------------------------------------------------------------------

/** "On DOM ready, if Search Keyword has a value, unless the path matches /^\/x/: set eVar10 to Search Keyword and event2." */
export function describeRule(rule: RuleInput, property: Pick<PropertyDocument, 'dataElements'>): string {
  const ctx = contextOf(property);
  let sentence = capitalise(list(eventPhrases(rule.events, ctx), 'or')) || 'Never (no event)';
  const conditions = (rule.conditions ?? []).map((c) => conditionPhrase(c, ctx));
  const exceptions = (rule.exceptions ?? []).map((c) => conditionPhrase(c, ctx));
  // Every condition joined by "and", every exception by "or": their phrases may hold commas.
  if (conditions.length) sentence += `, if ${conditions.join(' and ')}`;
  if (exceptions.length) sentence += `, unless ${exceptions.join(' or ')}`;
  const actions = rule.actions.map((a) => actionPhrase(a, ctx));
  return `${sentence}: ${actions.length ? actions.join('; then ') : 'do nothing'}.`;
}
