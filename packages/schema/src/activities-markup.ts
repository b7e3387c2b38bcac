import { z } from 'zod';

// Markup an offer carries (issue 14 item 1; in-app messages, issue 16 item 2): checked here so that
// no offer the page cannot show safely is published.

export const text = z.string().min(1, 'must not be empty');

/** SPEC §8: the page runs no code the compiler did not build, so offers carry no scripts. */
const NO_SCRIPT = /<\s*script\b|\bjavascript\s*:|\son[a-z]+\s*=/i;
export const markup = text.refine((html) => !NO_SCRIPT.test(html), 'must not hold a script, a javascript: URL or an on... event attribute: offers run no code');
