// Optional parts of the runtime. The compiler defines each of these (esbuild `define`) from what
// the property uses, so a feature it does not use drops out of the container whole; the unit
// tests define them all true (vitest.config.ts).

/** Link hits: `pe`, `pev1`, `pev2` and the linkTrackVars/linkTrackEvents filters. */
declare const TW_LINK_HITS: boolean;
/** Context data, nested `c.`…`.c` in the hit. */
declare const TW_CONTEXT_DATA: boolean;
/** `%event.x%`, `%this.x%` and `%this.@text%` tokens. */
declare const TW_EVENT_TOKENS: boolean;
/** Analytics consent: hits wait for, or are dropped by, the visitor's Statistics choice. */
declare const TW_CONSENT: boolean;
/** The debug bridge: the console's debugger hears rules, logs and redactions (core/debug-bridge.ts). Never in production. */
declare const TW_DEBUG_BRIDGE: boolean;
