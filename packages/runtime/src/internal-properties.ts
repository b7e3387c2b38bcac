/**
 * Property names that only the runtime and the compiler's generated config use. The compiler
 * mangles them (esbuild `mangleProps`) to save bytes in every container. Never list a name that
 * page code, custom code, the DOM or a built-in reads (`resolve`, `type`, `name`, `log`, the
 * `_satellite` API, RuleEvent fields): those must keep their names.
 */
export const INTERNAL_PROPERTIES = [
  // ContainerConfig and its parts
  'build', 'rules', 'events', 'consent', 'module', 'settings', 'conditions', 'exceptions', 'actions', 'bodyIndex', 'loadBody', 'negate', 'forceLowerCase', 'cleanText', 'storage',
  'dataElements', 'analytics', 'nonceMeta', 'cookieDomain', 'trackingServer', 'trackingServerSecure', 'reportSuites',
  'codeVersion', 'postcodeMarked', 'deniedParams', 'everyHit', 'debugBridge', 'debugOrigins',
  // The tracker preinstalled on the page (analytics/preinstalled.ts)
  'preinstalled', 'hold',
  // The identity settings, the context's visitor and what the tracker asks it
  'identity', 'loadTimeout', 'handshakeTimeout', 'pathExclusions', 'crossDomainHosts', 'urlParameter', 'idSyncContainerId', 'withId',
  // Context and shared state
  'config', 'shared', 'safe', 'trigger', 'lifecycle', 'advance', 'directCall', 'tracker', 'canIdentify', 'bridge', 'onRule', 'onGuard', 'onSent',
  // Tracker
  'addEvent', 'setContextData', 'setLinkTrackVars', 'setLinkTrackEvents', 'linkType', 'batch',
  // The one RuleEvent field only the engine and the analytics actions read, and what they keep on it
  'occurrence', 'hit',
  // Component settings
  'vars', 'pattern', 'selector', 'days', 'attribute', 'table', 'anchorDelay', 'eventType', 'linkName', 'linkUrl', 'caseInsensitive', 'operator', 'contextData', 'linkTrackVars', 'linkTrackEvents', 'consentExempt', 'scriptUrl', 'sampleRate', 'cookieDays', 'cookiesAllowed', 'changeEvent', 'release', 'exempt', 'stays',
];
