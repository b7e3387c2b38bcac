/**
 * Preview tokens (docs/OPERATING.md "Previewing a draft on the live host"): what the preview cookie
 * carries. `<payload>.<mac>`, both base64url: the payload names the property, environment and
 * version previewed and when the preview ends; the MAC is HMAC-SHA256 over the payload with the
 * server's secret (signed.ts). A token that is altered, expired or malformed reads as no preview at all.
 */
import { ENVIRONMENTS, type EnvironmentName } from '@tagwell/schema';
import { SignedTokens } from './signed';

/** The cookie's name on the container host. */
export const PREVIEW_COOKIE = 'tw_preview';
/**
 * How long a preview lasts: an hour is enough to walk a change through the pages it touches, and
 * short enough that a preview left on a shared computer, or a start link copied elsewhere, ends by itself.
 */
export const PREVIEW_SECONDS = 60 * 60;

export interface PreviewClaims {
  property: string;
  environment: EnvironmentName;
  version: number;
  /** Unix time in seconds when the preview ends. */
  expires: number;
}

const isClaims = (value: unknown): value is [string, EnvironmentName, number, number] =>
  Array.isArray(value) &&
  value.length === 4 &&
  typeof value[0] === 'string' &&
  (ENVIRONMENTS as readonly unknown[]).includes(value[1]) &&
  Number.isInteger(value[2]) &&
  (value[2] as number) > 0 &&
  Number.isInteger(value[3]);

export class PreviewTokens {
  private readonly signed: SignedTokens;

  /** A secret, or the server's signer (shared with experience previews); without either, one made at start: previews then end when the server restarts. */
  constructor(secret?: string | SignedTokens) {
    this.signed = secret instanceof SignedTokens ? secret : new SignedTokens(secret);
  }

  sign(claims: PreviewClaims): string {
    return this.signed.sign([claims.property, claims.environment, claims.version, claims.expires]);
  }

  /** The claims of a well-signed token that has not expired at `now` (ms), else undefined. Never throws. */
  verify(token: string | undefined, now = Date.now()): PreviewClaims | undefined {
    const value = this.signed.read(token);
    if (!isClaims(value) || value[3] * 1000 <= now) return undefined;
    return { property: value[0], environment: value[1], version: value[2], expires: value[3] };
  }
}

/** One cookie's value from a Cookie header, or undefined. */
export function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  for (const part of (Array.isArray(header) ? header.join('; ') : (header ?? '')).split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
