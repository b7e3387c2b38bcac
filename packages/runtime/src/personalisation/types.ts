// Shapes shared by the page's personalisation module (issue 15, docs/PERSONALISATION.md): the
// Delivery API v1 as the page speaks it, what a rendered decision is, and the seams between the
// page-load flow (index.ts, page-load.ts), rendering (render/) and the vendor API (vendor-api/).
// Only types: nothing here costs the container a byte.

import type { Context, Logger } from '../core/types';

/** SPEC §5: how clicks on rendered content are reported. */
export type AutoCollect = 'always' | 'never' | 'decoratedElementsOnly';

/** One answer option of the Delivery API: DOM actions, HTML, JSON or a redirect URL. */
export interface DeliveryOption {
  type: string;
  content?: unknown;
  /** Present on prefetched options: sent back in the display notification. */
  eventToken?: string;
  /** Names the activity and experience (`activity.id`, `experience.id`, `activity.name`...). */
  responseTokens?: Record<string, unknown>;
}

/** A click (or display) metric of an answer: clicks on `selector` are reported with `eventToken`. */
export interface DeliveryMetric {
  type: string;
  selector?: string;
  eventToken: string;
}

/** One DOM action as the decision service sends it (packages/schema activities-offers.ts, decisions/artifact.ts). */
export interface WireAction {
  type?: unknown;
  selector?: unknown;
  cssSelector?: unknown;
  content?: unknown;
}

/** A location's decision, ready to render: the page load (`scope` is the global location), an mbox or a view. */
export interface Proposition {
  scope: string;
  scopeType: 'page' | 'mbox' | 'view';
  options: DeliveryOption[];
  metrics: DeliveryMetric[];
  /** Answers of `execute` were counted as displayed by the server: no display notification is sent for them. */
  executed: boolean;
  /** Set by render/ (SPEC §4): `render-attempted` once something rendered (or there was nothing to render); send its display notification only then. */
  state?: RenderState;
}

/** SPEC §4: not rendered, then render attempted; a display notification follows once. */
export type RenderState = 'not-rendered' | 'render-attempted';

/** What rendering one proposition did. */
export interface RenderResult {
  /** At least one option was applied. */
  rendered: boolean;
  /** A redirect was started: the body stays hidden until the navigation (SPEC §4). */
  redirected: boolean;
  /** Option or action failures, each already logged with its SPEC §8 message. */
  failures: number;
}

/** What the renderer needs from the page-load flow. */
export interface RenderEnv {
  log: Logger;
  autoCollect: AutoCollect;
  /** A click on a rendered element (or a metric's selector) to report. */
  onClick(proposition: Proposition, metric: DeliveryMetric | undefined): void;
  /** How long a selector not on the page yet is waited for (SPEC: 5000 ms). */
  selectorTimeout: number;
  /** The CSP nonce of the page, for style elements the renderer adds. */
  nonce?: string;
}

/** The request the page sends (a subset of Delivery API v1 the page uses). */
export interface DeliveryRequestBody {
  requestId?: string;
  id?: { tntId?: string; marketingCloudVisitorId?: string; thirdPartyId?: string };
  context: { channel: 'web'; address?: { url: string; referringUrl?: string }; screen?: { width: number; height: number }; userAgent?: string };
  property?: { token: string };
  environmentId?: number;
  /** A console preview link's signed token (the page's `at_preview_token` query parameter): forces one experience for this browser only. */
  preview?: { token: string };
  execute?: { pageLoad?: { parameters?: Record<string, string> }; mboxes?: Array<{ index: number; name: string; parameters?: Record<string, string> }> };
  prefetch?: { views?: Array<{ name?: string; parameters?: Record<string, string> }>; mboxes?: Array<{ index: number; name: string; parameters?: Record<string, string> }>; pageLoad?: { parameters?: Record<string, string> } };
  notifications?: DeliveryNotification[];
}

export interface DeliveryNotification {
  id: string;
  type: 'display' | 'click';
  timestamp: number;
  tokens: string[];
  mbox?: { name: string };
  view?: { name: string };
  pageLoad?: Record<string, never>;
  parameters?: Record<string, string>;
}

export interface DeliveryResponse {
  status?: number;
  requestId?: string;
  id?: { tntId?: string };
  execute?: { pageLoad?: { options?: DeliveryOption[]; metrics?: DeliveryMetric[] }; mboxes?: Array<{ index?: number; name: string; options?: DeliveryOption[]; metrics?: DeliveryMetric[] }> };
  prefetch?: {
    views?: Array<{ name: string; options?: DeliveryOption[]; metrics?: DeliveryMetric[] }>;
    mboxes?: Array<{ index?: number; name: string; options?: DeliveryOption[]; metrics?: DeliveryMetric[] }>;
    pageLoad?: { options?: DeliveryOption[]; metrics?: DeliveryMetric[] };
  };
}

/** The page's connection to the decision service (page-load.ts builds it; vendor-api/ uses it). */
export interface DeliveryClient {
  /** POSTs (or GETs, when short) the request with the session, the visitor and the page context added; rejects on failure or after `timeout` ms. */
  deliver(body: Omit<DeliveryRequestBody, 'context'> & { context?: DeliveryRequestBody['context'] }, timeout?: number): Promise<DeliveryResponse>;
  /** Sends notifications without waiting (sendBeacon, else fetch keepalive); never throws. */
  notify(notifications: DeliveryNotification[]): void;
  /** The session id (SPEC §9: 1,860,000 ms, renewed on activity). */
  session(): string;
}

/** The visitor's Statistics choice as the consent gate gives it: no request before 'send' (SPEC §5). */
export type ConsentState = 'send' | 'wait' | 'drop';

/** An activity and experience shown to the visitor, for the analytics hit (issue 15 item 4). */
export interface Shown {
  activityId: number;
  experienceId: number;
}

/** What the vendor API (`window.adobe.target`, vendor-api/) is given by the page-load flow. */
export interface VendorApiDeps {
  ctx: Context;
  client: DeliveryClient;
  consent(): ConsentState;
  /** Renders propositions (render/index.ts) with the env of this page. */
  render(propositions: Proposition[]): Promise<RenderResult>;
  /** Reports what was shown to analytics (analytics.ts). */
  reportShown(shown: Shown[]): void;
  /** Delivery disabled (no cookies, or an `mboxDisable` cookie or query parameter): every call only logs. */
  disabled: boolean;
  /** Views are decided (the property has view activities). */
  viewsEnabled: boolean;
  /** The page-load decision is made by the container (a personalisation rule runs on this page). */
  pageLoadEnabled: boolean;
  globalLocation: string;
}
