import { personalises, type EnvironmentName, type Property } from '@tagwell/schema';
import { BODY_CHUNK } from './emit';

/**
 * Click rules from which the click module first tests all their selectors as one list: at 4x, a click that no
 * rule matches took 0.02 ms with 16 rules each testing its own selector and 9.2 ms with 900, against 0.00
 * and 1.1 with the list (docs/PERFORMANCE.md, "One selector list for many click rules"). Below it the list
 * saves less than its bytes.
 */
export const CLICK_LIST_FROM = 33;

/** The events of the page's load: a rule that has only these runs as the page loads, in every visit. */
const PAGE_LOAD_EVENTS = new Set(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded']);

/** Whether a rule with these events runs as the page loads, in every visit. */
const runsAsPageLoads = (events: ReadonlyArray<{ type: string }>): boolean => events.every((e) => PAGE_LOAD_EVENTS.has(e.type));

/**
 * The rules (enabled ones, in the container's order) whose bodies wait as JSON text until each first runs, in a
 * packed container (TW_RULE_BODIES, emit.ts packRules): those that do not run as the page loads, when there are
 * more of them than one text holds. With fewer, the first run of any would parse them all: the same work, later,
 * for the bytes of the code that does it.
 */
export function waitingRules<R extends { events: ReadonlyArray<{ type: string }> }>(rules: readonly R[]): Set<R> {
  const waiting = rules.filter((rule) => !runsAsPageLoads(rule.events));
  return new Set(waiting.length > BODY_CHUNK ? waiting : []);
}

/**
 * The waiting rules whose heads wait too (ContainerConfig.lazyRules): the click rules, when every rule with a click
 * event waits and has only click events, so the click module's every subscription is among them. Its start then
 * needs none of them; it parses them on the first click. (The one other listener the rules can put on the
 * document's clicks, a custom-event rule's on `click`, listens in the capture phase: it hears a click first
 * whichever is registered first.)
 */
export function lazyClickRules<R extends { events: ReadonlyArray<{ type: string }> }>(rules: readonly R[], waiting: ReadonlySet<R>): Set<R> {
  const clicks = rules.filter((rule) => rule.events.some((e) => e.type === 'click'));
  const whole = clicks.every((rule) => waiting.has(rule) && rule.events.every((e) => e.type === 'click'));
  return new Set(whole ? clicks : []);
}

/**
 * esbuild `define`s that switch off the runtime's optional features a property does not use
 * (packages/runtime/src/features.d.ts), so its container carries none of their code. `packed`: the
 * container ships its rules as JSON (build.ts, JSON_FROM_CHARS).
 */
export function featureDefines(property: Property, env: EnvironmentName, packed = false): Record<string, string> {
  const actions = property.rules.flatMap((rule) => rule.actions);
  // Personalisation reports what it shows on a link hit of its own (runtime personalisation/analytics.ts, issue 15 item 4).
  // Media events are link hits with context data of their own (runtime media/session.ts, issue 16 item 3).
  const media = property.settings.streamingMedia !== undefined;
  const linkHits = actions.some((a) => a.type === 'send-beacon' && a.settings.type === 'link') || personalises(property) || media;
  const contextData = media || actions.some((a) => a.type === 'set-variables' && Object.keys(a.settings.contextData ?? {}).length > 0);
  // Tokens live in settings strings; custom code reads the event directly and needs no token.
  const eventTokens = /%(event|this)\./.test(JSON.stringify([property.rules, property.dataElements]));
  const consent = property.settings.consent !== undefined;
  const everyHit = Object.keys(property.settings.everyHit ?? {}).length > 0;
  // Variables set apart from their hit: by a rule that sends none, or with other actions before the send. Else
  // every rule sets its variables right before its own send, and none can be left for another hit.
  const setApart = property.rules.some((rule) =>
    rule.actions.some((a, i) => a.type === 'set-variables' && rule.actions.slice(i + 1).find((next) => next.type !== 'set-variables')?.type !== 'send-beacon'),
  );
  // A task of rules can only end between two rules: with one rule at DOM ready and window loaded, there is nothing to split.
  const stageRules = property.rules.filter((rule) => rule.events.some((e) => e.type === 'dom-ready' || e.type === 'window-loaded')).length;
  // The rules the container carries, as generate.ts takes them.
  const enabled = property.rules.filter((rule) => rule.enabled);
  const clickRules = enabled.flatMap((rule) => rule.events).filter((e) => e.type === 'click').length;
  return {
    TW_LINK_HITS: String(linkHits),
    TW_EVERY_HIT: String(everyHit),
    TW_OCCURRENCES: String(setApart),
    TW_CONTEXT_DATA: String(contextData),
    TW_EVENT_TOKENS: String(eventTokens),
    TW_CONSENT: String(consent),
    TW_IDENTITY: String(property.settings.identity !== undefined),
    TW_PREINSTALLED: String(property.settings.preinstalledTracker !== undefined),
    TW_PERSONALISATION: String(personalises(property)),
    // Issue 16: the event history's code only where the property keeps one (off, the page only removes a history kept before).
    TW_EVENT_HISTORY: String(personalises(property) && property.personalisation!.personalizationStorageEnabled),
    // SPEC §8: without media, `Streaming media is not configured.` where the site's developers try their player code
    // (media/not-configured.ts); production containers without media carry nothing of it (size-budget.test.ts).
    TW_MEDIA: String(media || hasDebugBridge(env)),
    TW_POST_TRACK: String(property.settings.postTrackCallbacks === true),
    // Issue 16 item 2: the dialog and its rule sets only where an activity shows a message (paused ones too: a preview link shows them).
    TW_IN_APP_MESSAGES: String(personalises(property) && (property.personalisation!.activities ?? []).some((a) => a.experiences.some((e) => e.offers.some((o) => o.type === 'inAppMessage')))),
    TW_DEBUG_BRIDGE: String(hasDebugBridge(env)),
    // Long tasks (issue 17): DOM ready and window loaded rules in tasks of at most STAGE_TASK_MS (runtime core/lifecycle.ts).
    TW_STAGE_TASKS: String(stageRules > 1),
    // Start-up (issue 17): a packed container keeps the bodies of rules that do not run as the page loads as JSON text (emit.ts, packRules).
    TW_RULE_BODIES: String(packed && waitingRules(enabled).size > 0),
    // A click none of many click rules matches is told by one selector list (runtime events/click.ts).
    TW_CLICK_LIST: String(clickRules >= CLICK_LIST_FROM),
  };
}

/** The console's debugger talks to development and staging containers; visitors never pay for it. */
export const hasDebugBridge = (env: EnvironmentName): boolean => env !== 'production';

