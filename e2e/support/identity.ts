import type { Property } from '@tagwell/schema';
import { identityOptions, identityRequestHandler, type IdentityRequest } from '@tagwell/server';

/** The service's defaults (SPEC §9), as `npm start` answers them. */
export const IDENTITY_SETTINGS = { locationHint: 6, ttlSeconds: 604_800, optOutTtlSeconds: 7_200 };

/**
 * The server's identity service (packages/server/src/identity) on the browser tests' own HTTP
 * server: the same answers, on any host that is not a demo site (CONTRACT §3). Records what it is
 * asked, and the refusals it logs.
 */
export function identityHandler(properties: Property[]) {
  const seen: Array<IdentityRequest & { body?: string }> = [];
  const warnings: Array<{ message: string; rejected: unknown }> = [];
  const handle = identityRequestHandler(
    identityOptions(IDENTITY_SETTINGS, properties, (message, detail) => warnings.push({ message, ...detail })),
    (request) => seen.push(request as IdentityRequest & { body?: string }),
  );
  return { handle, seen, warnings };
}
