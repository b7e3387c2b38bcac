import {
  ERROR_REQUIRED,
  EXECUTE_OR_PREFETCH,
  MBOX_REQUIRED,
  MBOX_TOO_LONG,
  NOTIFICATIONS_REQUIRED,
  OFFER_REQUIRED,
  OPTIONS_REQUIRED,
  REQUEST_REQUIRED,
  RESPONSE_REQUIRED,
  SUCCESS_REQUIRED,
} from './messages';

// The checks of `window.adobe.target`'s calls (SPEC §5 "Validation of the vendor library's public
// calls"), each answering the first problem as SPEC §8's message, or undefined when the call is good.

/** SPEC §5: an mbox name has a maximum length (at.js: 250). */
const MBOX_MAX = 250;

type Options = Record<string, unknown>;
type Check = (options: Options) => string | undefined;

const isObject = (value: unknown): value is Options => !!value && typeof value == 'object' && !Array.isArray(value);
const isFunction = (value: unknown) => typeof value == 'function';

const mbox: Check = ({ mbox: name }) =>
  typeof name != 'string' || !name.trim() ? MBOX_REQUIRED : name.length > MBOX_MAX ? MBOX_TOO_LONG : undefined;

/** Runs `checks` in order on an options object; a missing one is the first problem. */
const all =
  (...checks: Check[]) =>
  (options: unknown): string | undefined => {
    if (!isObject(options)) return OPTIONS_REQUIRED;
    for (const check of checks) {
      const problem = check(options);
      if (problem) return problem;
    }
    return undefined;
  };

const request: Check = ({ request: body }) => (isObject(body) ? undefined : REQUEST_REQUIRED);

export const checkGetOffer = all(
  mbox,
  (o) => (isFunction(o.success) ? undefined : SUCCESS_REQUIRED),
  (o) => (isFunction(o.error) ? undefined : ERROR_REQUIRED),
);

export const checkGetOffers = all(request, ({ request: body }) => {
  const { execute, prefetch } = body as Options;
  return isObject(execute) || isObject(prefetch) ? undefined : EXECUTE_OR_PREFETCH;
});

export const checkApplyOffer = all(mbox, (o) => (Array.isArray(o.offer) ? undefined : OFFER_REQUIRED));

export const checkApplyOffers = all((o) => (isObject(o.response) ? undefined : RESPONSE_REQUIRED));

// SPEC §5: notifications, and nothing to decide (no execute or prefetch).
export const checkSendNotifications = all(request, ({ request: body }) => {
  const { execute, prefetch, notifications } = body as Options;
  return Array.isArray(notifications) && !isObject(execute) && !isObject(prefetch) ? undefined : NOTIFICATIONS_REQUIRED;
});

export const checkTrackEvent = all(mbox);

/** SPEC §5: view names are non-empty strings, lower-cased. */
export const viewName = (name: unknown): string | undefined => (typeof name == 'string' && name.trim() ? name.toLowerCase() : undefined);
