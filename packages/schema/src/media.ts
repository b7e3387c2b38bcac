import { z } from 'zod';
import { cssSelector } from './components';

// Streaming-media analytics (issue 16 item 3, docs/MEDIA.md): the settings of a property whose
// pages play video and audio, checked when the document is validated, and the context data the
// container's media hits carry, which the SDR lists and the collector checks.

/** SPEC §5: the streaming-media ping intervals, in seconds. */
export const MEDIA_LIMITS = {
  mainPingInterval: { min: 10, max: 50, default: 10 },
  adPingInterval: { min: 1, max: 10, default: 10 },
} as const;

const nonEmpty = (what: string) => z.string(`${what} must be a non-empty string`).trim().min(1, `${what} must be a non-empty string`).max(255, `${what}: at most 255 characters`);

const interval = (name: keyof typeof MEDIA_LIMITS) => {
  const { min, max, default: fallback } = MEDIA_LIMITS[name];
  const message = `${name} must be a whole number of seconds from ${min} to ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message).default(fallback);
};

export const streamingMediaSchema = z.strictObject({
  /** SPEC §5: the distribution channel of the content (Adobe's content channel), required. */
  channel: nonEmpty('channel'),
  /** SPEC §5: the player's name (Adobe's content player name), required. */
  playerName: nonEmpty('playerName'),
  /** The version of the site's player application, sent on session start. */
  appVersion: nonEmpty('appVersion').optional(),
  /** SPEC §5: seconds between pings while main content plays, 10 to 50 (default 10). */
  mainPingInterval: interval('mainPingInterval'),
  /** SPEC §5: seconds between pings while an ad plays, 1 to 10 (default 10). The site has no ads: kept, not used. */
  adPingInterval: interval('adPingInterval'),
  /** The page's `<video>` and `<audio>` elements the container tracks by itself; other elements it matches are left alone. */
  selector: cssSelector.default('video, audio'),
});

export type StreamingMedia = z.output<typeof streamingMediaSchema>;

/** The event types of a media session (docs/MEDIA.md), in the names of Adobe's Media Edge API where it has one. */
export const MEDIA_EVENTS = [
  'sessionStart',
  'play',
  'ping',
  'pauseStart',
  'bufferStart',
  'seekStart',
  'seekComplete',
  'chapterStart',
  'chapterComplete',
  'sessionComplete',
  'sessionEnd',
] as const;
export type MediaEvent = (typeof MEDIA_EVENTS)[number];

/** The link name of a media hit: `Media play`, `Media sessionStart`, ... */
export const mediaLinkName = (event: MediaEvent): string => `Media ${event}`;

/**
 * The context data of media hits. `a.media.*` and `media.sdkVersion` are Adobe's names for the same
 * fields (Media Analytics' context data variables); `tw.media.*` are Tagwell's, for what Adobe sends to
 * its heartbeat server instead of in a hit.
 */
export const MEDIA_CONTEXT_DATA: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'tw.media.event', description: `media event: ${MEDIA_EVENTS.join(', ')} (every media hit)` },
  { name: 'tw.media.playhead', description: 'position in the content, whole seconds (every media hit but sessionStart)' },
  { name: 'a.media.name', description: 'content name (every media hit)' },
  { name: 'a.media.length', description: 'content length, whole seconds (sessionStart, sessionComplete, sessionEnd)' },
  { name: 'a.media.playerName', description: 'player name, settings.streamingMedia.playerName (sessionStart)' },
  { name: 'a.media.channel', description: 'content channel, settings.streamingMedia.channel (sessionStart)' },
  { name: 'media.sdkVersion', description: 'player application version, settings.streamingMedia.appVersion (sessionStart)' },
  { name: 'a.media.view', description: 'true: a media start (sessionStart)' },
  { name: 'a.media.play', description: 'true: the content started playing (first play of a session)' },
  { name: 'a.media.complete', description: 'true: the content played to its end (sessionComplete)' },
  { name: 'a.media.timePlayed', description: 'whole seconds the content played in the session, pauses, buffering and seeking left out (sessionComplete, sessionEnd)' },
  { name: 'a.media.chapter.name', description: 'chapter name (chapterStart, chapterComplete)' },
  { name: 'a.media.chapter.view', description: 'true: a chapter start (chapterStart)' },
  { name: 'a.media.chapter.complete', description: 'true: a chapter end (chapterComplete)' },
];
