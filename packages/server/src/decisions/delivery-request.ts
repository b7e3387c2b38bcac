import { formatPath, PERSONALISATION_LIMITS } from '@tagwell/schema';
import { z } from 'zod';

// The Delivery API v1 request (issue 14 item 2, CONTRACT §5): what this service reads of it,
// checked with clear messages (SPEC §8's vendor messages where one fits). Parts it does not read
// (telemetry, trace, experienceCloud, property) pass through unchecked, as Target lets them.

const id = z.string().min(1).max(256);
const parameters = z.record(z.string().max(250), z.union([z.string().max(2048), z.number(), z.boolean()]), 'an object of names and values').optional();
const address = z.looseObject({ url: z.string().max(2048, 'at most 2048 characters (SPEC §9)').optional(), referringUrl: z.string().max(2048).optional() }).optional();
const details = { address, parameters, profileParameters: parameters };

const mboxRequest = z.looseObject({
  ...details,
  name: z.string('mbox option is required').min(1, 'mbox option is required').max(PERSONALISATION_LIMITS.locationMaxLength, 'mbox option is too long'),
  index: z.number().int().min(0).optional(),
});
const viewRequest = z.looseObject({
  ...details,
  name: z.string('View name should be a non-empty string').min(1, 'View name should be a non-empty string').optional(),
  key: z.string().optional(),
});
const pageLoad = z.looseObject(details).optional();
const mboxes = z.array(mboxRequest).max(50, 'at most 50 mboxes in one request').optional();
const views = z.array(viewRequest).max(50, 'at most 50 views in one request').optional();

const notification = z.looseObject({
  id: z.string('required').min(1).max(128),
  type: z.enum(['display', 'click'], 'display or click'),
  timestamp: z.number('a time in milliseconds').int().min(0),
  tokens: z.array(z.string().min(1)).min(1, 'at least one event token'),
  mbox: z.looseObject({ name: z.string().min(1) }).optional(),
  view: z.looseObject({ name: z.string().min(1).optional() }).optional(),
  pageLoad: z.looseObject({}).optional(),
});

export const deliveryRequestSchema = z.looseObject({
  requestId: z.string().max(128).optional(),
  environmentId: z.number().int().min(1).optional(),
  id: z
    .looseObject({ tntId: id.optional(), marketingCloudVisitorId: id.optional(), thirdPartyId: id.optional(), customerIds: z.array(z.looseObject({})).optional() })
    .optional(),
  context: z.looseObject({
    channel: z.enum(['web', 'mobile'], 'web or mobile'),
    address,
  }),
  execute: z.looseObject({ pageLoad, mboxes, views }).optional(),
  prefetch: z.looseObject({ pageLoad, mboxes, views }).optional(),
  notifications: z.array(notification).max(100, 'at most 100 notifications in one request').optional(),
  // Delivery API v1's QA field: a console preview link's signed token (docs/PERSONALISATION.md "Previewing an experience").
  preview: z.looseObject({ token: z.string('a preview token').min(1, 'a preview token').max(1024, 'at most 1024 characters') }, 'an object with a token').optional(),
});

export type DeliveryRequest = z.output<typeof deliveryRequestSchema>;
export type MboxRequest = z.output<typeof mboxRequest>;
export type ViewRequest = z.output<typeof viewRequest>;
export type RequestDetails = NonNullable<z.output<typeof pageLoad>>;

/** The query of the request line: client code (or imsOrgId, which the Node SDK sends), session, version. */
export const deliveryQuerySchema = z
  .looseObject({
    client: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a client code such as health').optional(),
    imsOrgId: z.string().regex(/^[A-Za-z0-9]+@AdobeOrg$/, 'an organisation id such as 0123456789ABCDEF@AdobeOrg').optional(),
    sessionId: z.string('required').regex(/^[A-Za-z0-9_-]{1,128}$/, 'letters, digits, _ and -, at most 128'),
    version: z.string().regex(/^[\w.-]{1,32}$/, 'a version such as 2.11.0').optional(),
  })
  .refine((query) => query.client !== undefined || query.imsOrgId !== undefined, { message: 'client or imsOrgId is required', path: ['client'] });

/** The first problems of a parse, as `path: message` lines. */
export function problems(error: z.ZodError, prefix: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${prefix}${issue.path.length ? `${prefix ? '.' : ''}${formatPath(issue.path)}` : ''}: ${issue.code === 'invalid_type' && issue.input === undefined && issue.message.startsWith('Invalid input') ? 'required' : issue.message}`)
    .join('; ');
}
