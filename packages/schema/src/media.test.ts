import { describe, expect, it } from 'vitest';
import { buildSdr } from './sdr';
import { doc, errorsOf, parsed } from './test-documents';

// settings.streamingMedia (issue 16 item 3, docs/MEDIA.md), checked when the property is validated (SPEC §5).

const withMedia = (media: unknown) => doc({ settings: { trackingServer: 'metrics.example.com', streamingMedia: media } });
const required = { channel: 'Health A to Z', playerName: 'NHS player' };

describe('settings.streamingMedia', () => {
  it('takes the spec defaults: pings every 10 seconds, ads every 10 (SPEC §5), and the page’s video and audio', () => {
    expect(parsed(withMedia(required)).settings.streamingMedia).toEqual({ ...required, mainPingInterval: 10, adPingInterval: 10, selector: 'video, audio' });
    expect(parsed(withMedia({ ...required, appVersion: '2.1', mainPingInterval: 50, adPingInterval: 1, selector: 'video.tracked' })).settings.streamingMedia).toMatchObject({
      appVersion: '2.1',
      mainPingInterval: 50,
      adPingInterval: 1,
    });
  });

  it('SPEC §5: channel and playerName are non-empty strings', () => {
    expect(errorsOf(withMedia({}))).toEqual(['settings.streamingMedia.channel: required', 'settings.streamingMedia.playerName: required']);
    expect(errorsOf(withMedia({ channel: '  ', playerName: 7 }))).toEqual([
      'settings.streamingMedia.channel: channel must be a non-empty string',
      'settings.streamingMedia.playerName: playerName must be a non-empty string',
    ]);
    expect(errorsOf(withMedia({ ...required, appVersion: '' }))).toEqual(['settings.streamingMedia.appVersion: appVersion must be a non-empty string']);
  });

  it('SPEC §5: mainPingInterval is 10 to 50 and adPingInterval 1 to 10, whole seconds', () => {
    for (const bad of [9, 51, 10.5, '10'])
      expect(errorsOf(withMedia({ ...required, mainPingInterval: bad })), String(bad)).toEqual([
        'settings.streamingMedia.mainPingInterval: mainPingInterval must be a whole number of seconds from 10 to 50',
      ]);
    for (const bad of [0, 11, 2.5])
      expect(errorsOf(withMedia({ ...required, adPingInterval: bad })), String(bad)).toEqual([
        'settings.streamingMedia.adPingInterval: adPingInterval must be a whole number of seconds from 1 to 10',
      ]);
  });

  it('refuses a selector the browser cannot parse, and a misspelt option', () => {
    expect(errorsOf(withMedia({ ...required, selector: 'video[' }))[0]).toMatch(/^settings\.streamingMedia\.selector: not a valid CSS selector/);
    expect(errorsOf(withMedia({ ...required, pingInterval: 10 }))).toEqual(['settings.streamingMedia: unknown option "pingInterval"']);
  });

  it('puts the media hits’ context data and link name in the SDR, so the collector accepts them', () => {
    const sdr = buildSdr(parsed(withMedia(required)));
    expect(sdr.contextData.map((c) => c.name)).toEqual(expect.arrayContaining(['a.media.name', 'a.media.view', 'a.media.timePlayed', 'tw.media.event', 'tw.media.playhead', 'media.sdkVersion']));
    expect(sdr.variables.find((v) => v.name === 'linkName')!.setBy).toEqual([{ rule: 'streaming media (settings.streamingMedia)', value: 'Media <event>' }]);
    expect(buildSdr(parsed(doc())).contextData).toEqual([]);
  });
});
