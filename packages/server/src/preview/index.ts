/**
 * Previewing a draft on the live host (docs/OPERATING.md "Previewing a draft on the live host"):
 * the signed cookie (tokens.ts) and the builds it selects (builds.ts); and previewing one
 * experience of an activity (experience-tokens.ts, docs/PERSONALISATION.md), signed with the same secret.
 */
import type { CompiledContainer } from '@tagwell/compiler';
import type { FastifyRequest } from 'fastify';
import { PreviewBuilds, type CompileVersion } from './builds';
import { ExperiencePreviewTokens } from './experience-tokens';
import { SignedTokens } from './signed';
import { PREVIEW_COOKIE, PreviewTokens, cookieValue, type PreviewClaims } from './tokens';

export { PREVIEW_COOKIE, PREVIEW_SECONDS, PreviewTokens, cookieValue, type PreviewClaims } from './tokens';
export { KEPT_PREVIEWS, PreviewBuilds } from './builds';
export { ExperiencePreviewTokens, type ExperiencePreviewClaims } from './experience-tokens';
export { SignedTokens } from './signed';

export class Previews {
  readonly tokens: PreviewTokens;
  /** Experience-preview links, signed with the same secret for their own purpose. */
  readonly experiences: ExperiencePreviewTokens;
  readonly builds: PreviewBuilds;

  constructor(secret: string | undefined, compile: CompileVersion) {
    const signed = new SignedTokens(secret);
    this.tokens = new PreviewTokens(signed);
    this.experiences = new ExperiencePreviewTokens(signed);
    this.builds = new PreviewBuilds(compile);
  }

  /**
   * The build this request previews for `property`/`environment`, or undefined for production: no
   * cookie, a tampered or expired one, another property or environment, or a version that no
   * longer builds. Never rejects: the page gets production, never an error.
   */
  async containerFor(request: FastifyRequest, property: string, environment: string): Promise<CompiledContainer | undefined> {
    const claims: PreviewClaims | undefined = this.tokens.verify(cookieValue(request.headers.cookie, PREVIEW_COOKIE));
    if (!claims || claims.property !== property || claims.environment !== environment) return undefined;
    try {
      return await this.builds.get(claims.property, claims.version, claims.environment);
    } catch (error) {
      request.log.warn({ err: error }, `preview of ${property} version ${claims.version} does not build: production served`);
      return undefined;
    }
  }
}
