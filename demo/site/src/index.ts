// @tagwell/demo-site: the demo health site (docs/HEALTH-SITE.md) and its vendor stand-ins.
export { DEMO_HOSTS, LIVE_HOST, STITCHING_HOSTS, TRACKING_HOST, VENDOR_HOST, demoHost, environmentForHost, isDemoHost, normaliseHostname } from './hosts';
export type { ContainerEnvironment, DemoHost } from './hosts';
export { COOKIES_POLICY_PATH, ENVIRONMENT_COPY_HOSTS, FIND_A_PHARMACY_PATH, PAGES, SECRET_LINK_PATH, findPage, normalisePath, pagesForHost } from './pages/index';
export { DEMO_CIDS, DOSE_CODES, DOSE_LOOKUP, dataLayer } from './data-layer';
export { CONSENT_COOKIE, renderPage } from './render';
export type { Consent, RenderOptions } from './render';
export { contentSecurityPolicy, createDemoHandler, readConsent } from './serve';
export type { DemoHandler, DemoHandlerOptions } from './serve';
export { VENDOR_SCRIPTS } from './vendor';
export { escapeHtml, html, raw, Html, PORT_TOKEN } from './html';
export type { Breadcrumb, DataLayerTool, DemoPage, DigitalData } from './types';
