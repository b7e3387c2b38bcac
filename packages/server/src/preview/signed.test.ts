import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ExperiencePreviewTokens } from './experience-tokens';
import { SignedTokens } from './signed';
import { PreviewTokens } from './tokens';

const SECRET = 'a preview secret of at least thirty-two characters';
const expires = Math.floor(Date.now() / 1000) + 600;

describe('signed tokens: one signer, a purpose per kind of token', () => {
  it('keeps the draft-preview cookie as it was: HMAC-SHA256 over the payload alone', () => {
    const payload = Buffer.from(JSON.stringify(['health-site', 'production', 7, expires])).toString('base64url');
    const cookie = `${payload}.${createHmac('sha256', SECRET).update(payload).digest('base64url')}`;
    expect(new PreviewTokens(SECRET).verify(cookie)).toEqual({ property: 'health-site', environment: 'production', version: 7, expires });
    expect(new PreviewTokens(new SignedTokens(SECRET)).sign({ property: 'health-site', environment: 'production', version: 7, expires })).toBe(cookie);
  });

  it('never reads an experience-preview token as a draft-preview cookie, nor the other way round', () => {
    const signed = new SignedTokens(SECRET);
    const drafts = new PreviewTokens(signed);
    const experiences = new ExperiencePreviewTokens(signed);
    const experience = experiences.sign({ property: 'health-site', environment: 'production', activityId: 1001, experienceId: 1, expires });
    const draft = drafts.sign({ property: 'health-site', environment: 'production', version: 7, expires });
    expect(experiences.verify(experience)).toEqual({ property: 'health-site', environment: 'production', activityId: 1001, experienceId: 1, expires });
    expect(drafts.verify(experience)).toBeUndefined();
    expect(experiences.verify(draft)).toBeUndefined();
    // The same claims signed for another purpose: its MAC does not hold here.
    const [payload] = experience.split('.') as [string];
    expect(signed.read(`${payload}.${signed.sign(JSON.parse(Buffer.from(payload, 'base64url').toString())).split('.')[1]}`, 'experience-preview')).toBeUndefined();
  });

  it('reads an experience-preview token until it expires, and not after', () => {
    const experiences = new ExperiencePreviewTokens(new SignedTokens(SECRET));
    const token = experiences.sign({ property: 'health-site', environment: 'staging', activityId: 5, experienceId: 0, expires });
    expect(experiences.verify(token, (expires - 1) * 1000)).toMatchObject({ environment: 'staging', activityId: 5, experienceId: 0 });
    expect(experiences.verify(token, expires * 1000)).toBeUndefined();
  });
});
