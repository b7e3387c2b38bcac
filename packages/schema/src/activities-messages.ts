import { z } from 'zod';
import { audienceConditionSchema, EVENT_HISTORY_DAYS } from './activities-audience';
import { markup } from './activities-markup';

// In-app messages (issue 16 item 2; SPEC §3 "schemas for ... in-app message and rule set", §5, §9):
// an offer the page shows as a modal dialog when its rule set, evaluated in the page against the
// visitor's event history and the page's context, holds (docs/PERSONALISATION.md "In-app messages").

/** SPEC §9: in-app message container defaults: width 100 percent, height 100vh, backdrop rgba(0,0,0,0.5) with opacity 0.5. */
export const IN_APP_MESSAGE_DEFAULTS = { width: 100, height: 100, backdropColor: 'rgba(0,0,0,0.5)', backdropOpacity: 0.5 } as const;

/** The bounds of the display settings: narrower or lower than these a message is not readable at 360 px. */
export const IN_APP_MESSAGE_LIMITS = { minWidth: 50, maxWidth: 100, minHeight: 30, maxHeight: 100 } as const;

/** The history events of a message, per activity (the page records them; rule sets count them). */
export const MESSAGE_EVENTS = ['display', 'interact', 'dismiss'] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/**
 * The custom link names of the hits that report a message's interact and dismiss events (SPEC §4; the
 * runtime's personalisation/messages/report.ts sends them, the server's experiments/ counts them).
 */
export const MESSAGE_LINK_NAMES = { interact: 'Personalisation message interact', dismiss: 'Personalisation message dismiss' } as const;

/** The event history's name for a message event of an activity: `message-1003-display` (runtime messages/, SPEC §3 a hash key of it). */
export const messageHistoryEvent = (activityId: number, event: MessageEvent): string => `message-${activityId}-${event}`;

/** #rgb, #rrggbb, or rgb()/rgba() with numbers: a colour, and nothing a style could be smuggled in with. */
const colour = z
  .string()
  .regex(/^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i, 'a colour such as #000000 or rgba(0,0,0,0.5)');

/** The container's display settings (SPEC §9: the defaults above when left out), each within its bounds. */
export const messageDisplaySchema = z.strictObject({
  /** Percent of the viewport's width. */
  width: z.number().min(IN_APP_MESSAGE_LIMITS.minWidth, `at least ${IN_APP_MESSAGE_LIMITS.minWidth} (percent of the screen's width): narrower is not readable at 360 px`).max(100, 'at most 100 (percent)').optional(),
  /** Percent of the viewport's height (vh). */
  height: z.number().min(IN_APP_MESSAGE_LIMITS.minHeight, `at least ${IN_APP_MESSAGE_LIMITS.minHeight} (percent of the screen's height)`).max(100, 'at most 100 (vh)').optional(),
  backdropColor: colour.optional(),
  backdropOpacity: z.number().min(0, 'from 0 to 1').max(1, 'from 0 to 1').optional(),
});

/** "has seen (interacted with, dismissed) this message at least N times in N days"; negate: has not. */
const messageCondition = z.strictObject({
  type: z.literal('message'),
  negate: z.boolean().default(false),
  event: z.enum(MESSAGE_EVENTS).default('display'),
  atLeast: z.number().int().min(1, 'at least 1 (use negate for "has not")').default(1),
  withinDays: z.number().int().min(1).max(EVENT_HISTORY_DAYS, `at most ${EVENT_HISTORY_DAYS}: history is kept ${EVENT_HISTORY_DAYS} days (SPEC §9)`).default(EVENT_HISTORY_DAYS),
});

/** The audience's conditions the page can read itself, and the message's own history. */
export const ruleSetConditionSchema = z.discriminatedUnion('type', [audienceConditionSchema, messageCondition]).superRefine((condition, ctx) => {
  if (condition.type === 'visitor') ctx.addIssue({ code: 'custom', path: ['type'], message: 'new or repeat visitor is for the activity audience, not a rule set', input: condition.type });
});

/** SPEC §3 rule set: shown when all (or any) of its conditions hold in the page; no conditions: on every page the activity decides. */
export const ruleSetSchema = z.strictObject({
  match: z.enum(['all', 'any']).default('all'),
  conditions: z.array(ruleSetConditionSchema).default([]),
});

/** The dialog is named by the content's first heading (runtime messages/dialog.ts). */
const HEADING = /<h[1-6][\s>]/i;
const messageHtml = markup.refine((html) => HEADING.test(html), 'must hold a heading (h1 to h6): it names the dialog for screen readers');

const htmlMessage = z.strictObject({
  type: z.literal('inAppMessage'),
  contentType: z.literal('text/html'),
  content: messageHtml,
  webParameters: messageDisplaySchema.optional(),
  ruleSet: ruleSetSchema.prefault({}),
});

/** SPEC §5: JSON content also needs mobileParameters, webParameters and html. */
const jsonMessage = z.strictObject({
  type: z.literal('inAppMessage'),
  contentType: z.literal('application/json'),
  content: z.strictObject({
    html: messageHtml,
    /** Kept for app SDKs that read the same message; the page does not read them. */
    mobileParameters: z.record(z.string(), z.json(), { error: 'an object (the settings app SDKs read; {} for none)' }),
    webParameters: messageDisplaySchema,
  }),
  ruleSet: ruleSetSchema.prefault({}),
});

/** SPEC §5: an in-app message needs content and contentType. */
export const inAppMessageSchema = z.discriminatedUnion('contentType', [htmlMessage, jsonMessage]);

export type InAppMessage = z.output<typeof inAppMessageSchema>;
export type RuleSet = z.output<typeof ruleSetSchema>;
export type RuleSetCondition = z.output<typeof ruleSetConditionSchema>;
export type MessageDisplay = z.output<typeof messageDisplaySchema>;

/** What the page is sent (decisions/artifact.ts) and validates (SPEC §5, §8): content and contentType, the display settings and the rule set. */
export function messageData(message: InAppMessage): Record<string, unknown> {
  return message.contentType === 'text/html'
    ? { content: message.content, contentType: message.contentType, ...(message.webParameters && { webParameters: message.webParameters }), ruleSet: message.ruleSet }
    : { content: message.content, contentType: message.contentType, ruleSet: message.ruleSet };
}
