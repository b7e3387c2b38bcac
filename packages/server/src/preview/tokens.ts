/**
 * Preview tokens (docs/OPERATING.md "Previewing a draft on the live host"): what the preview cookie
 * carries. `<payload>.<mac>`, both base64url: the payload names the property, environment and
 * version previewed and when the preview ends; the MAC is HMAC-SHA256 over the payload with the
 * server's secret. A token that is altered, expired or malformed reads as no preview at all.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ENVIRONMENTS, type EnvironmentName } from '@tagwell/schema';

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

const mac = (secret: Buffer, payload: string): Buffer => createHmac('sha256', secret).update(payload).digest();

const isClaims = (value: unknown): value is [string, EnvironmentName, number, number] =>
  Array.isArray(value) &&
  value.length === 4 &&
  typeof value[0] === 'string' &&
  (ENVIRONMENTS as readonly unknown[]).includes(value[1]) &&
  Number.isInteger(value[2]) &&
  (value[2] as number) > 0 &&
  Number.isInteger(value[3]);

export class PreviewTokens {
  private readonly secret: Buffer;

  /** Without a secret, one made at start: previews then end when the server restarts. */
  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  sign(claims: PreviewClaims): string {
    const payload = Buffer.from(JSON.stringify([claims.property, claims.environment, claims.version, claims.expires])).toString('base64url');
    return `${payload}.${mac(this.secret, payload).toString('base64url')}`;
  }

  /** The claims of a well-signed token that has not expired at `now` (ms), else undefined. Never throws. */
  verify(token: string | undefined, now = Date.now()): PreviewClaims | undefined {
    if (!token || token.length > 1024) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    // Compared as text: base64url ignores the last character's spare bits, so comparing decoded
    // bytes would take a changed signature for the same one.
    const expected = Buffer.from(mac(this.secret, payload).toString('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
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
