export { createIdentityService, IDENTITY_PATH, OPT_OUT_COOKIE, type IdentityAnswer, type IdentityRequest, type IdentityServiceOptions, type IdentitySettings } from './service';
export { checkCustomerIds, type CustomerIdVerdict, type Rejection } from './customer-ids';
export { idHalves, mintVisitorId, VISITOR_ID } from './mint';
export { identityOptions } from './options';
export { identityRequestHandler } from './node';
