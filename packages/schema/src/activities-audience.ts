import { z } from 'zod';

// Who an activity is for (issue 14 item 1): what the container knows about the page and the
// visitor. Page facts (host, path, query) come from the address in the decision request; the
// visitor facts (data element values, new or repeat, event history) are sent by the page as
// request parameters under `tw.` (audienceParameter below), the names the decision service reads.

const text = z.string().min(1, 'must not be empty');
const lower = (what: string) => text.refine((value) => value === value.toLowerCase(), `lower-case: ${what} are compared lower-cased`);

/** SPEC §9: event history is kept 30 days. */
export const EVENT_HISTORY_DAYS = 30;

/** true: the visitor matches when the condition does not hold (SPEC §2: not on the Welsh subdomain). */
const negate = z.boolean().default(false);

const hostCondition = z.strictObject({
  type: z.literal('host'),
  negate,
  /** The page's host name, without the port: one of these. */
  values: z.array(lower('host names').pipe(z.string().regex(/^[a-z0-9.-]+$/, 'a host name without a port'))).min(1, 'at least one host'),
});

const pathCondition = z.strictObject({
  type: z.literal('path'),
  negate,
  operator: z.enum(['equals', 'startsWith', 'contains']).default('startsWith'),
  /** Paths (equals, startsWith) start with /; contains takes any part of one. */
  values: z.array(lower('paths').pipe(z.string().regex(/^\S+$/, 'a path without spaces'))).min(1, 'at least one path'),
});

const queryCondition = z.strictObject({
  type: z.literal('query'),
  negate,
  /** SPEC §2: query parameters are read case-insensitively. */
  name: lower('query parameter names').pipe(z.string().regex(/^[\w.-]+$/, 'letters, digits, _, . and -')),
  operator: z.enum(['exists', 'equals']).default('exists'),
  value: lower('query values').optional(),
});

const dataElementCondition = z.strictObject({
  type: z.literal('data-element'),
  negate,
  /** A data element of this property; the page sends its value (audienceParameter). */
  name: text,
  operator: z.enum(['equals', 'contains', 'exists']).default('equals'),
  value: lower('data element values').optional(),
});

const visitorCondition = z.strictObject({
  type: z.literal('visitor'),
  negate,
  /** SPEC §9: new versus repeat visitor, 30-minute window, as the page decides it. */
  is: z.enum(['new', 'repeat']),
});

/** SPEC §3: an event history entry is a key and its timestamps; the page counts them (part 2). */
const eventHistoryCondition = z.strictObject({
  type: z.literal('event-history'),
  negate,
  /** The event's key: an analytics event such as event15, or a custom event name. */
  event: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -, such as event15'),
  atLeast: z.number().int().min(1, 'at least 1 (an audience of "never did it" is not supported)').default(1),
  withinDays: z.number().int().min(1).max(EVENT_HISTORY_DAYS, `at most ${EVENT_HISTORY_DAYS}: history is kept ${EVENT_HISTORY_DAYS} days (SPEC §9)`).default(EVENT_HISTORY_DAYS),
});

export const audienceConditionSchema = z
  .discriminatedUnion('type', [hostCondition, pathCondition, queryCondition, dataElementCondition, visitorCondition, eventHistoryCondition])
  .superRefine((condition, ctx) => {
    if ((condition.type === 'query' || condition.type === 'data-element') && condition.operator !== 'exists' && condition.value === undefined)
      ctx.addIssue({ code: 'custom', path: ['value'], message: `required with operator ${condition.operator}`, input: condition });
    if (condition.type === 'path' && condition.operator !== 'contains')
      condition.values.forEach((path, i) => {
        if (!path.startsWith('/')) ctx.addIssue({ code: 'custom', path: ['values', i], message: `a path starting with / (or use operator contains)`, input: path });
      });
    if ((condition.type === 'query' || condition.type === 'data-element') && condition.operator === 'exists' && condition.value !== undefined)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'not used with operator exists', input: condition });
  });

export const audienceSchema = z.strictObject({
  /** all: every condition holds; any: at least one. No conditions: every visitor. */
  match: z.enum(['all', 'any']).default('all'),
  conditions: z.array(audienceConditionSchema).default([]),
});

export type AudienceCondition = z.output<typeof audienceConditionSchema>;
export type Audience = z.output<typeof audienceSchema>;

/** A name as a request parameter key part: lower-case letters, digits and _. */
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/**
 * The request parameter (mbox, page load or view parameters) that carries what a visitor
 * condition reads: `tw.visitor` = new|repeat, `tw.de.<data element>` = its value,
 * `tw.history.<event>_<days>d` = how many times the event happened in those days.
 */
export function audienceParameter(condition: AudienceCondition): string | undefined {
  if (condition.type === 'visitor') return 'tw.visitor';
  if (condition.type === 'data-element') return `tw.de.${slug(condition.name)}`;
  if (condition.type === 'event-history') return `tw.history.${slug(condition.event)}_${condition.withinDays}d`;
  return undefined;
}
