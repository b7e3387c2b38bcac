// SPEC §8's vendor messages, as `window.adobe.target` logs them (and passes them to the page's error
// callbacks and rejected promises). No imports: the browser tests read them too.

export const OPTIONS_REQUIRED = 'options argument is required';
export const REQUEST_REQUIRED = 'request option is required';
export const EXECUTE_OR_PREFETCH = 'execute or prefetch is required';
export const MBOX_REQUIRED = 'mbox option is required';
export const MBOX_TOO_LONG = 'mbox option is too long';
export const SUCCESS_REQUIRED = 'success option is required';
export const ERROR_REQUIRED = 'error option is required';
export const OFFER_REQUIRED = 'offer option is required';
/** at.js's own message: the catalogue has none for applyOffers without a response. */
export const RESPONSE_REQUIRED = 'response option is required';
export const NOTIFICATIONS_REQUIRED = 'notifications are required';
export const VIEW_NAME = 'View name should be a non-empty string';
export const VIEWS_DISABLED = 'Views are not enabled';
export const PAGE_LOAD_DISABLED = 'Page load disabled';
export const NOT_OPTED_IN = 'Adobe Target is not opted in';
export const TRACK_FAILED = 'Track event request failed';
/** The disabled-delivery message, about cookies and the disable flag. */
export const DISABLED = 'Adobe Target content delivery is disabled: cookies cannot be set on this site, or an mboxDisable cookie or query parameter is present';
/** The library is already initialised. */
export const ALREADY = 'Adobe Target is already initialised: the window.adobe.target already on the page is kept';
/** The old-browser console warning. */
export const OLD_BROWSER = 'Adobe Target needs a newer browser (Promise, fetch and MutationObserver): personalisation is off';
