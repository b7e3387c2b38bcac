/**
 * In-app messages at the decision service and in the results, on both engines over HTTP (issue 16
 * item 2; docs/PERSONALISATION.md "In-app messages"): an executed message comes with its data and its
 * display event token (the page shows it only when its rule set holds), the real Target Node SDK reads
 * the same option server-side and on device, the visitor counts as exposed when the page sends the
 * display notification (not when the message is decided), and the interact and dismiss hits the
 * collector stores convert the activity's message goals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LINK_NAMES } from '@tagwell/schema';
import type { ActivityCounts } from '../src/experiments';
import type { RunningServer } from '../src/index';
import { onDeviceClient, ORG, publishWith, serverSideClient, type Loose } from './decisions-helpers';
import type { AdminClient } from './support/admin-client';
import { startAdminServer } from './support/admin-server';
import { visitorId } from './support/generate-hits';
import { settled } from './support/http';
import { bothEngines } from './support/postgres';

const ACTIVITY = 3201;
const PAGE = 'https://www.health.localhost/vaccinations/';
const RULE_SET = { match: 'all', conditions: [{ type: 'event-history', negate: false, event: 'event1', atLeast: 3, withinDays: 30 }] };
const html = (words: string) => `<h2>${words}</h2><p>You can book online.</p><a href="/vaccinations/flu-vaccine/">Book</a>`;
const activity = {
  id: ACTIVITY,
  name: 'Flu reminder',
  type: 'ab',
  location: { type: 'mbox', name: 'target-global-mbox' },
  audience: { conditions: [{ type: 'path', values: ['/vaccinations/'] }] },
  experiences: [
    { name: 'Reminder', split: 50, offers: [{ type: 'inAppMessage', contentType: 'text/html', content: html('Flu vaccine'), webParameters: { width: 90 }, ruleSet: RULE_SET }] },
    {
      name: 'Plain words',
      split: 50,
      offers: [{ type: 'inAppMessage', contentType: 'application/json', content: { html: html('Get your flu jab'), mobileParameters: {}, webParameters: { height: 60 } }, ruleSet: RULE_SET }],
    },
  ],
  goals: [
    { type: 'message', name: 'Followed the message', event: 'interact' },
    { type: 'message', name: 'Dismissed the message', event: 'dismiss' },
  ],
};

type Option = { type: string; content: Loose; eventToken?: string; responseTokens: Record<string, unknown> };
type Answer = { execute: { pageLoad: { options?: Option[] } } };
type Counts = { visitors: number[]; interact: number[]; dismiss: number[] };

describe.each(bothEngines('tagwell_messages'))('in-app messages on $name', (engine) => {
  let server: RunningServer;
  let base: string;
  let domain: string;
  let root: AdminClient;
  let stop: (() => Promise<void>) | undefined;
  let sent = 0;

  beforeAll(async () => {
    ({ server, base, admin: root, stop } = await startAdminServer(engine));
    domain = `127.0.0.1:${server.port}`;
    await publishWith(base, { personalisation: { client: 'health', organizationId: ORG, server: 'decisions.health.localhost', activities: [activity] } });
  }, 120_000);

  afterAll(() => stop?.());

  const decide = async (mid: string): Promise<Option> => {
    const response = await fetch(`${base}/rest/v1/delivery?client=health&sessionId=messages-${mid.slice(0, 8)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: { marketingCloudVisitorId: mid }, context: { channel: 'web', address: { url: PAGE } }, execute: { pageLoad: {} } }),
    });
    expect(response.status).toBe(200);
    const options = ((await response.json()) as Answer).execute.pageLoad.options ?? [];
    expect(options).toHaveLength(1);
    return options[0]!;
  };
  const counts = async (): Promise<Counts> => {
    const answer = await root.get<{ counts: ActivityCounts }>(`/api/admin/activities/${ACTIVITY}/results?environment=production`);
    expect(answer.status).toBe(200);
    const experiences = answer.body.counts.experiences;
    return { visitors: experiences.map((e) => e.visitors), interact: experiences.map((e) => e.goals['0']?.conversions ?? 0), dismiss: experiences.map((e) => e.goals['1']?.conversions ?? 0) };
  };
  const settle = (ready: (c: Counts) => boolean): Promise<Counts> => settled(counts, ready);
  /** A link hit of the live host as the container sends it (CONTRACT §4); `mid` only with consent. */
  const hit = async (fields: Record<string, string>, mid?: string) => {
    const query = new URLSearchParams({ AQB: '1', ndh: '1', ...(mid && { mid }), g: PAGE, pe: 'lnk_o', ...fields, AQE: '1' });
    expect((await fetch(`${base}/b/ss/nhsukprod/1/TW-1.0.0/s${++sent}?${query.toString().replace(/\+/g, '%20')}`)).status).toBeLessThan(300);
  };

  it('answers an executed message with its data and its display token, and counts nobody until the page shows it', async () => {
    const option = await decide(visitorId(1));
    const experience = option.responseTokens['experience.id'] as number;
    expect(option.type).toBe('inAppMessage');
    expect(option.eventToken).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(option.content).toEqual(
      experience === 0
        ? { content: html('Flu vaccine'), contentType: 'text/html', webParameters: { width: 90 }, ruleSet: RULE_SET }
        : { content: { html: html('Get your flu jab'), mobileParameters: {}, webParameters: { height: 60 } }, contentType: 'application/json', ruleSet: RULE_SET },
    );
    // A decision is not a display: the rule set may not hold on the page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await counts()).visitors).toEqual([0, 0]);
  });

  it('gives the real SDK the same message server-side and on device', async () => {
    const request = { request: { id: { marketingCloudVisitorId: visitorId(2) }, context: { channel: 'web', address: { url: PAGE } }, execute: { pageLoad: {} } } };
    const server = await serverSideClient(domain).getOffers(request);
    const device = await (await onDeviceClient(base, domain)).getOffers(request);
    const read = (answer: Loose) => (answer.response.execute.pageLoad.options as Option[]).map((o) => ({ type: o.type, content: o.content, experience: o.responseTokens['experience.id'] }));
    expect(read(server)).toEqual(read(device));
    expect(read(server)[0]!.type).toBe('inAppMessage');
    // Deciding on device, the SDK notifies the display itself (in the background), and that counts the visitor.
    const counted = await settle((c) => c.visitors.reduce((x, y) => x + y) === 1);
    expect(counted.visitors.reduce((x, y) => x + y)).toBe(1);
  });

  it('counts the visitor on the display notification, and converts the interact and dismiss hits of the message goals', async () => {
    // The visitor the SDK decided on device above is counted already.
    const before = await counts();
    const a = visitorId(3);
    const option = await decide(a);
    const experience = option.responseTokens['experience.id'] as number;
    const notified = await fetch(`${base}/rest/v1/delivery?client=health&sessionId=messages-display`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ id: { marketingCloudVisitorId: a }, context: { channel: 'web' }, notifications: [{ id: 'n1', type: 'display', timestamp: Date.now(), tokens: [option.eventToken], pageLoad: {} }] }),
    });
    expect(notified.status).toBe(200);
    const plusOne = (list: number[]) => list.map((n, i) => (i === experience ? n + 1 : n));
    expect((await settle((c) => c.visitors[experience] === before.visitors[experience]! + 1)).visitors).toEqual(plusOne(before.visitors));

    const tnta = `${ACTIVITY}:${experience}:0`;
    await hit({ pev2: MESSAGE_LINK_NAMES.interact, tnta: `${tnta}|32767` }, a);
    await hit({ pev2: MESSAGE_LINK_NAMES.dismiss, tnta }, a);
    // Not counted: without the visitor id (no consent), naming another activity, or another link name.
    await hit({ pev2: MESSAGE_LINK_NAMES.dismiss, tnta });
    await hit({ pev2: MESSAGE_LINK_NAMES.interact, tnta: '999:0:0|32767' }, a);
    await hit({ pev2: 'Personalisation display', tnta: `${tnta}|2` }, visitorId(4));
    const total = (list: number[]) => list.reduce((x, y) => x + y);
    const after = await settle((c) => c.dismiss[experience] === 1 && c.interact[experience] === 1 && total(c.visitors) === total(before.visitors) + 2);
    expect(after.interact).toEqual(plusOne(before.interact));
    expect(after.dismiss).toEqual(plusOne(before.dismiss));
  }, 30_000);
});
