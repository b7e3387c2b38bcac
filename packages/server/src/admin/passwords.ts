/**
 * Passwords: the rules a new password must meet, and hashing with Argon2id (@node-rs/argon2;
 * OWASP's first choice) at the library's defaults (19 MiB, 2 passes), which match OWASP's minimum
 * recommendation.
 *
 * A new password needs 12 to 256 characters (passwordProblem), must not be on the common-password
 * list that @zxcvbn-ts/language-common ships, and must score at least 3 of 4 with the zxcvbn
 * strength estimator, which counts the account's username and the product's name as words an
 * attacker would try first (passwordWeakness; it rates the first 64 characters). The estimator
 * runs in a worker thread, started on the first check, so its word lists load once and its work
 * never holds up a request.
 */
import { Worker } from 'node:worker_threads';
import { hash, verify } from '@node-rs/argon2';
import { ApiError } from '../app/errors';

export const MIN_PASSWORD_LENGTH = 12;
/** Argon2 takes any length; a cap stops a megabyte "password" from costing a megabyte of hashing. */
export const MAX_PASSWORD_LENGTH = 256;
/** zxcvbn's scale: 0 to 2 are under 10^8 guesses (an online attack); 3 and 4 hold off an offline one on a slow hash. */
export const MIN_PASSWORD_SCORE = 3;

/** Why a new password's length is refused, or undefined when it is acceptable. */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string') return 'password is required';
  if (password.length < MIN_PASSWORD_LENGTH) return `password needs at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `password may have at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

/** Words a guesser tries first for this account: the username, its parts, the product's name. */
export function penalisedWords(username: string): string[] {
  const parts = username.toLowerCase().split(/[._@-]+/).filter((part) => part.length >= 3);
  return [...new Set([username.toLowerCase(), ...parts, 'tagwell'])];
}

interface Rating {
  /** zxcvbn's 0 to 4. */
  score: number;
  warning: string | null;
  suggestions: string[];
  /** On the common-password list. */
  listed: boolean;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (rating: Rating) => void; reject: (error: Error) => void }>();

function failPending(error: Error): void {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

/**
 * The estimator's thread (password-strength.worker.mjs), started on the first check and kept: only
 * servers that set passwords load the word lists, and each loads them once. It holds the process
 * open only while a check is waiting (the CLI exits when done).
 */
function estimator(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./password-strength.worker.mjs', import.meta.url));
  started.unref();
  started.on('message', (answer: Partial<Rating> & { id: number; error?: string }) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if (answer.error !== undefined) waiting?.reject(new Error(`password strength check failed: ${answer.error}`));
    else waiting?.resolve(answer as Rating);
  });
  const ended = (error: Error) => {
    if (worker === started) worker = undefined;
    failPending(error);
  };
  started.on('error', ended);
  started.on('exit', (code) => ended(new Error(`password strength check stopped (exit ${code})`)));
  worker = started;
  return started;
}

/** zxcvbn's rating of the password with these penalised words, and whether it is a listed common password. */
function rate(password: string, userInputs: string[]): Promise<Rating> {
  const thread = estimator();
  const id = ++nextId;
  return new Promise<Rating>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, password, userInputs });
  });
}

/**
 * Why a password of acceptable length is still too easy to guess, as sentences for a person
 * (`It is on a list of common passwords. Add more words that are less common.`), or undefined.
 */
export async function passwordWeakness(password: string, username: string): Promise<string | undefined> {
  const words = penalisedWords(username);
  const rating = await rate(password, words);
  if (rating.listed) return 'It is on a list of common passwords. Add more words that are less common.';
  if (rating.score < MIN_PASSWORD_SCORE) {
    const advice = rating.suggestions.length > 0 ? rating.suggestions : ['Add more words that are less common.'];
    return [rating.warning ?? 'It could be guessed quickly.', ...advice].join(' ');
  }
  // zxcvbn gives any three pieces at least 10^8 guesses, so `tagwell-tagwell` would pass: what is
  // left without the penalised words must hold on its own.
  const rest = words.filter((word) => word.length >= 3).reduce((left, word) => left.replace(new RegExp(escapeRegExp(word), 'gi'), ''), password);
  if (rest !== password && (await rate(rest, words)).score < MIN_PASSWORD_SCORE) {
    return 'It is mostly the username or the name of this product. Add more words that are less common.';
  }
  return undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Throws WEAK_PASSWORD, with passwordWeakness's reason, for a password that is too easy to guess.
 * The admin API asks this once its body check has passed the length.
 */
export async function refuseWeakPassword(password: string, username: string): Promise<void> {
  const weakness = await passwordWeakness(password, username);
  if (weakness) throw new ApiError('WEAK_PASSWORD', weakness);
}

/** Every rule, for the CLI and the first administrator: a plain Error for the length, then refuseWeakPassword. */
export async function checkPasswordRules(password: string, username: string): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  await refuseWeakPassword(password, username);
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
