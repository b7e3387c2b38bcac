import { assertProperty } from '@tagwell/schema';
import { describe, expect, it } from 'vitest';
import { compileContainer, loadProperty } from '../src/index';
import { featureDefines } from '../src/features';
import { generateEntry } from '../src/generate';
import { baseProperty, evaluateEntry, minimalProperty } from './helpers';

// Issue 16 items 3 and 4: streaming media and post-track callbacks are optional modules, compiled into a
// container only when its property uses them; the minimal container carries none of their code.

const mediaDoc = (settings: Record<string, unknown> = {}) =>
  assertProperty(
    baseProperty({
      settings: { trackingServer: 'metrics.example.test', streamingMedia: { channel: 'Health A to Z', playerName: 'NHS player', ...settings } },
      // No analytics action at all: media hits still need the tracker's settings.
      rules: [{ name: 'Nothing', events: [{ type: 'dom-ready' }], actions: [{ type: 'custom-code', settings: { source: 'return 1;' } }] }],
    }),
  );

describe('streaming media in the compiler', () => {
  it('TW_MEDIA with settings.streamingMedia, with the link hits and context data its hits are', () => {
    const defines = featureDefines(mediaDoc(), 'production');
    expect(defines).toMatchObject({ TW_MEDIA: 'true', TW_LINK_HITS: 'true', TW_CONTEXT_DATA: 'true' });
    const minimal = loadProperty(minimalProperty).property;
    expect(featureDefines(minimal, 'production').TW_MEDIA).toBe('false');
    // SPEC §8: development and staging containers without it say so when the page's player calls.
    expect(featureDefines(minimal, 'development').TW_MEDIA).toBe('true');
    expect(featureDefines(minimal, 'staging').TW_MEDIA).toBe('true');
  });

  it('emits the settings the page reads, and the analytics settings its hits need; not the ad ping interval (no ads)', () => {
    const entry = generateEntry(mediaDoc({ appVersion: '2.1', mainPingInterval: 20 }), 'production');
    expect(entry.modules).toContain('media/index');
    const config = evaluateEntry(entry.source);
    expect(config.media).toEqual({ module: 'media_index', channel: 'Health A to Z', playerName: 'NHS player', appVersion: '2.1', mainPingInterval: 20, selector: 'video, audio' });
    expect(config.analytics!.reportSuites).toEqual(['fixprod', 'fixglobal']);
  });

  it('a production container without it carries none of its code; a development one only the module that says it is not configured', async () => {
    const { property, dir } = loadProperty(minimalProperty);
    const production = await compileContainer(property, 'production', { propertyDir: dir });
    expect(production.modules.filter((m) => m.startsWith('media/'))).toEqual([]);
    expect(production.js).not.toContain('Streaming media');
    expect(production.js).not.toContain('sendMediaEvent');
    const development = await compileContainer(property, 'development', { propertyDir: dir });
    expect(development.modules).toContain('media/not-configured');
    expect(development.modules).not.toContain('media/index');
    expect(development.js).toContain('Streaming media is not configured.');
  });

  it('a container with it carries the module', async () => {
    const { js, modules } = await compileContainer(mediaDoc(), 'production', {});
    expect(modules).toContain('media/index');
    expect(js).toContain('tw.media.event');
    expect(js).toContain('sendMediaEvent');
  });
});

describe('post-track callbacks in the compiler', () => {
  it('TW_POST_TRACK only with settings.postTrackCallbacks; a container without it has no registerPostTrackCallback', async () => {
    const withCallbacks = assertProperty(
      baseProperty({
        settings: { trackingServer: 'metrics.example.test', postTrackCallbacks: true },
        rules: [{ name: 'Page', events: [{ type: 'dom-ready' }], actions: [{ type: 'send-beacon', settings: { type: 'page' } }] }],
      }),
    );
    expect(featureDefines(withCallbacks, 'production').TW_POST_TRACK).toBe('true');
    const { property, dir } = loadProperty(minimalProperty);
    expect(featureDefines(property, 'production').TW_POST_TRACK).toBe('false');
    const { js } = await compileContainer(property, 'production', { propertyDir: dir });
    expect(js).not.toContain('registerPostTrackCallback');
    expect(js).not.toContain('post-track callback');
    expect((await compileContainer(withCallbacks, 'production', {})).js).toContain('Error in post-track callback');
  });
});
