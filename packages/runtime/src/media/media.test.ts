// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS, logged, makeConfig, resetPage, startContainer, stubBeacon, type TestSatellite } from '../core/test-helpers';
import type { MediaConfig } from '../core/types';
import createMedia from './index';
import mediaNotConfigured from './not-configured';

const MEDIA: MediaConfig = { module: createMedia, channel: 'Health A to Z', playerName: 'NHS player', appVersion: '2.1.0', mainPingInterval: 10, selector: 'video, audio' };

/** A media hit as the collector reads it: the link name, and the context data by dotted key. */
function mediaHit(params: URLSearchParams): { link: string | null; data: Record<string, string> } {
  const data: Record<string, string> = {};
  const open: string[] = [];
  for (const [key, value] of params) {
    if (key.endsWith('.') && !value) open.push(key.slice(0, -1));
    else if (key.startsWith('.') && !value) open.pop();
    else if (open[0] === 'c') data[[...open.slice(1), key].join('.')] = value;
  }
  return { link: params.get('pev2'), data };
}

let beacon: ReturnType<typeof stubBeacon>;
const hits = () => beacon.hits().map(mediaHit);
const events = () => hits().map((h) => h.data['tw.media.event']);

beforeEach(() => {
  resetPage();
  beacon = stubBeacon();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => resetPage());

const start = (media: MediaConfig | undefined = MEDIA): TestSatellite => startContainer(makeConfig({ analytics: ANALYTICS, media }));

describe('_satellite.sendMediaEvent: the site’s own player', () => {
  it('sends a session start with the content, the player and the channel, then play, pings while playing, pause and the end', () => {
    const satellite = start();
    let position = 0;
    expect(satellite.sendMediaEvent!({ playerId: 'p1', type: 'sessionStart', name: 'Hand washing', length: 34.6, getPlayhead: () => position })).toBe(true);
    expect(hits()[0]).toEqual({
      link: 'Media sessionStart',
      data: {
        'tw.media.event': 'sessionStart',
        'tw.media.playhead': '0',
        'a.media.name': 'Hand washing',
        'a.media.view': 'true',
        'a.media.length': '34',
        'a.media.playerName': 'NHS player',
        'a.media.channel': 'Health A to Z',
        'media.sdkVersion': '2.1.0',
      },
    });
    satellite.sendMediaEvent!({ playerId: 'p1', type: 'play' });
    expect(hits()[1]!.data).toMatchObject({ 'tw.media.event': 'play', 'a.media.play': 'true' });
    // SPEC §5: a ping every mainPingInterval seconds while the content plays, with the playhead then.
    position = 9.7;
    vi.advanceTimersByTime(9_999);
    expect(events()).toEqual(['sessionStart', 'play']);
    vi.advanceTimersByTime(1);
    position = 19.2;
    vi.advanceTimersByTime(10_000);
    expect(hits().slice(2).map((h) => [h.data['tw.media.event'], h.data['tw.media.playhead']])).toEqual([
      ['ping', '9'],
      ['ping', '19'],
    ]);
    satellite.sendMediaEvent!({ playerId: 'p1', type: 'pauseStart' });
    // Paused: no pings, and no play time.
    vi.advanceTimersByTime(60_000);
    satellite.sendMediaEvent!({ playerId: 'p1', type: 'play' });
    // Only a session's first play is a content start.
    expect(hits().at(-1)!.data).not.toHaveProperty('a.media.play');
    vi.advanceTimersByTime(5_000);
    satellite.sendMediaEvent!({ playerId: 'p1', type: 'sessionComplete' });
    expect(events()).toEqual(['sessionStart', 'play', 'ping', 'ping', 'pauseStart', 'play', 'sessionComplete']);
    expect(hits().at(-1)!.data).toMatchObject({ 'a.media.complete': 'true', 'a.media.timePlayed': '25', 'a.media.length': '34', 'a.media.name': 'Hand washing' });
    // The session is over: its timer is gone, and a play is refused.
    vi.advanceTimersByTime(60_000);
    expect(satellite.sendMediaEvent!({ playerId: 'p1', type: 'play' })).toBe(false);
    expect(events()).toHaveLength(7);
  });

  it('sends buffering, seeking and chapters, the last playhead the player gave, and a session end without completion', () => {
    const satellite = start({ ...MEDIA, appVersion: undefined, mainPingInterval: 50 });
    const send = (event: Record<string, unknown>) => expect(satellite.sendMediaEvent!({ playerId: 'p', ...event })).toBe(true);
    send({ type: 'sessionStart', name: 'Asthma', length: 60, playhead: 3 });
    expect(hits()[0]!.data).not.toHaveProperty('media.sdkVersion');
    send({ type: 'play', playhead: 3 });
    send({ type: 'chapterStart', chapter: 'Symptoms' });
    send({ type: 'bufferStart', playhead: 4 });
    send({ type: 'play' });
    send({ type: 'seekStart' });
    send({ type: 'seekComplete', playhead: 40 });
    send({ type: 'chapterComplete' });
    send({ type: 'play' });
    vi.advanceTimersByTime(50_000);
    send({ type: 'sessionEnd' });
    expect(hits().map((h) => [h.data['tw.media.event'], h.data['tw.media.playhead'], h.data['a.media.chapter.name']])).toEqual([
      ['sessionStart', '3', undefined],
      ['play', '3', undefined],
      ['chapterStart', '3', 'Symptoms'],
      ['bufferStart', '4', undefined],
      ['play', '4', undefined],
      ['seekStart', '4', undefined],
      ['seekComplete', '40', undefined],
      ['chapterComplete', '40', 'Symptoms'],
      ['play', '40', undefined],
      ['ping', '40', undefined],
      ['sessionEnd', '40', undefined],
    ]);
    expect(hits()[2]!.data['a.media.chapter.view']).toBe('true');
    expect(hits()[7]!.data['a.media.chapter.complete']).toBe('true');
    expect(hits().at(-1)!.data).not.toHaveProperty('a.media.complete');
    expect(hits().at(-1)!.data['a.media.timePlayed']).toBe('50');
    // Every media hit is a custom link hit.
    expect(beacon.hits().every((h) => h.get('pe') === 'lnk_o')).toBe(true);
  });

  it('refuses events that do not match their schema, with the reason in the page’s log, and sends nothing for them', () => {
    const satellite = start();
    const refused: Array<[unknown, string]> = [
      [undefined, 'an event must be an object'],
      ['play', 'an event must be an object'],
      [{ type: 'rewind', playerId: 'p' }, 'type must be one of sessionStart, play,'],
      [{ type: 'ping', playerId: 'p' }, 'type must be one of'],
      [{ type: 'sessionStart', name: 'x', length: 3 }, 'playerId must be a non-empty string'],
      [{ type: 'sessionStart', playerId: ' ', name: 'x', length: 3 }, 'playerId must be a non-empty string'],
      [{ type: 'sessionStart', playerId: 'p', length: 3 }, 'sessionStart needs name'],
      [{ type: 'sessionStart', playerId: 'p', name: 'x'.repeat(256), length: 3 }, 'sessionStart needs name'],
      [{ type: 'sessionStart', playerId: 'p', name: 'x', length: -1 }, 'sessionStart needs length'],
      [{ type: 'sessionStart', playerId: 'p', name: 'x', length: '3' }, 'sessionStart needs length'],
      [{ type: 'sessionStart', playerId: 'p', name: 'x', length: 3, getPlayhead: 4 }, 'getPlayhead must be a function'],
      [{ type: 'sessionStart', playerId: 'p', name: 'x', length: 3, colour: 'red' }, 'sessionStart has no field "colour"'],
      [{ type: 'play', playerId: 'p', playhead: Infinity }, 'playhead must be a number of seconds'],
      [{ type: 'play', playerId: 'p' }, 'player "p" has no session: send sessionStart first'],
      [{ type: 'chapterStart', playerId: 'p' }, 'chapterStart needs chapter'],
    ];
    for (const [event, reason] of refused) expect(satellite.sendMediaEvent!(event), reason).toBe(false);
    const errors = logged(satellite, 'error');
    expect(errors).toHaveLength(refused.length);
    refused.forEach(([, reason], i) => expect(errors[i]).toContain(`The event does not match the expected schema. ${reason}`));

    satellite.sendMediaEvent!({ type: 'sessionStart', playerId: 'p', name: 'x', length: 3 });
    expect(satellite.sendMediaEvent!({ type: 'sessionStart', playerId: 'p', name: 'y', length: 3 })).toBe(false);
    expect(satellite.sendMediaEvent!({ type: 'chapterComplete', playerId: 'p' })).toBe(false);
    expect(logged(satellite, 'error').slice(-2)).toEqual([
      'The event does not match the expected schema. player "p" has a session open: end it first',
      'The event does not match the expected schema. chapterComplete with no chapter started',
    ]);
    expect(events()).toEqual(['sessionStart']);
  });

  it('never throws into the page: a hostile event or a throwing playhead is logged', () => {
    const satellite = start();
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('no'); } });
    expect(satellite.sendMediaEvent!(hostile)).toBe(false);
    expect(logged(satellite, 'error').at(-1)).toBe('The event does not match the expected schema. the event could not be read');
    const broken = () => {
      throw new Error('player gone');
    };
    expect(satellite.sendMediaEvent!({ type: 'sessionStart', playerId: 'p', name: 'x', length: 3, getPlayhead: broken })).toBe(true);
    expect(hits()[0]!.data['tw.media.playhead']).toBe('0');
    expect(logged(satellite, 'error').at(-1)).toMatch(/^Streaming media failed: player gone/);
  });

  it('takes any playerId as a name, __proto__ and constructor too', () => {
    const satellite = start();
    for (const playerId of ['__proto__', 'constructor', 'toString']) {
      expect(satellite.sendMediaEvent!({ playerId, type: 'play' }), playerId).toBe(false);
      expect(satellite.sendMediaEvent!({ playerId, type: 'sessionStart', name: playerId, length: 3 }), playerId).toBe(true);
      expect(satellite.sendMediaEvent!({ playerId, type: 'sessionEnd' }), playerId).toBe(true);
    }
    expect(events()).toEqual(['sessionStart', 'sessionEnd', 'sessionStart', 'sessionEnd', 'sessionStart', 'sessionEnd']);
  });

  it('ends the sessions still open when the page is left', () => {
    const satellite = start();
    satellite.sendMediaEvent!({ type: 'sessionStart', playerId: 'a', name: 'A', length: 3 });
    satellite.sendMediaEvent!({ type: 'sessionStart', playerId: 'b', name: 'B', length: 3 });
    satellite.sendMediaEvent!({ type: 'sessionComplete', playerId: 'b' });
    dispatchEvent(new Event('pagehide'));
    expect(hits().map((h) => `${h.data['a.media.name']} ${h.data['tw.media.event']}`)).toEqual(['A sessionStart', 'B sessionStart', 'B sessionComplete', 'A sessionEnd']);
  });
});

describe('the page’s own media elements', () => {
  const fire = (el: Element, ...types: string[]) => types.forEach((type) => el.dispatchEvent(new Event(type)));
  const video = (html: string) => {
    document.body.innerHTML = html;
    const el = document.body.firstElementChild as HTMLVideoElement;
    Object.defineProperty(el, 'duration', { value: 4.2, configurable: true });
    return el;
  };

  it('reports the session of an element the selector matches: named by data-media-name, its length, play, pause, seek, the end', () => {
    const satellite = start({ ...MEDIA, selector: 'video.tracked' });
    const el = video('<video class="tracked" data-media-name="Hand washing" src="/media/hands.webm"></video>');
    let position = 0;
    Object.defineProperty(el, 'currentTime', { get: () => position, configurable: true });
    let paused = false;
    Object.defineProperty(el, 'paused', { get: () => paused, configurable: true });
    fire(el, 'play', 'playing');
    vi.advanceTimersByTime(10_000);
    position = 2.5;
    paused = true;
    fire(el, 'pause');
    paused = false;
    fire(el, 'play', 'playing', 'seeking', 'seeked', 'waiting', 'playing');
    Object.defineProperty(el, 'ended', { value: true, configurable: true });
    paused = true;
    fire(el, 'pause', 'ended');
    expect(events()).toEqual(['sessionStart', 'play', 'ping', 'pauseStart', 'play', 'seekStart', 'seekComplete', 'play', 'bufferStart', 'play', 'sessionComplete']);
    expect(hits()[0]!.data).toMatchObject({ 'a.media.name': 'Hand washing', 'a.media.length': '4' });
    expect(hits().at(-1)!.data).toMatchObject({ 'a.media.complete': 'true', 'a.media.timePlayed': '10', 'tw.media.playhead': '2' });
    expect(logged(satellite, 'error')).toEqual([]);
    // A new play after the end is a new session.
    fire(el, 'play');
    expect(events().at(-1)).toBe('sessionStart');
  });

  it('leaves alone the elements the selector does not match, and what is not video or audio', () => {
    start({ ...MEDIA, selector: '.tracked' });
    const other = video('<video src="/media/a.webm"></video>');
    fire(other, 'play', 'playing');
    const div = document.createElement('div');
    div.className = 'tracked';
    document.body.append(div);
    fire(div, 'play', 'playing');
    expect(events()).toEqual([]);
  });

  it('names content by title, label or file when it has no data-media-name', () => {
    start();
    for (const html of ['<audio title="Breathing exercise"></audio>', '<video aria-label="Sleep tips"></video>']) fire(video(html), 'play');
    const el = video('<video></video>');
    Object.defineProperty(el, 'currentSrc', { value: 'http://www.health.localhost/media/hand-washing.webm?v=2' });
    fire(el, 'play');
    expect(hits().map((h) => h.data['a.media.name'])).toEqual(['Breathing exercise', 'Sleep tips', 'hand-washing.webm']);
  });
});

describe('a container without streaming media', () => {
  it('logs that streaming media is not configured (development and staging containers), and sends nothing', () => {
    const satellite = start({ module: mediaNotConfigured } as unknown as MediaConfig);
    expect(satellite.sendMediaEvent!({ type: 'sessionStart', playerId: 'p', name: 'x', length: 3 })).toBe(false);
    expect(logged(satellite, 'warn')).toEqual(['Streaming media is not configured.']);
    expect(beacon.hits()).toEqual([]);
  });

  it('has no sendMediaEvent at all in production (nothing compiled in)', () => {
    expect(startContainer(makeConfig({ analytics: ANALYTICS }))).not.toHaveProperty('sendMediaEvent');
  });
});
