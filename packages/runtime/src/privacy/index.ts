export { guardHit, guardThenCut, guardValue, rememberedGuard, URL_KEYS } from './guard';
export type { GuardOptions } from './guard';
export { hasPostcode } from './postcode';
export { NEEDS_GUARD, scrubText } from './scrub-text';
export { scrubUrl } from './url';
