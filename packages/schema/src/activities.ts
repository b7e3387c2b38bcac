import { z } from 'zod';
import { audienceSchema, type AudienceCondition } from './activities-audience';
import { MESSAGE_EVENTS, type RuleSetCondition } from './activities-messages';
import { offerSchema } from './activities-offers';
import { cssSelector } from './components';
import type { Property } from './property';

// Activities (issue 14 item 1, docs/PERSONALISATION.md): A/B tests and experience targeting,
// decided by the server's decision service (Target Delivery API v1) and by the on-device
// artifact, published per environment with the rest of the property.

const text = z.string().min(1, 'must not be empty');

/** SPEC §5: the mbox name has a maximum length (not shown; Target's is 250). */
export const PERSONALISATION_LIMITS = {
  locationMaxLength: 250,
  /** SPEC §9: the page-load request times out after this long, and the page is shown at the latest then. */
  requestTimeoutMs: 3_000,
  /** SPEC §9: the session id lives this long, renewed on activity. */
  sessionMs: 1_860_000,
  /** SPEC §9: a request URL longer than this goes as POST (the page always POSTs: the endpoint is POST-only). */
  urlMaxLength: 2_048,
} as const;

/** SPEC §9: the page-hiding style is body opacity 0. */
export const DEFAULT_PREHIDING_STYLE = 'body { opacity: 0 !important }';

/** SPEC §5: view names are non-empty and lower-cased; mbox names are matched as written. */
const locationSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('mbox'),
    name: z
      .string()
      .min(1, 'mbox option is required')
      .max(PERSONALISATION_LIMITS.locationMaxLength, 'mbox option is too long')
      .regex(/^[\w.:-]+$/, 'letters, digits, _, ., : and -, such as target-global-mbox'),
  }),
  z.strictObject({
    type: z.literal('view'),
    name: z
      .string()
      .min(1, 'View name should be a non-empty string')
      .max(PERSONALISATION_LIMITS.locationMaxLength, 'at most 250 characters')
      .refine((name) => name === name.toLowerCase(), 'lower-case: view names are lower-cased (SPEC §5)'),
  }),
]);

export const goalSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('page-view'), name: text, path: z.string().regex(/^\/\S*$/, 'a path starting with /') }),
  z.strictObject({ type: z.literal('click'), name: text, selector: cssSelector }),
  /** SPEC §9: event15 (tool completion) and event17 (link click) are the personalisation events. */
  z.strictObject({ type: z.literal('analytics-event'), name: text, event: z.string().regex(/^event([1-9]\d{0,2})$/, 'an analytics event such as event15') }),
  /** SPEC §4: an in-app message of the activity was interacted with (its link or button) or dismissed. */
  z.strictObject({ type: z.literal('message'), name: text, event: z.enum(MESSAGE_EVENTS.filter((e) => e !== 'display') as ['interact', 'dismiss']) }),
]);

const experienceSchema = z.strictObject({
  /** Its position is its experience id (0 is the first); keep the order once the activity runs. */
  name: text,
  /** Percent of the activity's visitors (A/B tests); the splits sum to 100. */
  split: z.number().int('a whole percentage').min(0).max(100).optional(),
  /** Experience targeting: who sees this experience; the first experience whose audience matches wins. */
  audience: audienceSchema.optional(),
  offers: z.array(offerSchema).min(1, 'an experience needs at least one offer'),
});

export const activitySchema = z
  .strictObject({
    /** Target's activity id: a stable number, part of every visitor's allocation. */
    id: z.number().int().min(1).max(2_147_483_647),
    name: text,
    type: z.enum(['ab', 'xt']),
    /** paused: kept in the document, never decided. */
    state: z.enum(['active', 'paused']).default('active'),
    location: locationSchema,
    audience: audienceSchema.prefault({}),
    experiences: z.array(experienceSchema).min(1, 'at least one experience'),
    goals: z.array(goalSchema).min(1, 'at least one goal: an activity measures something'),
  })
  .superRefine((activity, ctx) => {
    const names = new Set<string>();
    activity.experiences.forEach((experience, i) => {
      if (names.has(experience.name)) ctx.addIssue({ code: 'custom', path: ['experiences', i, 'name'], message: `duplicate experience "${experience.name}"`, input: experience.name });
      names.add(experience.name);
      if (activity.type === 'ab' && experience.split === undefined) ctx.addIssue({ code: 'custom', path: ['experiences', i, 'split'], message: 'required in an A/B test', input: experience });
      if (activity.type === 'ab' && experience.audience) ctx.addIssue({ code: 'custom', path: ['experiences', i, 'audience'], message: 'A/B test experiences share the activity audience; use experience targeting (xt)', input: experience });
      if (activity.type === 'xt' && experience.split !== undefined) ctx.addIssue({ code: 'custom', path: ['experiences', i, 'split'], message: 'experience targeting has no split: the audience chooses', input: experience });
    });
    if (activity.type === 'ab') {
      if (activity.experiences.length < 2) ctx.addIssue({ code: 'custom', path: ['experiences'], message: 'an A/B test needs at least two experiences', input: activity.experiences });
      const total = activity.experiences.reduce((sum, e) => sum + (e.split ?? 0), 0);
      if (activity.experiences.every((e) => e.split !== undefined) && total !== 100)
        ctx.addIssue({ code: 'custom', path: ['experiences'], message: `the traffic splits must sum to 100, not ${total}`, input: activity.experiences });
    }
    activity.experiences.forEach((experience, i) => {
      const redirects = experience.offers.filter((o) => o.type === 'redirect').length;
      // SPEC §4: a redirect renders alone.
      if (redirects > 0 && experience.offers.length > 1) ctx.addIssue({ code: 'custom', path: ['experiences', i, 'offers'], message: 'a redirect is the only offer of its experience', input: experience.offers });
      if (activity.location.type === 'view' && experience.offers.some((o) => o.type === 'json' || o.type === 'html' || o.type === 'redirect' || o.type === 'inAppMessage'))
        ctx.addIssue({ code: 'custom', path: ['experiences', i, 'offers'], message: 'a view shows DOM actions only', input: experience.offers });
      // The page shows one dialog at a time (docs/PERSONALISATION.md "In-app messages").
      if (experience.offers.filter((o) => o.type === 'inAppMessage').length > 1)
        ctx.addIssue({ code: 'custom', path: ['experiences', i, 'offers'], message: 'one in-app message per experience', input: experience.offers });
    });
    activity.goals.forEach((goal, i) => {
      if (goal.type === 'message' && !activity.experiences.some((e) => e.offers.some((o) => o.type === 'inAppMessage')))
        ctx.addIssue({ code: 'custom', path: ['goals', i], message: 'a message goal needs an in-app message: no experience of this activity shows one', input: goal });
    });
  });

export const personalisationSchema = z.strictObject({
  /** The Target client code the decision service and the artifact answer to (CONTRACT §5: health). */
  client: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and hyphens, such as health'),
  /** The organisation id the Node SDK sends as imsOrgId; it also keys rules.bin. */
  organizationId: z.string().regex(/^[A-Za-z0-9]+@AdobeOrg$/, 'an id such as 0123456789ABCDEF@AdobeOrg'),
  /** CONTRACT §5: the global location that page-load requests decide. */
  globalLocation: z.string().regex(/^[\w.:-]{1,250}$/).default('target-global-mbox'),
  /** The Delivery API's environmentId for each environment; a request without one is production. */
  environmentIds: z
    .strictObject({ production: z.number().int().min(1), staging: z.number().int().min(1), development: z.number().int().min(1) })
    .refine((ids) => new Set(Object.values(ids)).size === 3, 'three different ids')
    .default({ production: 1, staging: 2, development: 3 }),
  /** In priority order: for one location, the first activity that decides wins. */
  activities: z.array(activitySchema).default([]),
  // The page's settings (issue 15, SPEC §5): read by the container a `personalise` action builds in.
  /** The decision service the page asks, host[:port] (like settings.identity.server); an https page asks it over https. */
  server: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name, optionally with :port').optional(),
  /** SPEC §5, §9: applied before the page-load request, removed once rendered or at the time-out. */
  prehidingStyle: z.string({ error: 'prehidingStyle must be a non-empty string' }).trim().min(1, 'prehidingStyle must be a non-empty string').default(DEFAULT_PREHIDING_STYLE),
  /** SPEC §5: share the session (and visitor) of a Target library already on the page (its `mbox` cookie). */
  targetMigrationEnabled: z.boolean({ error: 'targetMigrationEnabled must be a boolean' }).default(false),
  /** SPEC §5: clicks on rendered content reported always, never, or on decorated elements only; never for these Target-style activities. */
  autoCollectPropositionInteractions: z
    .enum(['always', 'never', 'decoratedElementsOnly'], { error: 'autoCollectPropositionInteractions must be always, never or decoratedElementsOnly' })
    .default('never'),
  /** SPEC §4, §5: consent-gated history storage; off unless set. */
  personalizationStorageEnabled: z.boolean({ error: 'personalizationStorageEnabled must be a boolean' }).default(false),
});

export type Personalisation = z.output<typeof personalisationSchema>;
export type Activity = z.output<typeof activitySchema>;
export type Goal = z.output<typeof goalSchema>;
export type Experience = Activity['experiences'][number];

/** Checks between activities: unique ids and names, data elements that exist. */
export function checkActivities(personalisation: Personalisation, dataElements: ReadonlySet<string>): string[] {
  const errors: string[] = [];
  const ids = new Map<number, number>();
  const names = new Set<string>();
  const path = (i: number) => `personalisation.activities[${i}]`;
  personalisation.activities.forEach((activity, i) => {
    const at = path(i);
    if (ids.has(activity.id)) errors.push(`${at}.id: duplicate activity id ${activity.id} (also activities[${ids.get(activity.id)}])`);
    ids.set(activity.id, i);
    if (names.has(activity.name)) errors.push(`${at}.name: duplicate activity "${activity.name}"`);
    names.add(activity.name);
    const audiences: Array<{ path: string; audience: { conditions: ReadonlyArray<AudienceCondition | RuleSetCondition> } | undefined }> = [
      { path: `${at}.audience`, audience: activity.audience },
      ...activity.experiences.map((e, j) => ({ path: `${at}.experiences[${j}].audience`, audience: e.audience })),
    ];
    activity.experiences.forEach((experience, j) =>
      experience.offers.forEach((offer, k) => {
        if (offer.type !== 'inAppMessage') return;
        const at = `${path(i)}.experiences[${j}].offers[${k}]`;
        // Messages are shown by the page-load decision (runtime personalisation/page-load.ts).
        if (activity.location.type !== 'mbox' || activity.location.name !== personalisation.globalLocation)
          errors.push(`${at}: an in-app message is shown by the page-load decision: put its activity on the global location ${personalisation.globalLocation}`);
        audiences.push({ path: `${at}.ruleSet`, audience: offer.ruleSet });
      }),
    );
    for (const { path, audience } of audiences)
      audience?.conditions.forEach((condition, k) => {
        if (condition.type === 'data-element' && !dataElements.has(condition.name)) errors.push(`${path}.conditions[${k}].name: unknown data element "${condition.name}"`);
      });
  });
  return errors;
}

/** Issue 15: the page personalises when an enabled rule runs the `personalise` action (the compiler builds the module in only then). */
export const personalises = (property: Property): boolean =>
  property.personalisation !== undefined && property.rules.some((rule) => rule.enabled && rule.actions.some((a) => a.type === 'personalise'));
