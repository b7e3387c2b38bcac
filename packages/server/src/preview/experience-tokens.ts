/**
 * Experience-preview tokens (issue 14 item 4; docs/PERSONALISATION.md "Previewing an experience"):
 * what a console preview link carries as `at_preview_token`, and the page sends back as the
 * Delivery request's `preview.token`. Signed with the server's preview secret (signed.ts) for its own
 * purpose, so neither a draft-preview cookie nor any other token reads as one. It names the property,
 * environment, activity and experience forced, and ends after PREVIEW_SECONDS (an hour).
 */
import { ENVIRONMENTS, type EnvironmentName } from '@tagwell/schema';
import type { SignedTokens } from './signed';

const PURPOSE = 'experience-preview';

export interface ExperiencePreviewClaims {
  property: string;
  environment: EnvironmentName;
  activityId: number;
  /** The experience's position in the activity (0: the control), as `experience.id` says. */
  experienceId: number;
  /** Unix time in seconds when the preview ends. */
  expires: number;
}

const isClaims = (value: unknown): value is [string, EnvironmentName, number, number, number] =>
  Array.isArray(value) &&
  value.length === 5 &&
  typeof value[0] === 'string' &&
  (ENVIRONMENTS as readonly unknown[]).includes(value[1]) &&
  Number.isInteger(value[2]) &&
  Number.isInteger(value[3]) &&
  (value[3] as number) >= 0 &&
  Number.isInteger(value[4]);

export class ExperiencePreviewTokens {
  constructor(private readonly signed: SignedTokens) {}

  sign(claims: ExperiencePreviewClaims): string {
    return this.signed.sign([claims.property, claims.environment, claims.activityId, claims.experienceId, claims.expires], PURPOSE);
  }

  /** The claims of a well-signed token that has not expired at `now` (ms), else undefined. Never throws. */
  verify(token: string | undefined, now = Date.now()): ExperiencePreviewClaims | undefined {
    const value = this.signed.read(token, PURPOSE);
    if (!isClaims(value) || value[4] * 1000 <= now) return undefined;
    return { property: value[0], environment: value[1], activityId: value[2], experienceId: value[3], expires: value[4] };
  }
}
