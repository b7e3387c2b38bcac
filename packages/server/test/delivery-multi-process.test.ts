import { afterAll, expect, it } from 'vitest';
import { artifactVersion, experienceOf, inBatches, personalisation, publishWith, PASSWORD, visitorIds } from './decisions-helpers';
import type { Loose } from './decisions-helpers';
import { createDatabase, dropDatabase } from './support/postgres';
import { killStartedProcesses, listeningPids, startProcess, stopProcess } from './support/process';

// Issue 14 item 2: several server processes on one PostgreSQL database serve the same decisions
// after a publish, and one visitor keeps one experience on every process.

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await killStartedProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

const ask = async (port: number, visitorId: string) => {
  const response = await fetch(`http://127.0.0.1:${port}/rest/v1/delivery?client=health&sessionId=s`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: { tntId: visitorId }, context: { channel: 'web', address: { url: 'http://www.health.localhost/conditions/flu' } }, prefetch: { pageLoad: {}, mboxes: [{ name: 'conditions-banner' }] } }),
  });
  const body = (await response.json()) as Record<string, Loose>;
  return { status: response.status, page: experienceOf(body.prefetch?.pageLoad?.options), banner: experienceOf(body.prefetch?.mboxes?.[0]?.options), content: body.prefetch?.mboxes?.[0]?.options?.[0]?.content };
};

it('two server processes on one PostgreSQL decide alike after each publish', async () => {
  const databaseUrl = await createDatabase('tagwell_decisions');
  cleanups.push(() => dropDatabase(databaseUrl));
  const env = { DATABASE_URL: databaseUrl, PUBLICATION_SYNC_SECONDS: '1', TAGWELL_ADMIN_USERNAME: 'root', TAGWELL_ADMIN_PASSWORD: PASSWORD };
  const servers = await Promise.all([startProcess(env), startProcess(env)]);
  for (const { child, port } of servers) expect(listeningPids(port)).toEqual([child.pid]);
  const [a, b] = servers.map((s) => s.port) as [number, number];

  // As imported: the property's condition-page activity (1002) gives this condition page its control ("Other condition pages"), nothing decides the banner.
  for (const port of [a, b]) expect(await ask(port, 'v')).toEqual({ status: 200, page: 1, banner: undefined, content: undefined });

  // Published through A: B decides from it too, the same experience for every visitor.
  const first = await publishWith(`http://127.0.0.1:${a}`, { personalisation: personalisation() });
  await artifactVersion(`http://127.0.0.1:${b}`, 'production', first);
  const ids = visitorIds(300, 'multi');
  const onA = await inBatches(ids, 20, (id) => ask(a, id));
  const onB = await inBatches(ids, 20, (id) => ask(b, id));
  expect(onB).toEqual(onA);
  expect(new Set(onA.map((x) => x.banner))).toEqual(new Set([0, 1, 2]));
  // And again on a second call: sticky on every process.
  expect(await inBatches(ids, 20, (id) => ask(a, id))).toEqual(onB);

  // A new version published through B (the banner now has one experience): A follows.
  const changed = personalisation();
  changed.activities[1]!.experiences = [
    { name: 'Only', split: 100, offers: [{ type: 'html', content: '<p>one banner</p>' }] },
    { name: 'Never', split: 0, offers: [{ type: 'html', content: '<p>never</p>' }] },
  ] as (typeof changed.activities)[1]['experiences'];
  const second = await publishWith(`http://127.0.0.1:${b}`, { personalisation: changed });
  await artifactVersion(`http://127.0.0.1:${a}`, 'production', second);
  for (const port of [a, b]) for (const answer of await inBatches(ids.slice(0, 50), 10, (id) => ask(port, id))) expect(answer.content).toBe('<p>one banner</p>');
  // The artifact is the same bytes on both processes.
  const artifacts = await Promise.all([a, b].map(async (port) => (await fetch(`http://127.0.0.1:${port}/health/production/v1/rules.json`)).headers.get('etag')));
  expect(artifacts[0]).toBe(artifacts[1]);

  for (const { child } of servers) await stopProcess(child);
}, 180_000);
