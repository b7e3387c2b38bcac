export { loadConfig, type ServerConfig } from './app/config';
export { startServer, type RunningServer } from './app/server';
export { openStorage, type Storage } from './storage';
export { identityOptions, identityRequestHandler, IDENTITY_PATH, OPT_OUT_COOKIE, type IdentityRequest, type IdentityServiceOptions } from './identity';
