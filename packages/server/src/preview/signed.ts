/**
 * Signed tokens with the server's preview secret: `<payload>.<mac>`, both base64url, the payload a
 * JSON value and the MAC HMAC-SHA256 over it. Each kind of token signs with its own purpose, so a
 * token made for one use (a draft-preview cookie, an experience-preview link) never reads as
 * another. The draft-preview cookie (tokens.ts) and the experience preview (experience-tokens.ts)
 * share this one implementation.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A token longer than this is refused unread. */
const MAX_TOKEN_LENGTH = 1024;

export class SignedTokens {
  private readonly secret: Buffer;

  /** Without a secret, one made at start: tokens then end when the server restarts. */
  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  /** The MAC input: the payload alone for the draft-preview cookie (its format predates purposes), else `<purpose>\n<payload>`. */
  private mac(payload: string, purpose: string): string {
    return createHmac('sha256', this.secret)
      .update(purpose ? `${purpose}\n${payload}` : payload)
      .digest('base64url');
  }

  sign(value: unknown, purpose = ''): string {
    const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${payload}.${this.mac(payload, purpose)}`;
  }

  /** The JSON value of a token signed with this secret for `purpose`, else undefined. Never throws. */
  read(token: string | undefined, purpose = ''): unknown {
    if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    // Compared as text: base64url ignores the last character's spare bits, so comparing decoded
    // bytes would take a changed signature for the same one.
    const expected = Buffer.from(this.mac(payload, purpose));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  }
}
