import { z } from 'zod';
import { regexPattern } from './components';

// The visitor identity settings of a property (docs/IDENTITY.md): the identity service the
// container asks for a visitor id, the one first-party cookie that keeps it, and the spec's
// limits (SPEC §9). A property without them compiles no identity code at all.

/** SPEC §9: visitor library constants. */
export const IDENTITY_LIMITS = {
  /** A hit waits at most this long for the id, then goes without it. */
  loadTimeoutMs: 30_000,
  /** A frame waits this long for the page around it to answer with the id. */
  handshakeTimeoutMs: 250,
  /** Customer ids are sent again after this long even when unchanged. */
  idSyncIntervalSeconds: 86_400,
  /** How long an opt-out answer is kept. */
  optOutTtlSeconds: 7_200,
  /** How long a location hint and blob are kept. */
  regionTtlSeconds: 604_800,
  /** How long a URL-passed id may be adopted after the link was followed. */
  urlIdSeconds: 300,
  /** The sync cookie, name and value as written. */
  cookieMaxChars: 649,
  /** SPEC §9: opt-in storage default expiry, the cookie's lifetime. */
  storageSeconds: 33_696_000,
} as const;

/** Customer id types and ids the service accepts (docs/IDENTITY.md). */
export const CUSTOMER_ID_TYPE = /^[A-Za-z0-9_.-]{1,50}$/;
export const CUSTOMER_ID_MAX = 100;

const hostPattern = z.string().regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/i, 'a host name, or *.domain for every host under it');

export const identitySchema = z.strictObject({
  /** The identity service, host[:port]; an https page asks it over https. */
  server: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name, optionally with :port'),
  /** The one first-party cookie that keeps the id, location hint, blob and their expiries. */
  cookie: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and -').default('tw_id'),
  /** SPEC §9: how long a hit waits for the id, in ms (30000); a test may shorten it. */
  loadTimeout: z.number().int().min(0).max(IDENTITY_LIMITS.loadTimeoutMs).default(IDENTITY_LIMITS.loadTimeoutMs),
  /** SPEC §9: how long a frame waits for the page around it, in ms (250). */
  handshakeTimeout: z.number().int().min(0).max(5_000).default(IDENTITY_LIMITS.handshakeTimeoutMs),
  /** Regular expressions over the page's path: where one matches, the identity code does not load. */
  pathExclusions: z.array(regexPattern).default([]),
  /**
   * The site's hosts that share the visitor id (`*.domain` for every host under it): a link to one
   * outside the page's cookie domain carries the id (URL-passed, valid 5 minutes), and a frame on one
   * may ask the page around it for the id.
   */
  crossDomainHosts: z.array(hostPattern).default([]),
  /** The query parameter of a URL-passed id: `TS=<unix seconds>|MCMID=<id>`. Never reported in a hit. */
  urlParameter: z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'letters, digits, _, . and -').default('tw_mc'),
  /** The customer id types the site sets (`_satellite.setCustomerIDs`); the service refuses others. */
  customerIdTypes: z.array(z.string().regex(CUSTOMER_ID_TYPE, 'letters, digits, _, . and -, at most 50')).default([]),
  /** SPEC §5: the ID sync container id must parse as an integer. */
  idSyncContainerId: z
    .union([z.number(), z.string()])
    .refine((v) => (typeof v === 'number' ? Number.isSafeInteger(v) && v >= 0 : /^\d{1,9}$/.test(v.trim())), 'The ID sync container ID is not a valid integer.')
    .transform((v) => Number(v))
    .optional(),
});

export type IdentitySettings = z.output<typeof identitySchema>;

/**
 * Query parameters dropped from every URL a hit reports, by the runtime's guard and again at the
 * collector: the property's own, and the URL-passed id's parameter (never an id in pageURL or referrer).
 */
export function deniedQueryParams(settings: { privacy: { deniedQueryParams: string[] }; identity?: IdentitySettings }): string[] {
  const names = [...settings.privacy.deniedQueryParams];
  const param = settings.identity?.urlParameter;
  if (param && !names.some((name) => name.toLowerCase() === param.toLowerCase())) names.push(param);
  return names;
}
