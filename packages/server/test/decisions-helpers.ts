import { createRequire } from 'node:module';
import { startServer, type RunningServer } from '../src/index';
import { AdminClient } from './support/admin-client';
import { ADMIN } from './support/admin-server';
import { testConfig } from './support/config';

// Shared by the decision service's tests: the activities they publish, a server with them
// published to every environment, and the real Target Node SDK.

export const PASSWORD = ADMIN.password;
export const ORG = 'HEALTH0123456789@AdobeOrg';

/** The real SDK (CommonJS). */
export const TargetClient = createRequire(import.meta.url)('@adobe/target-nodejs-sdk') as {
  create(options: Record<string, unknown>): TargetClientInstance;
};
/** Answers are read loosely, field by field, as each test checks them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of the SDK's answers
export type Loose = any;
export interface TargetClientInstance {
  getOffers(options: Record<string, unknown>): Promise<{ response: Record<string, Loose>; targetCookie?: { name: string; value: string }; meta?: Record<string, unknown> }>;
  sendNotifications(options: Record<string, unknown>): Promise<{ response: Record<string, Loose> }>;
}

/** Four activities: every location kind, offer kind and audience kind the tests decide. */
export const personalisation = (overrides: Record<string, unknown> = {}) => ({
  client: 'health',
  organizationId: ORG,
  // The health site's page-load rule asks this decision service (docs/PERSONALISATION.md).
  server: 'decisions.health.localhost',
  activities: [
    {
      id: 101,
      name: 'Home hero wording',
      type: 'ab',
      location: { type: 'mbox', name: 'target-global-mbox' },
      experiences: [
        { name: 'Control', split: 50, offers: [{ type: 'setText', selector: '#hero h1', content: 'Health A to Z' }] },
        {
          name: 'Plain words',
          split: 50,
          offers: [
            { type: 'setText', selector: '#hero h1', content: 'Find out about conditions' },
            { type: 'trackClick', selector: 'a.cta' },
          ],
        },
      ],
      goals: [
        { type: 'click', name: 'Call to action', selector: 'a.cta' },
        { type: 'analytics-event', name: 'Tool completed', event: 'event15' },
      ],
    },
    {
      id: 202,
      name: 'Conditions banner',
      type: 'ab',
      location: { type: 'mbox', name: 'conditions-banner' },
      audience: {
        conditions: [
          { type: 'path', operator: 'startsWith', values: ['/conditions/'] },
          { type: 'host', negate: true, values: ['111.wales.health.localhost'] },
        ],
      },
      experiences: [
        { name: 'None', split: 20, offers: [{ type: 'json', content: { banner: false } }] },
        { name: 'Blue', split: 30, offers: [{ type: 'html', content: '<p class="banner blue">Check your symptoms</p>' }] },
        { name: 'Green', split: 50, offers: [{ type: 'html', content: '<p class="banner green">Check your symptoms</p>' }] },
      ],
      goals: [{ type: 'page-view', name: 'Symptom checker', path: '/symptoms/' }],
    },
    {
      id: 303,
      name: 'Welcome back',
      type: 'xt',
      location: { type: 'view', name: 'home' },
      experiences: [
        {
          name: 'Returning tool users',
          audience: { conditions: [{ type: 'visitor', is: 'repeat' }, { type: 'event-history', event: 'event15', atLeast: 2, withinDays: 30 }] },
          offers: [{ type: 'setHtml', selector: '#welcome', content: '<strong>Welcome back</strong>' }],
        },
        {
          name: 'Pregnancy readers',
          audience: { conditions: [{ type: 'data-element', name: 'Page Name', operator: 'contains', value: 'pregnancy' }] },
          offers: [{ type: 'setAttribute', selector: '#welcome', content: { 'data-variant': 'pregnancy' } }],
        },
        { name: 'Everyone else', offers: [{ type: 'remove', selector: '#welcome .old' }] },
      ],
      goals: [{ type: 'analytics-event', name: 'Link click', event: 'event17' }],
    },
    {
      id: 404,
      name: 'Vaccination page move',
      type: 'ab',
      location: { type: 'mbox', name: 'vaccination-entry' },
      audience: { conditions: [{ type: 'query', name: 'campaign', operator: 'equals', value: 'flu' }] },
      experiences: [
        { name: 'Stay', split: 50, offers: [{ type: 'html', content: '<p>Book a vaccination</p>' }] },
        { name: 'Redirect', split: 50, offers: [{ type: 'redirect', url: 'https://www.health.localhost/vaccinations/book' }] },
      ],
      goals: [{ type: 'page-view', name: 'Booking', path: '/vaccinations/book' }],
    },
  ],
  ...overrides,
});

/** Saves the current document plus `extra` as a new version and publishes it development, staging, production. */
export async function publishWith(base: string, extra: Record<string, unknown>, environments = ['development', 'staging', 'production']): Promise<number> {
  const admin = new AdminClient(base);
  const signedIn = await admin.signIn('root', PASSWORD);
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status}`);
  const latest = (await admin.get<{ latest: { version: number; document: Record<string, unknown> } }>('/api/admin/properties/health-site')).body.latest;
  const saved = await admin.post<{ version: number }>('/api/admin/properties/health-site/versions', { document: { ...latest.document, ...extra }, baseVersion: latest.version });
  if (saved.status !== 201) throw new Error(`save failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  for (const environment of environments) {
    const published = await admin.post('/api/admin/properties/health-site/publications', { environment, version: saved.body.version });
    if (published.status !== 201) throw new Error(`publish to ${environment} failed: ${published.status} ${JSON.stringify(published.body)}`);
  }
  // A process reads the publications again after at most PUBLICATION_TTL_MS: wait for the new version.
  for (const environment of environments) await artifactVersion(base, environment, saved.body.version);
  return saved.body.version;
}

/** A server on SQLite (or the given PostgreSQL) with the activities published everywhere. */
export async function serverWithActivities(databaseUrl?: string, log?: string[]): Promise<{ server: RunningServer; base: string; domain: string }> {
  const config = testConfig({ databaseUrl, loginAttemptsPerMinute: 1000, firstAdmin: { username: 'root', password: PASSWORD }, logLevel: 'info' });
  const server = await startServer(config, log ? { logStream: { write: (line) => void log.push(line) } } : { logger: false });
  const base = `http://127.0.0.1:${server.port}`;
  await publishWith(base, { personalisation: personalisation() });
  return { server, base, domain: `127.0.0.1:${server.port}` };
}

/** The experience an answer's options name (their response tokens), or undefined. */
export function experienceOf(options: Array<{ responseTokens?: Record<string, unknown> }> | undefined): number | undefined {
  const id = options?.[0]?.responseTokens?.['experience.id'];
  return typeof id === 'number' ? id : undefined;
}

export const visitorIds = (n: number, prefix = 'visitor') => Array.from({ length: n }, (_, i) => `${prefix}-${i}-${(i * 2654435761) % 1_000_003}`);

/** The real SDK deciding on device from our artifact, once it has loaded it. */
export function onDeviceClient(base: string, domain: string, format: 'json' | 'bin' = 'json', environment = 'production', extra: Record<string, unknown> = {}): Promise<TargetClientInstance> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the SDK did not load the artifact')), 20_000);
    const client: TargetClientInstance = TargetClient.create({
      client: 'health',
      organizationId: ORG,
      serverDomain: domain,
      secure: false,
      decisioningMethod: 'on-device',
      artifactLocation: `${base}/health/${environment}/v1/rules.${format}`,
      pollingInterval: 0,
      telemetryEnabled: false,
      logger: { debug: () => undefined, error: () => undefined },
      events: { clientReady: () => (clearTimeout(timer), resolve(client)) },
      ...extra,
    });
  });
}

export const serverSideClient = (domain: string) =>
  TargetClient.create({ client: 'health', organizationId: ORG, serverDomain: domain, secure: false, telemetryEnabled: false, logger: { debug: () => undefined, error: () => undefined } });

/** Runs `work` over the items, `width` at a time. */
export async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map((item, j) => work(item, i + j)))));
  return out;
}

/** Waits until the server's artifact of the environment is built from `version` (10 s at most). */
export async function artifactVersion(base: string, environment: string, version: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const response = await fetch(`${base}/health/${environment}/v1/rules.json`);
    if (response.ok && ((await response.json()) as { meta: { propertyVersion: number } }).meta.propertyVersion === version) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${base} did not serve version ${version} on ${environment}`);
}
