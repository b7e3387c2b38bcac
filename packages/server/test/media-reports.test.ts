/**
 * Streaming media over real HTTP on both engines (issue 16 item 3, docs/MEDIA.md): media hits as the
 * container sends them, through the collector into the aggregates, read back as the media report and
 * its CSV; media hits that do not match their schema refused with SPEC §8's message and the reason.
 */
import { encode, type Pair } from '@tagwell/runtime/analytics/encode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index';
import type { MediaContentRow, Storage } from '../src/storage';
import type { AdminClient } from './support/admin-client';
import { startAdminServer } from './support/admin-server';
import { send } from './support/http';
import { bothEngines } from './support/postgres';

const PATH = '/b/ss/nhsukprod/1/TW-0.1.0/s4096';

/** One media hit as the container encodes it (runtime media/session.ts): a custom link hit with context data. */
function mediaHit(event: string, name: string, data: Record<string, string | number> = {}): string {
  const pairs: Pair[] = [
    ['g', 'http://www.health.localhost/live-well/exercise/warm-up-video'],
    ['pageName', 'nhs:live-well:exercise:warm-up-video'],
    ['pe', 'lnk_o'],
    ['pev2', `Media ${event}`],
    ['c.tw.media.event', event],
    ['c.tw.media.playhead', '0'],
    ['c.a.media.name', name],
    ...Object.entries(data).map(([key, value]): Pair => [`c.${key}`, String(value)]),
  ];
  return encode(pairs);
}
const start = (name: string) => mediaHit('sessionStart', name, { 'a.media.view': 'true', 'a.media.length': 4, 'a.media.playerName': 'NHS video player', 'a.media.channel': 'NHS website' });
const complete = (name: string, seconds: number) => mediaHit('sessionComplete', name, { 'a.media.complete': 'true', 'a.media.length': 4, 'a.media.timePlayed': seconds });
const end = (name: string, seconds: number) => mediaHit('sessionEnd', name, { 'a.media.length': 4, 'a.media.timePlayed': seconds });

type Body = { mediaByContent: MediaContentRow[] };

describe.each(bothEngines('tagwell_media'))('media reports on $name, over HTTP', (engine) => {
  let server: RunningServer;
  let storage: Storage;
  let viewer: AdminClient;
  let stop: (() => Promise<void>) | undefined;
  const collect = (query: string) => send(server.port, `${PATH}?${query}`);

  beforeAll(async () => {
    ({ server, storage, admin: viewer, stop } = await startAdminServer(engine));
  }, 120_000);
  afterAll(() => stop?.());

  it('counts media starts, completes, their rate and the time played, by content, from the hits the collector accepts', async () => {
    const hits = [
      start('Warm-up exercises'),
      mediaHit('play', 'Warm-up exercises', { 'a.media.play': 'true' }),
      mediaHit('ping', 'Warm-up exercises'),
      complete('Warm-up exercises', 4),
      start('Warm-up exercises'),
      complete('Warm-up exercises', 5),
      start('Warm-up exercises'),
      end('Warm-up exercises', 2),
      start('Breathing exercise'),
      mediaHit('chapterStart', 'Breathing exercise', { 'a.media.chapter.name': 'Breathe in', 'a.media.chapter.view': 'true' }),
      mediaHit('pauseStart', 'Breathing exercise'),
      end('Breathing exercise', 7),
      // SPEC §5: the privacy guard sees media hits too: a postcode in a content name never reaches a report.
      start('Clinic near LS1 4AP'),
    ];
    for (const query of hits) expect((await collect(query)).status).toBe(200);
    const answer = await viewer.get<Body>('/api/admin/reports?reportSuite=nhsukprod');
    expect(answer.status).toBe(200);
    expect(answer.body.mediaByContent).toEqual([
      { content: 'Warm-up exercises', starts: 3, completes: 2, completionRate: 2 / 3, timePlayed: 11 },
      { content: 'Breathing exercise', starts: 1, completes: 0, completionRate: 0, timePlayed: 7 },
      { content: 'Clinic near postcode', starts: 1, completes: 0, completionRate: 0, timePlayed: 0 },
    ]);
    const limited = await viewer.get<Body>('/api/admin/reports?limit=1');
    expect(limited.body.mediaByContent.map((row) => row.content)).toEqual(['Warm-up exercises']);
    const csv = await viewer.get<string>('/api/admin/reports/mediaByContent.csv?reportSuite=nhsukprod');
    expect(csv.status).toBe(200);
    expect(csv.body).toBe(
      'content,starts,completes,completionRate,timePlayed\r\n' +
        `Warm-up exercises,3,2,${2 / 3},11\r\nBreathing exercise,1,0,0,7\r\nClinic near postcode,1,0,0,0\r\n`,
    );
    // Another report suite, another day: none of it.
    expect((await viewer.get<Body>('/api/admin/reports?reportSuite=nhsukstaging')).body.mediaByContent).toEqual([]);
    expect((await viewer.get<Body>('/api/admin/reports?from=2020-01-01&to=2020-01-02')).body.mediaByContent).toEqual([]);
  });

  it('refuses a media hit that does not match its schema: 400 with the reason, kept among the rejected hits, counted nowhere', async () => {
    const before = (await viewer.get<Body>('/api/admin/reports')).body.mediaByContent;
    const refused: Array<[string, string]> = [
      [complete('Warm-up exercises', -3), 'Media sessionComplete: a.media.timePlayed "-3" is not a whole number of seconds from 0 to 31536000'],
      [mediaHit('ping', 'Warm-up exercises', { 'a.media.timePlayed': 600 }), 'Media ping: a.media.timePlayed is not sent with ping'],
      [mediaHit('rewind', 'Warm-up exercises'), 'Media: unknown event "rewind"; expected sessionStart, play, ping,'],
      [mediaHit('sessionStart', 'Warm-up exercises', { 'a.media.view': 'true', 'a.media.length': 4, 'a.media.channel': 'NHS website' }), 'Media sessionStart: needs a.media.playerName'],
      [mediaHit('play', ' '), 'Media play: a.media.name " " is not text of 1 to 255 characters'],
      [start('Warm-up exercises').replace('pe=lnk_o&', ''), 'Media sessionStart: must be a link hit (pe=lnk_o)'],
    ];
    for (const [query, reason] of refused) {
      const answer = await collect(query);
      expect(answer.status, reason).toBe(400);
      const { error } = JSON.parse(answer.body) as { error: { code: string; message: string } };
      expect(error.code).toBe('HIT_REJECTED');
      expect(error.message).toContain(`The event does not match the expected schema. ${reason}`);
    }
    const rejected = await storage.latestRejected(refused.length);
    expect(rejected.map((r) => r.reason)).toEqual(refused.map(() => 'The event does not match the expected schema.'));
    expect(rejected.at(-1)!.detail).toBe('media sessionComplete: a.media.timePlayed "-3" is not a whole number of seconds from 0 to 31536000');
    expect((await viewer.get<Body>('/api/admin/reports')).body.mediaByContent).toEqual(before);
  });
});
