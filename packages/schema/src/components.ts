import { z } from 'zod';
import { regexProblem } from './regex';
import { selectorProblem } from './selector';
import { EVENT_NAME, isSettableVariable } from './variables';

// One schema per component type. Every object is strict, so a misspelt option is an error
// rather than a silently ignored setting.

const text = z.string().min(1, 'must not be empty');

export { isValidRegex } from './regex';
/** A regular expression; an invalid one is reported with the engine's reason and its position. */
export const regexPattern = z.string().min(1, 'must not be empty').superRefine((pattern, ctx) => {
  const problem = regexProblem(pattern);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: pattern });
});
const regex = regexPattern;
/** A CSS selector the browser can parse (checked here, so no container carries one it cannot). */
export const cssSelector = z.string().superRefine((value, ctx) => {
  const problem = selectorProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
});
const selector = cssSelector;

/** Custom code, compiled into a function at build time (no eval in the page). */
const code = z.strictObject({
  source: z.string().optional(),
  file: text.optional(),
}).refine((c) => (c.source === undefined) !== (c.file === undefined), 'give exactly one of source and file');

const noSettings = z.strictObject({}).optional();

// --- Events -----------------------------------------------------------------

export const eventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('library-loaded'), settings: noSettings }),
  z.strictObject({ type: z.literal('page-bottom'), settings: noSettings }),
  z.strictObject({ type: z.literal('dom-ready'), settings: noSettings }),
  z.strictObject({ type: z.literal('window-loaded'), settings: noSettings }),
  z.strictObject({ type: z.literal('data-element-change'), settings: z.strictObject({ name: text }) }),
  z.strictObject({
    type: z.literal('click'),
    settings: z.strictObject({
      selector,
      /** SPEC §9: click rules wait 100 ms for anchors before navigating. */
      anchorDelay: z.boolean().default(true),
    }),
  }),
  z.strictObject({
    type: z.literal('custom-event'),
    settings: z.strictObject({ eventType: text, selector: selector.optional() }),
  }),
  z.strictObject({ type: z.literal('direct-call'), settings: z.strictObject({ id: text }) }),
  z.strictObject({ type: z.literal('element-exists'), settings: z.strictObject({ selector }) }),
]);

// --- Conditions ---------------------------------------------------------------

const matcher = {
  pattern: regex,
  caseInsensitive: z.boolean().optional(),
};
const valueMatch = {
  value: z.string().optional(),
  pattern: regex.optional(),
  caseInsensitive: z.boolean().optional(),
};
const operators = ['equals', 'contains', 'startsWith', 'endsWith', 'matchesRegex', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual', 'isTruthy', 'isFalsy'] as const;

const conditionBase = { negate: z.boolean().optional() };

export const conditionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('path'), ...conditionBase, settings: z.strictObject(matcher) }),
  z.strictObject({ type: z.literal('host'), ...conditionBase, settings: z.strictObject(matcher) }),
  z.strictObject({ type: z.literal('query-parameter'), ...conditionBase, settings: z.strictObject({ name: text, ...valueMatch }) }),
  z.strictObject({ type: z.literal('cookie'), ...conditionBase, settings: z.strictObject({ name: text, ...valueMatch }) }),
  z.strictObject({
    type: z.literal('value-comparison'),
    ...conditionBase,
    settings: z
      .strictObject({
        left: z.string(),
        operator: z.enum(operators),
        right: z.string().optional(),
        pattern: regex.optional(),
        caseInsensitive: z.boolean().optional(),
      })
      .superRefine((s, ctx) => {
        if (s.operator === 'matchesRegex' && s.pattern === undefined)
          ctx.addIssue({ code: 'custom', path: ['pattern'], message: 'required when operator is matchesRegex' });
        if (!['matchesRegex', 'isTruthy', 'isFalsy'].includes(s.operator) && s.right === undefined)
          ctx.addIssue({ code: 'custom', path: ['right'], message: `required when operator is ${s.operator}` });
      }),
  }),
  z.strictObject({ type: z.literal('no-hash'), ...conditionBase, settings: noSettings }),
  z.strictObject({ type: z.literal('custom-code'), ...conditionBase, settings: code }),
]);

// --- Actions ------------------------------------------------------------------

const variableName = z.string().refine(isSettableVariable, 'not an analytics variable (pageName, channel, server, propN, eVarN, hierN, listN, campaign, products, ...)');
const eventName = z.string().regex(EVENT_NAME, 'not an analytics event (event1..event1000 or a standard commerce event)');

export const actionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('set-variables'),
    settings: z.strictObject({
      variables: z.record(variableName, z.string()).optional(),
      events: z
        .array(z.strictObject({ name: eventName, value: z.string().optional(), id: z.string().optional() }))
        .optional(),
      contextData: z.record(z.string().regex(/^[A-Za-z0-9_.]+$/, 'context data keys use letters, digits, _ and .'), z.string()).optional(),
      linkTrackVars: z.array(variableName).optional(),
      linkTrackEvents: z.array(eventName).optional(),
    }),
  }),
  z.strictObject({
    type: z.literal('send-beacon'),
    settings: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('page') }),
      z.strictObject({
        type: z.literal('link'),
        linkType: z.enum(['o', 'd', 'e']).default('o'),
        linkName: text,
        linkUrl: z.string().optional(),
        /** SPEC §4: the report of a consent choice leaves even with Statistics off (without an identifier). */
        consentExempt: z.boolean().optional(),
      }),
    ]),
  }),
  z.strictObject({ type: z.literal('clear-variables'), settings: noSettings }),
  z.strictObject({ type: z.literal('load-script'), settings: z.strictObject({ url: text }) }),
  z.strictObject({ type: z.literal('custom-code'), settings: code }),
  z.strictObject({
    type: z.literal('load-survey'),
    settings: z.strictObject({
      /** The provider's brand and project identifiers (tokens allowed); both are needed. */
      brand: z.string(),
      project: z.string(),
      /** The provider's script; `brand` and `project` are added to its query. */
      scriptUrl: text,
      /** SPEC §9: feedback sampling 100%, cookie 7 days. */
      sampleRate: z.number().min(0).max(100).default(100),
      cookieDays: z.number().positive().default(7),
      /** A token that says whether the visitor allows the survey's cookie (`off` or empty: no cookie). */
      cookiesAllowed: z.string().optional(),
    }),
  }),
  z.strictObject({
    type: z.literal('set-cookie'),
    settings: z.strictObject({
      name: text,
      value: z.string(),
      /** Lifetime in days (fractions allowed); omitted: a session cookie. */
      days: z.number().positive().optional(),
      path: z.string().startsWith('/').default('/'),
      domain: z.string().optional(),
    }),
  }),
  z.strictObject({ type: z.literal('remove-query-parameter'), settings: z.strictObject({ name: text }) }),
  z.strictObject({
    type: z.literal('dispatch-event'),
    settings: z.strictObject({
      eventType: text,
      /** A CSS selector; omitted: the document. */
      target: selector.optional(),
      detail: z.record(z.string(), z.string()).optional(),
    }),
  }),  /** Issue 15: the page-load decision of the property's personalisation, rendered without flicker (docs/PERSONALISATION.md). */
  z.strictObject({ type: z.literal('personalise'), settings: noSettings }),
]);

// --- Data elements ------------------------------------------------------------

const pageAttributes = ['url', 'path', 'host', 'hostname', 'port', 'query', 'hash', 'protocol', 'referrer', 'title'] as const;

const storages = ['none', 'pageview', 'session', 'visitor'] as const;
const dataElementCommon = {
  name: text.refine((n) => !n.includes('%'), 'must not contain %'),
  description: z.string().optional(),
  /** Used when the value is undefined, null or empty. SPEC §3: 'N/A', 'not available' or empty. */
  default: z.string().optional(),
  forceLowerCase: z.boolean().optional(),
  /** Trims and collapses white space. */
  cleanText: z.boolean().optional(),
  /** How long the last non-empty value is remembered when the source is empty. */
  storage: z.enum(storages).optional(),
};
const element = <T extends string, S extends z.ZodType>(type: T, settings: S) =>
  z.strictObject({ type: z.literal(type), ...dataElementCommon, settings });

export const dataElementSchema = z.discriminatedUnion('type', [
  element(
    'data-layer',
    z.strictObject({
      path: z.string().regex(/^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/, 'a dotted path under window.digitalData, e.g. page.pageInfo.pageName'),
    }),
  ),
  element('cookie', z.strictObject({ name: text })),
  element('query-parameter', z.strictObject({ name: text })),
  element('meta-tag', z.strictObject({ name: text })),
  element('page-info', z.strictObject({ attribute: z.enum(pageAttributes) })),
  element(
    'lookup-table',
    z.strictObject({
      input: z.string(),
      table: z.array(z.strictObject({ in: z.string(), out: z.string() })).min(1, 'needs at least one row'),
      caseInsensitive: z.boolean().optional(),
    }),
  ),
  element('constant', z.strictObject({ value: z.string() })),
  element('custom-code', code),
  element('new-repeat', z.strictObject({ cookie: text.optional() }).optional()),
  element('previous-value', z.strictObject({ input: z.string(), cookie: text })),
]);

export const EVENT_TYPES = eventSchema.options.map((o) => o.shape.type.value);
export const CONDITION_TYPES = conditionSchema.options.map((o) => o.shape.type.value);
export const ACTION_TYPES = actionSchema.options.map((o) => o.shape.type.value);
export const DATA_ELEMENT_TYPES = dataElementSchema.options.map((o) => o.shape.type.value);
