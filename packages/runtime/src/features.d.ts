// Optional parts of the runtime. The compiler defines each of these (esbuild `define`) from what
// the property uses, so a feature it does not use drops out of the container whole; the unit
// tests define them all true (vitest.config.ts).

/** Link hits: `pe`, `pev1`, `pev2` and the linkTrackVars/linkTrackEvents filters. */
declare const TW_LINK_HITS: boolean;
/**
 * Analytics variables set apart from the hit that sends them (by a rule that sends none, or before other
 * actions): each event occurrence keeps its own (core/boot.ts, actions/shared/tracker.ts). Off, every
 * rule sets its variables right before its own send, so none can be left for another hit.
 */
declare const TW_OCCURRENCES: boolean;
/** Variables on every hit (settings.everyHit), resolved when each hit is sent. */
declare const TW_EVERY_HIT: boolean;
/** Context data, nested `c.`…`.c` in the hit. */
declare const TW_CONTEXT_DATA: boolean;
/** `%event.x%`, `%this.x%` and `%this.@text%` tokens. */
declare const TW_EVENT_TOKENS: boolean;
/** Analytics consent: hits wait for, or are dropped by, the visitor's Statistics choice. */
declare const TW_CONSENT: boolean;
/** The debug bridge: the console's debugger hears rules, logs and redactions (core/debug-bridge.ts). Never in production. */
declare const TW_DEBUG_BRIDGE: boolean;
/** The visitor identity (identity/): hits carry `mid`, and `_satellite.getVisitorId()` returns the visitor (docs/IDENTITY.md). */
declare const TW_IDENTITY: boolean;
/** A tracker preinstalled on the page (settings.preinstalledTracker): hits wait for it and use its account and server (analytics/preinstalled.ts). */
declare const TW_PREINSTALLED: boolean;
/** The page's personalisation (personalisation/): a rule's `personalise` action decides and renders the page load (docs/PERSONALISATION.md). */
declare const TW_PERSONALISATION: boolean;
/** The visitor's event history (personalisation/event-history.ts): personalisation with personalizationStorageEnabled. */
declare const TW_EVENT_HISTORY: boolean;
/**
 * Streaming media (media/): the page's video and audio, and `_satellite.sendMediaEvent`, reported as media sessions
 * (docs/MEDIA.md). Also on in development and staging containers without it, whose `sendMediaEvent` only logs
 * `Streaming media is not configured.` (media/not-configured.ts).
 */
declare const TW_MEDIA: boolean;
/** `_satellite.registerPostTrackCallback` (settings.postTrackCallbacks): the site's callbacks, run after each hit is sent. */
declare const TW_POST_TRACK: boolean;
/** In-app messages (personalisation/messages/): personalisation whose activities show one (issue 16 item 2). */
declare const TW_IN_APP_MESSAGES: boolean;
/**
 * The bodies of rules that do not run as the page loads (their conditions, exceptions and actions) stay JSON
 * text until the rule first runs (core/rules.ts, the compiler's emit.ts packRules): on in containers large
 * enough to ship their rules as JSON.
 */
declare const TW_RULE_BODIES: boolean;
/**
 * Click rules tested as one selector list first (events/click.ts), so that a click none of them matches costs
 * one test: on where more than CLICK_LIST_FROM click rules would each test their own selector.
 */
declare const TW_CLICK_LIST: boolean;
/**
 * DOM ready and window loaded rules run in tasks of at most `STAGE_TASK_MS` (core/lifecycle.ts): on where those
 * stages hold more than one rule between them, since a task can only end between two rules.
 */
declare const TW_STAGE_TASKS: boolean;
