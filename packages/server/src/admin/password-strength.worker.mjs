/**
 * The password strength estimator in a worker thread (passwords.ts starts it on the first check and
 * keeps it). zxcvbn spends from milliseconds to about a second of CPU on one password; on the
 * server's own thread that would hold up every request meanwhile, hits included. The word lists
 * (1.6 MB) load once, here.
 *
 * Plain JavaScript: the thread loads it with Node alone, whatever runs the server (tsx, vitest).
 *
 * Message in:  { id, password, userInputs }
 * Message out: { id, score, warning, suggestions, listed } (listed: on the common-password list),
 *              or { id, error }
 */
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * The estimator's time grows steeply with length (seconds for 256 characters of l33t patterns);
 * the first 64 characters decide, and any 64 that rate 3 or more are strong.
 */
const RATED_LENGTH = 64;

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: { ...en.translations, warnings: { ...en.translations.warnings, userInputs: 'It contains the username or the name of this product.' } },
  // No Levenshtein matching: about a second a check; the exact list below covers copies of common passwords.
  maxLength: RATED_LENGTH,
});
const listed = new Set(common.dictionary['passwords-common'].map((word) => word.toLowerCase()));

parentPort.on('message', ({ id, password, userInputs }) => {
  try {
    const { score, feedback } = zxcvbn.check(password, userInputs);
    parentPort.postMessage({ id, score, warning: feedback.warning, suggestions: feedback.suggestions, listed: listed.has(password.toLowerCase()) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.stack ?? error) });
  }
});
