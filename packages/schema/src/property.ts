import { z } from 'zod';
import { actionSchema, conditionSchema, dataElementSchema, eventSchema } from './components';
import { personalisationSchema } from './activities';
import { identitySchema } from './identity';
import { streamingMediaSchema } from './media';
import { isSettableVariable } from './variables';

export const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

/** SPEC §9: rule order is 50 unless a rule says otherwise; lower runs first. */
export const DEFAULT_RULE_ORDER = 50;

const text = z.string().min(1, 'must not be empty');
const host = z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name, optionally with :port');

export const ruleSchema = z.strictObject({
  name: text,
  description: z.string().optional(),
  order: z.number().int().min(0).max(10_000).default(DEFAULT_RULE_ORDER),
  enabled: z.boolean().default(true),
  events: z.array(eventSchema).min(1, 'a rule needs at least one event'),
  conditions: z.array(conditionSchema).default([]),
  /** A rule does not run when any exception matches. */
  exceptions: z.array(conditionSchema).default([]),
  actions: z.array(actionSchema).min(1, 'a rule needs at least one action'),
});

const environmentSchema = z.strictObject({
  /** The hosts whose pages load this environment's container. */
  hosts: z.array(host).default([]),
  reportSuites: z.array(z.string().regex(/^[A-Za-z0-9_-]+$/, 'a report suite id')).min(1, 'at least one report suite'),
});

/** The consoles that may debug a property's development and staging containers when it names none. */
export const DEFAULT_DEBUG_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*'];

export const settingsSchema = z.strictObject({
  trackingServer: host,
  trackingServerSecure: host.optional(),
  /** SPEC §9: analytics currency GBP. */
  currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as GBP').default('GBP'),
  cookieDomain: z.string().regex(/^\.?[a-z0-9.-]+$/i, 'a domain such as health.localhost').optional(),
  /** The head meta tag that carries the page's CSP nonce for loaded scripts. */
  nonceMeta: text.default('csp-nonce'),
  /**
   * Origins of the consoles whose debugger may hear development and staging containers (the debug
   * bridge); `:*` allows any port. Left out: this machine's consoles, `http://localhost:*` and
   * `http://127.0.0.1:*` (DEFAULT_DEBUG_ORIGINS).
   */
  debugOrigins: z
    .array(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:(\d+|\*))?$/, 'an origin such as https://tagwell.example.org or http://localhost:*'))
    .optional(),
  /**
   * SDR.md "On every hit": variables every hit carries, page views and link hits alike (link filters do not
   * apply), resolved when the hit is sent, so they describe the page it happens on. Values are `%Name%`
   * text; a variable a rule sets for a hit replaces its value in that hit.
   */
  everyHit: z
    .record(z.string().refine(isSettableVariable, 'not an analytics variable (pageName, channel, server, propN, eVarN, hierN, listN, campaign, products, ...)'), z.string())
    .optional(),
  /**
   * A tracker the page creates itself (Adobe's "preinstalled" mode): the container waits for the global it
   * names, at most 40 times 250 ms apart (SPEC §9), and sends hits with its account and tracking server.
   */
  preinstalledTracker: z
    .strictObject({
      /** The page's global holding its AppMeasurement object, e.g. `s` for `window.s`. */
      variable: z.string().regex(/^[A-Za-z_$][\w$]*$/, 'a JavaScript identifier such as s (for window.s)'),
    })
    .optional(),
  /** The visitor id sent as `mid`: its service and cookie (identity.ts, docs/IDENTITY.md). Needs `consent`. */
  identity: identitySchema.optional(),
  /** Issue 16: the page's video and audio reported as media sessions (media.ts, docs/MEDIA.md). */
  streamingMedia: streamingMediaSchema.optional(),
  /**
   * Issue 16: the site's code registers callbacks run after each hit is sent
   * (`_satellite.registerPostTrackCallback`). Off, containers carry none of that code.
   */
  postTrackCallbacks: z.boolean().optional(),
  /** SPEC §4: analytics hits wait for, and follow, the visitor's Statistics choice. */
  consent: z
    .strictObject({
      /** Data element whose value is the consent status: pending (no choice yet), changed or complete. */
      status: text,
      /** Data element whose value is the Statistics choice: on or off. */
      statistics: text,
      /** The document event the site dispatches when the visitor makes or changes a choice. */
      changeEvent: text,
    })
    .optional(),
  privacy: z
    .strictObject({
      /** SPEC §5: fields whose value becomes `postcode na` when it holds a postcode. */
      postcodeFields: z.array(z.string().refine(isSettableVariable, 'not an analytics variable')).default([]),
      /** Query parameters dropped from every URL sent. */
      deniedQueryParams: z.array(text).default(['useremail']),
    })
    // prefault, not default: the inner defaults then build fresh arrays for every parse, where a
    // default object would share its arrays between every property parsed.
    .prefault({}),
});

export const propertySchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and hyphens'),
  title: z.string().optional(),
  version: z.number().int().min(1).default(1),
  settings: settingsSchema,
  environments: z.strictObject({
    development: environmentSchema,
    staging: environmentSchema,
    production: environmentSchema,
  }),
  dataElements: z.array(dataElementSchema).default([]),
  rules: z.array(ruleSchema).default([]),
  /** Descriptions for the generated SDR, keyed by variable (e.g. eVar88) or event (event1). */
  sdr: z.record(z.string(), z.string()).default({}),
  /** Activities and the decision service's client (activities.ts, docs/PERSONALISATION.md). */
  personalisation: personalisationSchema.optional(),
});

export type Property = z.output<typeof propertySchema>;
export type PropertyInput = z.input<typeof propertySchema>;
export type Rule = z.output<typeof ruleSchema>;
export type RuleEventSpec = z.output<typeof eventSchema>;
export type Condition = z.output<typeof conditionSchema>;
export type Action = z.output<typeof actionSchema>;
export type DataElement = z.output<typeof dataElementSchema>;
export type Settings = z.output<typeof settingsSchema>;
