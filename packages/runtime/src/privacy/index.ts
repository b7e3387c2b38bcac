export { guardHit, guardValue, URL_KEYS } from './guard';
export type { GuardOptions } from './guard';
export { hasPostcode } from './postcode';
export { scrubText } from './scrub-text';
export { scrubUrl } from './url';
