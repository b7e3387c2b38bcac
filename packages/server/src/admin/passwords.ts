/**
 * Password hashing with Argon2id (@node-rs/argon2; OWASP's first choice), at the library's
 * defaults (19 MiB, 2 passes), which match OWASP's minimum recommendation.
 */
import { hash, verify } from '@node-rs/argon2';

export const MIN_PASSWORD_LENGTH = 12;
/** Argon2 takes any length; a cap stops a megabyte "password" from costing a megabyte of hashing. */
export const MAX_PASSWORD_LENGTH = 256;

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string') return 'password is required';
  if (password.length < MIN_PASSWORD_LENGTH) return `password needs at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `password may have at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Checked when the username is unknown, so a wrong username takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/** False for a wrong password, an unknown user (hash undefined) or a damaged hash. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const target = storedHash ?? (await (decoy ??= hash('tagwell-decoy-password')));
  try {
    return (await verify(target, password)) && storedHash !== undefined;
  } catch {
    return false;
  }
}
