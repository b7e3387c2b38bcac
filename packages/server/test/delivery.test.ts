import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index';
import shared from '../src/decisions/allocation-cases.json' with { type: 'json' };
import { createDatabase, dropDatabase } from './support/postgres';
import { experienceOf, inBatches, onDeviceClient, ORG, personalisation, publishWith, serverSideClient, serverWithActivities, visitorIds, type TargetClientInstance } from './decisions-helpers';
import type { Loose } from './decisions-helpers';

// The decision service over real HTTP (issue 14 item 2, CONTRACT §5) on SQLite and PostgreSQL:
// the real Target Node SDK asks it server-side and decides on device from its artifact, and both
// choose the same experience for the same visitor.

const HOME = 'http://www.health.localhost/conditions/flu?campaign=flu';

/** The request every comparison sends: every location kind, with the visitor's facts as parameters. */
function requestFor(visitorId: string, i: number) {
  const url = i % 5 === 0 ? 'http://111.wales.health.localhost/conditions/flu?campaign=flu' : i % 7 === 0 ? 'http://www.health.localhost/conditions/flu' : HOME;
  const parameters = i % 3 === 0 ? { 'tw.visitor': 'repeat', 'tw.history.event15_30d': String(i % 4) } : i % 3 === 1 ? { 'tw.de.page_name': 'nhs:pregnancy:week-1' } : {};
  return {
    id: { tntId: visitorId },
    context: { channel: 'web', address: { url } },
    prefetch: { pageLoad: {}, mboxes: [{ name: 'conditions-banner', index: 0 }, { name: 'vaccination-entry', index: 1 }], views: [{ name: 'home', parameters }] },
  };
}

/** What a response chose: the experience of each activity, -1 for none. */
function choices(response: Record<string, Loose>) {
  const prefetch = response.prefetch ?? {};
  const mbox = (name: string) => experienceOf(prefetch.mboxes?.find((m: { name: string }) => m.name === name)?.options) ?? -1;
  return { 101: experienceOf(prefetch.pageLoad?.options) ?? -1, 202: mbox('conditions-banner'), 404: mbox('vaccination-entry'), 303: experienceOf(prefetch.views?.[0]?.options) ?? -1 };
}

const post = (base: string, query: string, body: unknown, contentType = 'application/json') =>
  fetch(`${base}/rest/v1/delivery?${query}`, { method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe.each(['sqlite', 'postgresql'] as const)('the decision service on %s', (engine) => {
  let server: RunningServer | undefined;
  let base = '';
  let domain = '';
  let databaseUrl: string | undefined;
  const log: string[] = [];

  beforeAll(async () => {
    if (engine === 'postgresql') databaseUrl = await createDatabase('tagwell_delivery');
    ({ server, base, domain } = await serverWithActivities(databaseUrl, log));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
  }, 60_000);

  it("answers the real SDK's getOffers server-side: mboxes, page load and views, with response tokens", async () => {
    const sdk = serverSideClient(domain);
    const result = await sdk.getOffers({
      sessionId: 'session-one',
      request: {
        id: { tntId: 'visitor-7' },
        context: { channel: 'web', address: { url: HOME } },
        execute: { pageLoad: {}, mboxes: [{ name: 'conditions-banner', index: 0 }, { name: 'no-such-location', index: 1 }] },
        prefetch: { views: [{ name: 'home', parameters: { 'tw.visitor': 'repeat', 'tw.history.event15_30d': '2' } }] },
      },
    });
    const { execute, prefetch } = result.response;
    expect(execute.pageLoad.options[0]).toMatchObject({ type: 'actions', responseTokens: { 'activity.id': 101, 'activity.name': 'Home hero wording', 'activity.decisioningMethod': 'server-side' } });
    expect(execute.pageLoad.options[0].content[0]).toMatchObject({ type: 'setText', selector: '#hero h1', cssSelector: '#hero h1' });
    // Execute counts as displayed: no event tokens; click goals come as click metrics.
    expect(execute.pageLoad.options[0].eventToken).toBeUndefined();
    expect(execute.pageLoad.metrics).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'click', selector: 'a.cta' })]));
    expect(execute.mboxes[0]).toMatchObject({ name: 'conditions-banner', index: 0, options: [{ responseTokens: { 'activity.id': 202, 'location.name': 'conditions-banner' } }] });
    expect(execute.mboxes[1]).toEqual({ name: 'no-such-location', index: 1 });
    expect(prefetch.views[0]).toMatchObject({ name: 'home', options: [{ type: 'actions', responseTokens: { 'activity.id': 303, 'experience.id': 0, 'experience.name': 'Returning tool users' } }] });
    expect(prefetch.views[0].options[0].eventToken).toMatch(/^[A-Za-z0-9_-]+$/);
    // The session and the visitor come back for the next call (SDK cookie, session 1,860 s).
    expect(result.targetCookie?.value).toContain('session-one');
    expect(result.response.id).toMatchObject({ tntId: 'visitor-7' });
  });

  it('answers sendNotifications from the real SDK with the notification ids', async () => {
    const sdk = serverSideClient(domain);
    const offers = await sdk.getOffers({ sessionId: 's-2', request: { id: { tntId: 'visitor-8' }, context: { channel: 'web' }, prefetch: { views: [{ name: 'home' }] } } });
    const token = offers.response.prefetch.views[0].options[0].eventToken as string;
    const sent = await sdk.sendNotifications({
      sessionId: 's-2',
      request: { id: { tntId: 'visitor-8' }, context: { channel: 'web' }, notifications: [{ id: 'n-1', type: 'display', timestamp: Date.now(), view: { name: 'home' }, tokens: [token] }] },
    });
    expect(sent.response).toMatchObject({ status: 200, notifications: [{ id: 'n-1' }] });
  });

  it('a visitor without ids keeps the session\'s experience, and gets it as their tntId', async () => {
    const ask = async () => (await (await post(base, 'client=health&sessionId=session-without-ids', { context: { channel: 'web', address: { url: HOME } }, prefetch: { pageLoad: {}, mboxes: [{ name: 'conditions-banner' }] } })).json()) as Record<string, Loose>;
    const first = await ask();
    expect(first.id).toEqual({ tntId: 'session-without-ids' });
    for (let i = 0; i < 3; i++) expect(choices(await ask())).toEqual(choices(first));
  });

  it('the SDK on device (rules.json) and the server choose the same experience for 1,000 visitors', { timeout: 180_000 }, async () => {
    const onDevice = await onDeviceClient(base, domain, 'json');
    const serverSide = serverSideClient(domain);
    const ids = visitorIds(1000);
    const seen = { 101: new Set<number>(), 202: new Set<number>(), 303: new Set<number>(), 404: new Set<number>() };
    const differences = (
      await inBatches(ids, 20, async (id, i) => {
        const [device, remote] = await Promise.all([onDevice.getOffers({ sessionId: `s${i}`, request: requestFor(id, i) }), serverSide.getOffers({ sessionId: `s${i}`, request: requestFor(id, i) })]);
        expect(device.response.prefetch.pageLoad.options[0].responseTokens['activity.decisioningMethod']).toBe('on-device');
        const [a, b] = [choices(device.response), choices(remote.response)];
        for (const key of [101, 202, 303, 404] as const) seen[key].add(b[key]);
        return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ id, device: a, server: b }];
      })
    ).flat();
    expect(differences).toEqual([]);
    // Every branch was decided somewhere: each experience, and no decision where the audience says no.
    expect([...seen[101]].sort()).toEqual([0, 1]);
    expect([...seen[202]].sort()).toEqual([-1, 0, 1, 2]);
    expect([...seen[303]].sort()).toEqual([0, 1, 2]);
    expect([...seen[404]].sort()).toEqual([-1, 0, 1]);
  });

  it('the SDK on device runs the shared allocation cases to their experience, as the server does', { timeout: 60_000 }, async () => {
    // The cases' activities published as they are in the table: one A/B test per activity id.
    const activityIds = [...new Set(shared.cases.map((c) => c.activityId))];
    const activities = activityIds.map((id) => {
      const splits = shared.cases.find((c) => c.activityId === id)!.splits;
      return {
        id,
        name: `Case ${id}`,
        type: 'ab',
        location: { type: 'mbox', name: `case-${id}` },
        experiences: splits.map((split, e) => ({ name: `E${e}`, split, offers: [{ type: 'json', content: { e } }] })),
        goals: [{ type: 'analytics-event', name: 'Completed', event: 'event15' }],
      };
    });
    await publishWith(base, { personalisation: personalisation({ activities }) }, ['development']);
    const onDevice = await onDeviceClient(base, domain, 'json', 'development');
    const serverSide = serverSideClient(domain);
    const request = (visitorId: string) => ({ environmentId: 3, id: { tntId: visitorId }, context: { channel: 'web' }, prefetch: { mboxes: activityIds.map((id, index) => ({ name: `case-${id}`, index })) } });
    const ids = [...new Set(shared.cases.map((c) => c.visitorId))];
    for (const visitorId of ids) {
      const [device, remote] = await Promise.all([onDevice.getOffers({ sessionId: 's', request: request(visitorId) }), serverSide.getOffers({ sessionId: 's', request: request(visitorId) })]);
      for (const c of shared.cases.filter((one) => one.visitorId === visitorId)) {
        const index = activityIds.indexOf(c.activityId);
        expect(experienceOf(device.response.prefetch.mboxes[index].options), `SDK: ${visitorId} in ${c.activityId}`).toBe(c.experience);
        expect(experienceOf(remote.response.prefetch.mboxes[index].options), `server: ${visitorId} in ${c.activityId}`).toBe(c.experience);
      }
    }
  });

  it('gives one visitor one experience on every call', async () => {
    for (const [i, id] of visitorIds(20, 'sticky').entries()) {
      const answers = await Promise.all(Array.from({ length: 4 }, (_, call) => post(base, `client=health&sessionId=call-${call}`, requestFor(id, i)).then(async (r) => choices((await r.json()) as Record<string, Loose>))));
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    }
  });

  // Over HTTP on one engine: the allocation reads no storage (the other engine decides from the same code).
  it.runIf(engine === 'sqlite')('splits 10,000 visitors within 1 percentage point of 20/30/50', { timeout: 300_000 }, async () => {
    const counts = [0, 0, 0];
    await inBatches(visitorIds(10_000, 'split'), 50, async (id) => {
      const response = await post(base, 'imsOrgId=' + encodeURIComponent(ORG) + '&sessionId=s', { id: { marketingCloudVisitorId: id }, context: { channel: 'web', address: { url: HOME } }, prefetch: { mboxes: [{ name: 'conditions-banner' }] } });
      counts[experienceOf(((await response.json()) as Record<string, Loose>).prefetch.mboxes[0].options)!]!++;
    });
    [20, 30, 50].forEach((split, e) => expect(Math.abs(counts[e]! / 100 - split)).toBeLessThanOrEqual(1));
  });

  it('stores and logs nothing of a delivery request', async () => {
    const before = { hits: (await server!.storage.latestHits({ limit: 1000 })).length, rejected: await server!.storage.countRejected() };
    const secret = 'jo.bloggs@example.com SW1A 1AA 9434765919';
    const body = { id: { tntId: 'private-visitor' }, context: { channel: 'web', address: { url: `${HOME}&email=jo.bloggs%40example.com`, referringUrl: 'http://www.health.localhost/?postcode=SW1A1AA' } }, execute: { mboxes: [{ name: 'conditions-banner', parameters: { 'tw.de.search_keyword': secret } }] } };
    expect((await post(base, 'client=health&sessionId=private-session', body)).status).toBe(200);
    expect((await post(base, 'client=health&sessionId=private-session', { ...body, context: { channel: 'telepathy' } })).status).toBe(400);
    expect((await server!.storage.latestHits({ limit: 1000 })).length).toBe(before.hits);
    expect(await server!.storage.countRejected()).toBe(before.rejected);
    const logged = log.join('\n');
    for (const text of ['jo.bloggs', 'SW1A', '9434765919', 'private-visitor', 'private-session', 'campaign=flu']) expect(logged).not.toContain(text);
    expect(logged).toContain('/rest/v1/delivery');
  });

  describe('bad requests: a 4xx with a clear message from the error catalogue', () => {
    const ok = { context: { channel: 'web' }, execute: { mboxes: [{ name: 'conditions-banner' }] } };
    const cases: Array<[string, string, unknown, number, string, string?]> = [
      ['no session id', 'client=health', ok, 400, 'The delivery request is not valid: query.sessionId: required'],
      ['a bad session id', 'client=health&sessionId=a%20b', ok, 400, 'The delivery request is not valid: query.sessionId: letters, digits, _ and -, at most 128'],
      ['no client', 'sessionId=s', ok, 400, 'The delivery request is not valid: query.client: client or imsOrgId is required'],
      ['a bad client code', 'client=Health!&sessionId=s', ok, 400, 'The delivery request is not valid: query.client: a client code such as health'],
      ['a bad organisation id', 'imsOrgId=nope&sessionId=s', ok, 400, 'The delivery request is not valid: query.imsOrgId: an organisation id such as 0123456789ABCDEF@AdobeOrg'],
      ['a bad version', 'client=health&sessionId=s&version=a%20b', ok, 400, 'The delivery request is not valid: query.version: a version such as 2.11.0'],
      ['an unknown client', 'client=nobody&sessionId=s', ok, 404, 'No property publishes activities for this client: client nobody'],
      ['an unknown organisation', 'imsOrgId=NOBODY@AdobeOrg&sessionId=s', ok, 404, 'No property publishes activities for this client: organisation NOBODY@AdobeOrg'],
      ['no context', 'client=health&sessionId=s', { execute: ok.execute }, 400, 'The delivery request is not valid: context: required'],
      ['a bad channel', 'client=health&sessionId=s', { context: { channel: 'tv' } }, 400, 'The delivery request is not valid: context.channel: web or mobile'],
      ['an mbox without a name', 'client=health&sessionId=s', { context: { channel: 'web' }, execute: { mboxes: [{ index: 0 }] } }, 400, 'The delivery request is not valid: execute.mboxes[0].name: mbox option is required'],
      ['an empty mbox name', 'client=health&sessionId=s', { context: { channel: 'web' }, prefetch: { mboxes: [{ name: '' }] } }, 400, 'The delivery request is not valid: prefetch.mboxes[0].name: mbox option is required'],
      ['a long mbox name', 'client=health&sessionId=s', { context: { channel: 'web' }, execute: { mboxes: [{ name: 'm'.repeat(251) }] } }, 400, 'The delivery request is not valid: execute.mboxes[0].name: mbox option is too long'],
      ['an empty view name', 'client=health&sessionId=s', { context: { channel: 'web' }, prefetch: { views: [{ name: '' }] } }, 400, 'The delivery request is not valid: prefetch.views[0].name: View name should be a non-empty string'],
      ['bad parameters', 'client=health&sessionId=s', { context: { channel: 'web' }, execute: { pageLoad: { parameters: { a: { b: 1 } } } } }, 400, 'The delivery request is not valid: execute.pageLoad.parameters.a: Invalid input'],
      ['a long address', 'client=health&sessionId=s', { context: { channel: 'web', address: { url: `http://a/${'x'.repeat(2100)}` } } }, 400, 'The delivery request is not valid: context.address.url: at most 2048 characters (SPEC §9)'],
      ['an unknown environmentId', 'client=health&sessionId=s', { ...ok, environmentId: 9 }, 400, 'No environment of this client has that environmentId: 9'],
      ['a notification of another type', 'client=health&sessionId=s', { context: { channel: 'web' }, notifications: [{ id: 'n', type: 'hover', timestamp: 1, tokens: ['x'] }] }, 400, 'The delivery request is not valid: notifications[0].type: display or click'],
      ['a notification without tokens', 'client=health&sessionId=s', { context: { channel: 'web' }, notifications: [{ id: 'n', type: 'display', timestamp: 1, tokens: [] }] }, 400, 'The delivery request is not valid: notifications[0].tokens: at least one event token'],
      ['a notification without a time', 'client=health&sessionId=s', { context: { channel: 'web' }, notifications: [{ id: 'n', type: 'display', tokens: ['x'] }] }, 400, 'The delivery request is not valid: notifications[0].timestamp: a time in milliseconds'],
      ['a foreign event token', 'client=health&sessionId=s', { context: { channel: 'web' }, notifications: [{ id: 'n', type: 'display', timestamp: 1, tokens: ['bm90LW91cnM'] }] }, 400, 'The delivery request is not valid: notifications[0].tokens[0]: not an event token of this service'],
      ['a body that is not JSON', 'client=health&sessionId=s', '{"context":', 400, 'The request is not valid', 'application/json'],
      ['a text body that is not JSON', 'client=health&sessionId=s', 'not json', 400, 'The request is not valid: the body is not JSON', 'text/plain'],
    ];
    it.each(cases)('%s', async (_name, query, body, status, message, contentType) => {
      const response = await post(base, query, body, contentType);
      expect(response.status).toBe(status);
      const answer = (await response.json()) as { error: { code: string; message: string } };
      expect(answer.error.message.startsWith(message)).toBe(true);
    });

    it('takes at.js\'s text/plain body as JSON', async () => {
      const response = await post(base, 'client=health&sessionId=s', ok, 'text/plain');
      expect(response.status).toBe(200);
      expect(((await response.json()) as Record<string, Loose>).execute.mboxes[0].name).toBe('conditions-banner');
    });

    it('refuses artifacts of unknown environments and clients', async () => {
      expect(await (await fetch(`${base}/health/preview/v1/rules.json`)).json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found: environments are development, staging, production' } });
      expect(await (await fetch(`${base}/nobody/production/v1/rules.bin`)).json()).toEqual({ error: { code: 'UNKNOWN_CLIENT', message: 'No property publishes activities for this client: client nobody on production' } });
    });
  });

  it('serves rules.json with an ETag, 304 when unchanged, and rules.bin that the SDK\'s reader turns into the same artifact', async () => {
    const json = await fetch(`${base}/health/production/v1/rules.json`);
    expect(json.status).toBe(200);
    const etag = json.headers.get('etag')!;
    const artifact = (await json.json()) as Record<string, Loose>;
    expect(artifact).toMatchObject({ version: '1.0.0', globalMbox: 'target-global-mbox', meta: { clientCode: 'health', environment: 'production' } });
    expect((await fetch(`${base}/health/production/v1/rules.json`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const bin = Buffer.from(await (await fetch(`${base}/health/production/v1/rules.bin`)).arrayBuffer());
    expect(sdkDeobfuscate(ORG, bin)).toEqual(artifact);
    expect(() => sdkDeobfuscate('OTHER0123456789@AdobeOrg', bin)).toThrow('Unable to read artifact JSON');
  });

  it('decides from the publication of the environment the environmentId names', async () => {
    const changed = personalisation();
    changed.activities[1]!.experiences = [
      { name: 'Only', split: 100, offers: [{ type: 'html', content: '<p>development only</p>' }] },
      { name: 'Never', split: 0, offers: [{ type: 'html', content: '<p>never</p>' }] },
    ] as (typeof changed.activities)[1]['experiences'];
    await publishWith(base, { personalisation: changed }, ['development']);
    const ask = async (environmentId?: number) =>
      ((await (await post(base, 'client=health&sessionId=s', { environmentId, id: { tntId: 'env-visitor' }, context: { channel: 'web', address: { url: HOME } }, prefetch: { mboxes: [{ name: 'conditions-banner' }] } })).json()) as Record<string, Loose>).prefetch.mboxes[0].options[0].content;
    expect(await ask(3)).toBe('<p>development only</p>');
    expect(await ask(1)).not.toBe('<p>development only</p>');
    expect(await ask()).not.toBe('<p>development only</p>');
    const development = (await (await fetch(`${base}/health/development/v1/rules.json`)).json()) as Record<string, Loose>;
    expect(development.rules.mboxes['conditions-banner'][0].consequence.options[0].content).toBe('<p>development only</p>');
  });
});

/**
 * The Target SDK's own obfuscation reader (its ObfuscationProvider, taken from the installed SDK's
 * dist unchanged): in SDK 2.4.3 the artifact provider calls `.then` on its synchronous result, so
 * the SDK cannot load any rules.bin itself (docs/PERSONALISATION.md); its reader is run directly.
 */
function sdkDeobfuscate(organizationId: string, bin: Buffer): unknown {
  const dist = readFileSync(createRequire(import.meta.url).resolve('@adobe/target-nodejs-sdk'), 'utf8');
  const start = dist.indexOf('const HEADER_BOUNDARY = 40;');
  const end = dist.indexOf('return {\n    deobfuscate\n  };\n}', start);
  if (start < 0 || end < 0) throw new Error('the SDK dist changed: no ObfuscationProvider found');
  const source = `${dist.slice(start, end)}return { deobfuscate };\n}\nObfuscationProvider;`;
  const context = { TextDecoder, TextEncoder, DataView, ArrayBuffer, JSON, Error, parseInt, SUPPORTED_ARTIFACT_OBFUSCATION_VERSION: 1, Messages: { ARTIFACT_INVALID: 'Invalid Artifact', ARTIFACT_OBFUSCATION_ERROR: 'Unable to read artifact JSON' } };
  const provider = vm.runInNewContext(source, context) as (config: { organizationId: string }) => { deobfuscate(buffer: ArrayBuffer): unknown };
  return provider({ organizationId }).deobfuscate(new Uint8Array(bin).buffer);
}

export type { TargetClientInstance };
