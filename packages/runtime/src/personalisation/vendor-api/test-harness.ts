// Test-only (never imported by the runtime): window.adobe.target installed with a DeliveryClient that
// records what it was asked and answers what a test queued, the real renderer, and a recorded report.
import { afterEach, beforeEach, vi } from 'vitest';
import { createLogger } from '../../core/logger';
import type { Context } from '../../core/types';
import { renderPropositions } from '../render';
import type { ConsentState, DeliveryClient, DeliveryNotification, DeliveryResponse, Shown, VendorApiDeps } from '../types';
import { installTargetApi } from './index';

export type Api = Record<'getOffer' | 'getOffers' | 'applyOffer' | 'applyOffers' | 'sendNotifications' | 'trackEvent' | 'triggerView', (...args: any[]) => any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const w = window as unknown as { adobe?: { target?: Api } };
export const target = () => w.adobe!.target!;

export const GLOBAL = 'target-global-mbox';
export const tokens = (activity: number, experience: number) => ({ 'activity.id': activity, 'experience.id': experience });

/** What the current test's page did: reset before each test. */
export const h = {
  log: createLogger(),
  asked: [] as Array<{ body: Record<string, any>; timeout?: number }>, // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Each request takes the next answer: a response, or an Error to reject with. */
  answers: [] as Array<DeliveryResponse | Error>,
  notified: [] as DeliveryNotification[][],
  shown: [] as Shown[][],
  consent: 'send' as ConsentState,
};

export const logged = () => h.log.history.map(([, message]) => message);
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export function install(partial: Partial<VendorApiDeps> = {}): Api {
  const log = h.log;
  const ctx = {
    log,
    shared: {},
    safe<T>(what: string, fn: () => T, fallback: T): T {
      try {
        return fn();
      } catch (error) {
        log.error(what + ' failed:', error);
        return fallback;
      }
    },
  } as unknown as Context;
  const client: DeliveryClient = {
    deliver(body, timeout) {
      h.asked.push({ body, timeout });
      const answer = h.answers.shift() ?? {};
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    // As the page's client does: nothing leaves for no notifications.
    notify: (notifications) => void (notifications.length && h.notified.push(notifications)),
    session: () => 'session-1',
  };
  const env = { log, autoCollect: 'never' as const, onClick() {}, selectorTimeout: 50 };
  installTargetApi({
    ctx,
    client,
    consent: () => h.consent,
    render: (propositions) => renderPropositions(propositions, env),
    reportShown: (s) => void h.shown.push(s),
    disabled: false,
    viewsEnabled: true,
    pageLoadEnabled: true,
    globalLocation: GLOBAL,
    ...partial,
  });
  return target();
}

/** A clean page and a clean record before each test of the file. */
export function useHarness(): void {
  beforeEach(() => {
    Object.assign(h, { log: createLogger(), asked: [], answers: [], notified: [], shown: [], consent: 'send' });
    delete w.adobe;
    document.head.innerHTML = '';
    document.body.innerHTML = '<h1 id="hero">Health A to Z</h1><div data-mbox="conditions-banner">default</div><p id="slot"></p><a id="cta" href="#">Go</a>';
  });
  afterEach(() => vi.restoreAllMocks());
}
