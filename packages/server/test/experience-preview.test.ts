/**
 * Issue 14 item 4 over real HTTP on SQLite and PostgreSQL: previewing one experience. An editor
 * asks for a preview link; the Delivery request carrying its token as `preview.token` gets that
 * experience whatever the allocation, the audience or the activity's state, marked as a preview,
 * and nothing it shows is counted as an exposure or a conversion. A tampered or expired token, or
 * one of another environment, property or purpose, is ignored: the usual answer, 200.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEventToken } from '../src/decisions';
import { startServer, type RunningServer } from '../src/index';
import { ExperiencePreviewTokens, PreviewTokens, SignedTokens } from '../src/preview';
import { PASSWORD, personalisation, publishWith, type Loose } from './decisions-helpers';
import { AdminClient } from './support/admin-client';
import { testConfig } from './support/config';
import { createDatabase, dropDatabase } from './support/postgres';

const SECRET = 'an experience preview secret, thirty-two characters or more';
const HOME = 'http://www.health.localhost/conditions/flu';
const WELSH = 'http://111.wales.health.localhost/conditions/flu';

/** The tests' activities plus a paused one: a preview shows it though no visitor gets it. */
const PAUSED = {
  id: 505,
  name: 'Paused banner',
  type: 'ab',
  state: 'paused',
  location: { type: 'mbox', name: 'paused-banner' },
  // Another production host: its link opens there, and the request from www still gets it.
  audience: { conditions: [{ type: 'host', values: ['change4life.health.localhost'] }, { type: 'path', operator: 'equals', values: ['/'] }] },
  experiences: [
    { name: 'Old', split: 50, offers: [{ type: 'html', content: '<p>old</p>' }] },
    { name: 'New', split: 50, offers: [{ type: 'html', content: '<p>new</p>' }] },
  ],
  goals: [{ type: 'analytics-event', name: 'Tool completed', event: 'event15' }],
};
const document = personalisation();
const ACTIVITIES = [...document.activities, PAUSED];
const activity = (id: number) => ACTIVITIES.find((a) => a.id === id)! as unknown as Parameters<RunningServer['storage']['readActivityCounts']>[1];

const now = () => Math.floor(Date.now() / 1000);
const tokens = new ExperiencePreviewTokens(new SignedTokens(SECRET));
const sign = (claims: Partial<Parameters<ExperiencePreviewTokens['sign']>[0]> = {}) =>
  tokens.sign({ property: 'health-site', environment: 'production', activityId: 202, experienceId: 1, expires: now() + 600, ...claims });

describe.each(['sqlite', 'postgresql'] as const)('previewing an experience on %s', (engine) => {
  let server: RunningServer | undefined;
  let databaseUrl: string | undefined;
  let dataDir = '';
  let base = '';
  let editor: AdminClient;
  let viewer: AdminClient;

  beforeAll(async () => {
    if (engine === 'postgresql') databaseUrl = await createDatabase('tagwell_experience_preview');
    const config = testConfig({ databaseUrl, previewSecret: SECRET, loginAttemptsPerMinute: 1000, firstAdmin: { username: 'root', password: PASSWORD } });
    dataDir = config.dataDir;
    server = await startServer(config, { logger: false });
    base = `http://127.0.0.1:${server.port}`;
    const admin = new AdminClient(base);
    expect((await admin.signIn('root', PASSWORD)).status).toBe(200);
    // The property's own settings (the page's decision server among them) with the tests' activities.
    const latest = (await admin.get<{ latest: { document: { personalisation?: object } } }>('/api/admin/properties/health-site')).body.latest.document;
    await publishWith(base, { personalisation: { ...latest.personalisation, ...document, activities: ACTIVITIES } });
    for (const role of ['editor', 'viewer'] as const) expect((await admin.post('/api/admin/users', { username: role, password: PASSWORD, role })).status).toBe(201);
    editor = new AdminClient(base);
    viewer = new AdminClient(base);
    expect((await editor.signIn('editor', PASSWORD)).status).toBe(200);
    expect((await viewer.signIn('viewer', PASSWORD)).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const deliver = async (body: Record<string, unknown>, query = 'client=health&sessionId=preview-session') => {
    const response = await fetch(`${base}/rest/v1/delivery?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, Loose> };
  };
  /** The banner (activity 202) a visitor gets on `url`, with the preview token given. */
  const banner = async (visitor: string, token?: string, url = HOME, extra: Record<string, unknown> = {}) => {
    const answer = await deliver({ id: { tntId: visitor }, context: { channel: 'web', address: { url } }, execute: { pageLoad: {}, mboxes: [{ name: 'conditions-banner', index: 0 }] }, ...(token !== undefined && { preview: { token } }), ...extra });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const experienceOf = (answer: Record<string, Loose>) => answer.execute.mboxes[0].options?.[0]?.responseTokens['experience.id'] as number | undefined;

  describe('the link: POST /api/admin/activities/:id/experiences/:n/preview', () => {
    it('gives an editor a signed token and the activity page on the live host with at_preview_token', async () => {
      const answer = await editor.post<Loose>('/api/admin/activities/202/experiences/2/preview', { environment: 'production' });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ property: 'health-site', environment: 'production', activity: { id: 202, name: 'Conditions banner', state: 'active' }, experience: { id: 2, name: 'Green' } });
      // The audience's required path (startsWith /conditions/) on the environment's first host, this server's port.
      const url = new URL(answer.body.url);
      expect(`${url.origin}${url.pathname}`).toBe(`http://www.health.localhost:${server!.port}/conditions/`);
      expect(url.searchParams.get('at_preview_token')).toBe(answer.body.token);
      expect(tokens.verify(answer.body.token)).toMatchObject({ property: 'health-site', environment: 'production', activityId: 202, experienceId: 2 });
      // An hour.
      const expires = Date.parse(answer.body.expiresAt) / 1000;
      expect(expires - now()).toBeGreaterThan(3590);
      expect(expires - now()).toBeLessThanOrEqual(3600);
      // An activity without a path: the home page; staging: its own host.
      const home = await editor.post<Loose>('/api/admin/activities/101/experiences/0/preview', { environment: 'staging' });
      expect(home.body.url).toMatch(new RegExp(`^http://staging\\.health\\.localhost:${server!.port}/\\?at_preview_token=`));
    });

    it('refuses viewers, unknown experiences and activities, and bad environments, with the catalogue', async () => {
      expect((await viewer.post('/api/admin/activities/202/experiences/0/preview', {})).status).toBe(403);
      const cases: Array<[string, unknown, number, string]> = [
        ['/api/admin/activities/202/experiences/3/preview', {}, 404, 'Not found: activity 202 has experiences 0 to 2, not 3'],
        ['/api/admin/activities/999/experiences/0/preview', {}, 404, 'Not found: activity 999 is not published on production; published there: 101, 202, 303, 404, 505'],
        ['/api/admin/activities/202/experiences/x/preview', {}, 400, 'The request is not valid: the experience must be a whole number from 0 to 9999'],
        ['/api/admin/activities/202/experiences/0/preview', { environment: 'live' }, 400, 'The request is not valid: environment: '],
        ['/api/admin/activities/202/experiences/0/preview', { property: 'nowhere' }, 404, 'Not found'],
      ];
      for (const [path, body, status, message] of cases) {
        const answer = await editor.post<{ error: { code: string; message: string } }>(path, body);
        expect({ path, status: answer.status }).toEqual({ path, status });
        expect(answer.body.error.message.startsWith(message), answer.body.error.message).toBe(true);
      }
    });
  });

  describe('the Delivery request with preview.token', () => {
    it('gets the forced experience whatever the allocation and the audience, marked as a preview; other activities decide as usual', async () => {
      const usual = await banner('preview-visitor-1');
      const natural = experienceOf(usual)!;
      const forcedId = (natural + 1) % 3;
      const link = await editor.post<Loose>(`/api/admin/activities/202/experiences/${forcedId}/preview`, {});
      const forced = await banner('preview-visitor-1', link.body.token);
      expect(experienceOf(forced)).toBe(forcedId);
      expect(forced.execute.mboxes[0].options[0].responseTokens).toMatchObject({ 'activity.id': 202, 'experience.id': forcedId, 'experience.preview': true });
      // The page load (activity 101) is not previewed: the same as without the token, and not marked.
      expect(forced.execute.pageLoad).toEqual(usual.execute.pageLoad);
      expect(usual.execute.mboxes[0].options[0].responseTokens['experience.preview']).toBeUndefined();
      // The audience excludes the Welsh subdomain: the preview shows the experience there too.
      expect(experienceOf(await banner('preview-visitor-1', undefined, WELSH))).toBeUndefined();
      expect(experienceOf(await banner('preview-visitor-1', link.body.token, WELSH))).toBe(forcedId);
      // Every visitor holding the link: one experience.
      for (const visitor of ['a', 'b', 'c', 'd', 'e']) expect(experienceOf(await banner(`preview-${visitor}`, link.body.token))).toBe(forcedId);
    });

    it('previews a paused activity, which no visitor gets', async () => {
      const ask = (token?: string) =>
        deliver({ id: { tntId: 'paused-visitor' }, context: { channel: 'web', address: { url: HOME } }, prefetch: { mboxes: [{ name: 'paused-banner', index: 0 }] }, ...(token && { preview: { token } }) });
      expect((await ask()).body.prefetch.mboxes[0]).toEqual({ name: 'paused-banner', index: 0 });
      const link = await editor.post<Loose>('/api/admin/activities/505/experiences/1/preview', {});
      expect(link.body.activity.state).toBe('paused');
      expect(link.body.url).toMatch(new RegExp(`^http://change4life\\.health\\.localhost:${server!.port}/\\?at_preview_token=`));
      const option = (await ask(link.body.token)).body.prefetch.mboxes[0].options[0];
      expect(option).toMatchObject({ type: 'html', content: '<p>new</p>', responseTokens: { 'activity.id': 505, 'experience.id': 1, 'experience.preview': true } });
      // Prefetched: a display token the page sends back, marked as a preview's.
      expect(readEventToken(option.eventToken)).toEqual({ activityId: 505, experienceId: 1, type: 'display', preview: true });
    });

    it('ignores a tampered, expired, foreign or other-environment token: the usual answer, 200', async () => {
      const visitor = 'ignored-visitor';
      const natural = experienceOf(await banner(visitor))!;
      const forcedId = (natural + 1) % 3;
      const valid = sign({ experienceId: forcedId });
      expect(experienceOf(await banner(visitor, valid))).toBe(forcedId);
      const [payload, mac] = valid.split('.') as [string, string];
      const longer = Buffer.from(JSON.stringify(['health-site', 'production', 202, forcedId, now() + 999_999])).toString('base64url');
      const ignored: Record<string, string> = {
        'a changed payload': `${longer}.${mac}`,
        'a changed signature': `${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
        expired: sign({ experienceId: forcedId, expires: now() - 5 }),
        'another secret': new ExperiencePreviewTokens(new SignedTokens('somebody else’s secret, thirty-two characters or more')).sign({ property: 'health-site', environment: 'production', activityId: 202, experienceId: forcedId, expires: now() + 600 }),
        'another environment': sign({ experienceId: forcedId, environment: 'staging' }),
        'another property': sign({ experienceId: forcedId, property: 'minimal' }),
        'an activity not published': sign({ activityId: 999 }),
        'an experience the activity lacks': sign({ experienceId: 7 }),
        // Signed with the same secret for the draft preview: another purpose, not an experience preview.
        'a draft-preview cookie': new PreviewTokens(new SignedTokens(SECRET)).sign({ property: 'health-site', environment: 'production', version: 1, expires: now() + 600 }),
        'not a token': 'hello',
      };
      for (const [name, token] of Object.entries(ignored)) expect({ name, experience: experienceOf(await banner(visitor, token)) }).toEqual({ name, experience: natural });
      // The staging token applies where the request names staging (environmentId 2).
      const staging = await banner(visitor, ignored['another environment'], HOME, { environmentId: 2 });
      expect(experienceOf(staging)).toBe(forcedId);
    });

    it('refuses a preview field of the wrong shape with DELIVERY_INVALID', async () => {
      const body = (preview: unknown) => ({ context: { channel: 'web' }, execute: { mboxes: [{ name: 'conditions-banner' }] }, preview });
      const cases: Array<[unknown, string]> = [
        ['a string', 'The delivery request is not valid: preview: an object with a token'],
        [{}, 'The delivery request is not valid: preview.token: a preview token'],
        [{ token: 5 }, 'The delivery request is not valid: preview.token: a preview token'],
        [{ token: '' }, 'The delivery request is not valid: preview.token: a preview token'],
        [{ token: 'x'.repeat(1025) }, 'The delivery request is not valid: preview.token: at most 1024 characters'],
      ];
      for (const [preview, message] of cases) {
        const answer = await deliver(body(preview));
        expect({ preview, status: answer.status, error: answer.body.error }).toEqual({ preview, status: 400, error: { code: 'DELIVERY_INVALID', message } });
      }
    });
  });

  describe('nothing a preview shows is counted', () => {
    const counts = (id: number) => server!.storage.readActivityCounts('health-site', activity(id), 'production');
    const visitorsOf = (c: Awaited<ReturnType<typeof counts>>) => c.experiences.reduce((sum, e) => sum + e.visitors, 0);
    async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
      for (let i = 0; i < 200; i++) {
        const value = await read();
        if (done(value)) return value;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the exposure was never recorded');
    }

    it('an executed preview is no exposure, while the same call exposes the visitor to the other activity', async () => {
      const before = { home: await counts(101), banner: await counts(202) };
      const token = sign({ activityId: 101, experienceId: 1 });
      // One call, one write: the banner's exposure (activity 202) and the previewed page load (101) would go together.
      const answer = await deliver({
        id: { marketingCloudVisitorId: 'mcid-exec-1' },
        context: { channel: 'web', address: { url: HOME } },
        execute: { pageLoad: {}, mboxes: [{ name: 'conditions-banner', index: 0 }] },
        preview: { token },
      });
      expect(answer.body.execute.pageLoad.options[0].responseTokens).toMatchObject({ 'activity.id': 101, 'experience.id': 1, 'experience.preview': true });
      await until(() => counts(202), (c) => visitorsOf(c) === visitorsOf(before.banner) + 1);
      expect(await counts(101)).toEqual(before.home);
    });

    it("a preview's display and click notifications are no exposure and no conversion, even on a call without the token", async () => {
      const before = { home: await counts(101), banner: await counts(202) };
      const token = sign({ activityId: 101, experienceId: 1 });
      const visitor = { marketingCloudVisitorId: 'mcid-notify-1' };
      // Prefetched, the page load's option carries its display token; executed, its click metrics come with theirs.
      const previewed = await deliver({ id: visitor, context: { channel: 'web', address: { url: HOME } }, prefetch: { pageLoad: {} }, execute: { pageLoad: {} }, preview: { token } });
      const display = previewed.body.prefetch.pageLoad.options[0].eventToken as string;
      const click = (previewed.body.execute.pageLoad.metrics as Array<{ selector: string; eventToken: string }>).find((m) => m.selector === 'a.cta')!.eventToken;
      expect(readEventToken(display)).toEqual({ activityId: 101, experienceId: 1, type: 'display', preview: true });
      expect(readEventToken(click)).toMatchObject({ activityId: 101, type: 'click', preview: true });
      // Prefetch without execute records nothing; the banner's own display token is the call's witness.
      const usual = await deliver({ id: visitor, context: { channel: 'web', address: { url: HOME } }, prefetch: { mboxes: [{ name: 'conditions-banner', index: 0 }] } });
      const bannerDisplay = usual.body.prefetch.mboxes[0].options[0].eventToken as string;
      const notified = await deliver({
        id: visitor,
        context: { channel: 'web', address: { url: HOME } },
        notifications: [
          { id: 'n-1', type: 'display', timestamp: Date.now(), pageLoad: {}, tokens: [display] },
          { id: 'n-2', type: 'click', timestamp: Date.now(), pageLoad: {}, tokens: [click] },
          { id: 'n-3', type: 'display', timestamp: Date.now(), mbox: { name: 'conditions-banner' }, tokens: [bannerDisplay] },
        ],
      });
      expect(notified.body.notifications).toEqual([{ id: 'n-1' }, { id: 'n-2' }, { id: 'n-3' }]);
      await until(() => counts(202), (c) => visitorsOf(c) === visitorsOf(before.banner) + 1);
      expect(await counts(101)).toEqual(before.home);
    });

    it('the same calls without the preview do count (the witness of the two tests above)', async () => {
      const before = await counts(101);
      await deliver({ id: { marketingCloudVisitorId: 'mcid-plain-1' }, context: { channel: 'web', address: { url: HOME } }, execute: { pageLoad: {} } });
      await until(() => counts(101), (c) => visitorsOf(c) === visitorsOf(before) + 1);
    });
  });
});
