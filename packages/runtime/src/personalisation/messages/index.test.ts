// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import consentState from '../../analytics/consent';
import { ANALYTICS, element, makeConfig, resetPage, startWithContext, stubBeacon } from '../../core/test-helpers';
import type { Context } from '../../core/types';
import type { Notifier } from '../notifications';
import type { DeliveryOption, Proposition } from '../types';
import { showMessages } from './index';

// Issue 16 item 2 in the page (happy-dom; the dialog's focus, Escape and layout are checked in
// Chromium, e2e/personalisation-messages.test.ts): which message is shown, what is reported once, and
// what goes into the event history.

const HTML = '<h2 id="flu">Flu vaccine</h2><p>Book online.</p><a href="#book">Book</a><button type="button">Remind me later</button>';
const message = (activity: number, experience: number, data: Record<string, unknown>, extra: Record<string, unknown> = {}): DeliveryOption => ({
  type: 'inAppMessage',
  content: data,
  eventToken: `token-${activity}-${experience}`,
  responseTokens: { 'activity.id': activity, 'experience.id': experience, ...extra },
});
const valid = (ruleSet?: unknown) => ({ content: HTML, contentType: 'text/html', ruleSet });
const proposition = (...options: DeliveryOption[]): Proposition => ({ scope: 'target-global-mbox', scopeType: 'page', options, metrics: [], executed: true });

let beacon: ReturnType<typeof stubBeacon>;
let ctx: Context;
let shown: string[];
let recorded: string[];
let history: Record<string, number>;

beforeEach(() => {
  resetPage();
  beacon = stubBeacon();
  ctx = startWithContext(
    makeConfig({
      analytics: ANALYTICS,
      dataElements: { 'Consent Status': element('custom', () => 'complete'), 'Consent Statistics': element('custom', () => 'on') },
      consent: { module: consentState, status: 'Consent Status', statistics: 'Consent Statistics', changeEvent: 'consent-changed' },
    }),
  ).ctx;
  shown = [];
  recorded = [];
  history = {};
});
afterEach(() => resetPage());

const notifier: Notifier = { displayed() {}, clicked() {}, shown: (_proposition, token) => void shown.push(token!) };
const show = (...propositions: Proposition[]) =>
  showMessages(propositions, { ctx, notifier, count: (name) => history[name] ?? 0, record: (names) => void recorded.push(...names) });
const hits = () => beacon.hits().map((hit) => Object.fromEntries(hit));
const dialog = () => document.querySelector('dialog');
const logged = () => ctx.log.history.map(([, text]) => text);

describe('in-app messages in the page', () => {
  it('shows the first valid message whose rule set holds, and reports its display once', () => {
    show(
      proposition(message(1, 0, { content: HTML })),
      proposition(message(2, 0, valid({ conditions: [{ type: 'event-history', event: 'event1', atLeast: 3 }] }))),
      proposition(message(3, 1, valid()), message(4, 0, valid())),
    );
    expect(logged()).toContain('Invalid in-app message data: missing property contentType');
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
    expect(dialog()!.open).toBe(true);
    expect(dialog()!.getAttribute('aria-labelledby')).toBe('flu');
    expect(dialog()!.textContent).toContain('Flu vaccine');
    expect(document.activeElement?.textContent).toBe('Close');
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(hits().map((h) => [h.pev2, h.tnta])).toEqual([['Personalisation display', '3:1:0|2']]);
    expect(shown).toEqual(['token-3-1']);
    expect(recorded).toEqual(['message-3-display']);
    // One dialog at a time: a second answer shows nothing while it is open.
    show(proposition(message(4, 0, valid())));
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
  });

  it('the close button dismisses it: one dismiss hit, the history, the scroll and the focus as they were', () => {
    const before = document.createElement('a');
    before.href = '#x';
    document.body.append(before);
    before.focus();
    document.documentElement.style.overflow = 'scroll';
    show(proposition(message(3, 1, valid())));
    (document.querySelector('dialog button') as HTMLButtonElement).click();
    expect(dialog()).toBeNull();
    expect(document.documentElement.style.overflow).toBe('scroll');
    expect(document.activeElement).toBe(before);
    expect(hits().map((h) => [h.pev2, h.tnta])).toEqual([
      ['Personalisation display', '3:1:0|2'],
      ['Personalisation message dismiss', '3:1:0'],
    ]);
    expect(recorded).toEqual(['message-3-display', 'message-3-dismiss']);
    // The next message may then show; this one's display is not reported twice on the page.
    show(proposition(message(3, 1, valid())));
    expect(dialog()).not.toBeNull();
    expect(hits().filter((h) => h.pev2 === 'Personalisation display')).toHaveLength(1);
  });

  it('a link or a button of the message is an interaction, reported once; closing the dialog otherwise is a dismissal', () => {
    show(proposition(message(3, 0, valid())));
    (document.querySelector('dialog a') as HTMLAnchorElement).click();
    (document.querySelector('dialog a') as HTMLAnchorElement | null)?.click();
    expect(hits().map((h) => [h.pev2, h.tnta])).toEqual([
      ['Personalisation display', '3:0:0|2'],
      ['Personalisation message interact', '3:0:0|32767'],
    ]);
    expect(recorded).toEqual(['message-3-display', 'message-3-interact']);

    show(proposition(message(5, 0, valid())));
    [...document.querySelectorAll('dialog button')].find((b) => b.textContent === 'Remind me later')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(hits().at(-1)).toMatchObject({ pev2: 'Personalisation message interact', tnta: '5:0:0|32767' });

    // Escape closes a modal dialog: its close event is a dismissal.
    show(proposition(message(6, 0, valid())));
    dialog()!.close();
    dialog()?.dispatchEvent(new Event('close'));
    expect(hits().at(-1)).toMatchObject({ pev2: 'Personalisation message dismiss', tnta: '6:0:0' });
    expect(dialog()).toBeNull();
  });

  it('a preview link\'s message is shown, but neither reported, notified nor kept in the history', () => {
    show(proposition(message(3, 1, valid(), { 'experience.preview': true })));
    expect(dialog()).not.toBeNull();
    (document.querySelector('dialog button') as HTMLButtonElement).click();
    expect(hits()).toEqual([]);
    expect(shown).toEqual([]);
    expect(recorded).toEqual([]);
  });

  it('never throws: malformed answers show nothing', () => {
    expect(() => show(null as unknown as Proposition, { options: null } as unknown as Proposition, proposition(message(-1 as number, 0, valid()), { type: 'inAppMessage' } as DeliveryOption))).not.toThrow();
    expect(dialog()).toBeNull();
    expect(() => showMessages(null as unknown as Proposition[], { ctx, notifier, count: () => 0, record() {} })).not.toThrow();
  });
});
