// One media session (issue 16 item 3, docs/MEDIA.md): from a session start to its completion or end, one
// content, its play time and its pings. Every event is a custom link hit of the container's tracker, so
// consent, the privacy guard and the transport apply to it as to every hit.
import { trackerOf } from '../actions/shared/tracker';
import type { Context, MediaConfig } from '../core/types';

/** What a session is told: the page's player, or the container's own tracking of an element. */
export type SessionEvent =
  | 'play'
  | 'pauseStart'
  | 'bufferStart'
  | 'seekStart'
  | 'seekComplete'
  | 'chapterStart'
  | 'chapterComplete'
  | 'sessionComplete'
  | 'sessionEnd';

export interface Content {
  name: string;
  /** Seconds. */
  length: number;
}

export interface Session {
  /** Sends the event (nothing for a play while playing, or a pause while paused). `chapter` names a chapter that starts. */
  event(type: SessionEvent, chapter?: string): void;
  /** The chapter started and not completed, if any. */
  chapter(): string | undefined;
  /** False once the session completed or ended. */
  open(): boolean;
}

const whole = (seconds: number) => (isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0);

/**
 * Starts a session and sends its start. `playhead` gives the position, in seconds, whenever a hit
 * needs it; `closed` is called once the session completed or ended. Throws nothing the caller's
 * ctx.safe would not catch.
 */
export function startSession(ctx: Context, config: MediaConfig, content: Content, playhead: () => number, closed: () => void): Session {
  let playing = false;
  let played = false;
  /** Milliseconds played before the current stretch of play, and when that stretch began. */
  let before = 0;
  let since = 0;
  let chapter: string | undefined;
  /** The last pause, buffer or seek event sent since the content last played. */
  let halted = '';
  let ping: ReturnType<typeof setInterval> | undefined;
  let open = true;

  const send = (event: string, data: Record<string, unknown>) => {
    const hit = trackerOf(ctx).batch();
    data['tw.media.event'] = event;
    data['tw.media.playhead'] = whole(ctx.safe('Streaming media', playhead, 0));
    data['a.media.name'] = content.name;
    for (const key in data) hit.setContextData(key, data[key]);
    hit.send({ type: 'link', linkType: 'o', name: 'Media ' + event });
  };
  const timePlayed = () => Math.round((before + (playing ? Date.now() - since : 0)) / 1000);
  const stop = () => {
    if (playing) before += Date.now() - since;
    playing = false;
    clearInterval(ping);
  };

  send('sessionStart', {
    'a.media.view': true,
    'a.media.length': whole(content.length),
    'a.media.playerName': config.playerName,
    'a.media.channel': config.channel,
    'media.sdkVersion': config.appVersion,
  });

  const session: Session = {
    chapter: () => chapter,
    open: () => open,
    event(type, name) {
      if (!open) return;
      if (type == 'play') {
        if (playing) return;
        playing = true;
        halted = '';
        since = Date.now();
        send('play', { 'a.media.play': !played || undefined });
        played = true;
        // SPEC §5: a ping every mainPingInterval seconds while the content plays.
        ping = setInterval(() => ctx.safe('Streaming media', () => send('ping', {}), undefined), config.mainPingInterval * 1000);
      } else if (type == 'chapterStart') {
        chapter = name;
        send(type, { 'a.media.chapter.name': name, 'a.media.chapter.view': true });
      } else if (type == 'chapterComplete') {
        send(type, { 'a.media.chapter.name': chapter, 'a.media.chapter.complete': true });
        chapter = undefined;
      } else if (type == 'sessionComplete' || type == 'sessionEnd') {
        // A chapter still open when the content reached its end ends with it.
        if (type == 'sessionComplete' && chapter !== undefined) session.event('chapterComplete');
        stop();
        open = false;
        send(type, { 'a.media.complete': type == 'sessionComplete' || undefined, 'a.media.length': whole(content.length), 'a.media.timePlayed': timePlayed() });
        closed();
      } else {
        // Paused, buffering or seeking: play time stops until the next play. The same event twice says nothing new.
        stop();
        if (halted != type) send(type, {});
        halted = type;
      }
    },
  };
  return session;
}
