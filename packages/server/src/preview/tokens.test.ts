import { describe, expect, it } from 'vitest';
import { PreviewTokens } from './tokens';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const claims = { property: 'health-site', environment: 'production' as const, version: 7, expires: Math.floor(Date.now() / 1000) + 600 };

describe('preview tokens', () => {
  it('refuses a signature changed only in the spare bits of its last character', () => {
    const tokens = new PreviewTokens('a preview secret of at least thirty-two characters');
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toMatchObject({ property: 'health-site', version: 7 });
    const [payload, signature] = token.split('.') as [string, string];
    // A 32-byte MAC is 43 base64url characters: the last one carries 4 bits and 2 spare ones.
    const last = ALPHABET.indexOf(signature.at(-1)!);
    const changed = signature.slice(0, -1) + ALPHABET[last ^ 1];
    expect(Buffer.from(changed, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(tokens.verify(`${payload}.${changed}`)).toBeUndefined();
  });

  it('refuses a signature of another length, another payload, or none', () => {
    const tokens = new PreviewTokens('a preview secret of at least thirty-two characters');
    const [payload, signature] = tokens.sign(claims).split('.') as [string, string];
    expect(tokens.verify(`${payload}.${signature}A`)).toBeUndefined();
    expect(tokens.verify(`${payload}.${signature.slice(1)}`)).toBeUndefined();
    expect(tokens.verify(`${payload}x.${signature}`)).toBeUndefined();
    expect(tokens.verify(`${payload}.`)).toBeUndefined();
    expect(tokens.verify(undefined)).toBeUndefined();
  });
});
