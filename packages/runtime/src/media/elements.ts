// The page's own <video> and <audio> elements that settings.streamingMedia.selector matches, tracked
// without the page's help (docs/MEDIA.md). Media events do not bubble, but they pass the document on
// their way down: one capturing listener per event type hears every element, also those added later.
import type { Context } from '../core/types';
import type { Content, Session } from './session';

/** Adobe's length for content whose length is unknown (a live stream): 24 hours. */
const UNKNOWN_LENGTH = 86_400;

/** The content's name: `data-media-name`, else the title or label, else the file the element plays. */
function contentOf(el: HTMLMediaElement): Content {
  const file = (el.currentSrc || '').split(/[?#]/)[0]!.split('/').pop();
  return {
    name: el.getAttribute('data-media-name') || el.title || el.getAttribute('aria-label') || file || 'unnamed',
    length: isFinite(el.duration) ? el.duration : UNKNOWN_LENGTH,
  };
}

/**
 * `start` opens a session for an element (index.ts keeps it among the page's open sessions). A chapters
 * track (`<track kind="chapters">`) gives the chapters: it is switched to hidden, which loads its cues
 * without showing anything, and each cue that becomes active starts a chapter.
 */
export function trackElements(ctx: Context, selector: string, start: (content: Content, playhead: () => number) => Session): void {
  const sessions = new WeakMap<HTMLMediaElement, Session>();
  const chaptered = new WeakSet<TextTrack>();

  const chapters = (el: HTMLMediaElement) => {
    for (const track of Array.from(el.textTracks || [])) {
      if (track.kind != 'chapters' || chaptered.has(track)) continue;
      chaptered.add(track);
      if (track.mode == 'disabled') track.mode = 'hidden';
      track.addEventListener('cuechange', () =>
        ctx.safe(
          'Streaming media',
          () => {
            const session = sessions.get(el);
            const cue = track.activeCues && (track.activeCues[0] as VTTCue | undefined);
            const name = cue && (cue.text || cue.id);
            if (!session || name == session.chapter()) return;
            if (session.chapter() !== undefined) session.event('chapterComplete');
            if (name) session.event('chapterStart', name);
          },
          undefined,
        ),
      );
    }
  };

  const on = (type: string, handle: (el: HTMLMediaElement, session: Session | undefined) => void) =>
    document.addEventListener(
      type,
      (e) =>
        ctx.safe(
          'Streaming media',
          () => {
            const el = e.target as HTMLMediaElement;
            const session = sessions.get(el);
            if (/^(VIDEO|AUDIO)$/.test(el.nodeName) && el.matches(selector)) handle(el, session && session.open() ? session : undefined);
          },
          undefined,
        ),
      true,
    );

  // The visitor pressed play (or the page autoplays): a session starts, or goes on.
  on('play', (el, session) => {
    if (session) return;
    const opened = start(contentOf(el), () => el.currentTime);
    sessions.set(el, opened);
    chapters(el);
  });
  // The first frame plays, or play goes on after a pause, a stall or a seek.
  on('playing', (_el, session) => session && session.event('play'));
  // The browser pauses an element that reached its end just before `ended`: that is no pause.
  on('pause', (el, session) => session && !el.ended && session.event('pauseStart'));
  on('waiting', (el, session) => session && !el.seeking && session.event('bufferStart'));
  on('seeking', (_el, session) => session && session.event('seekStart'));
  // Playing on after a seek, whether or not the browser says `playing` again.
  on('seeked', (el, session) => session && (session.event('seekComplete'), el.paused || session.event('play')));
  on('ended', (_el, session) => session && session.event('sessionComplete'));
  // A new source: the session ends, and the next play starts another (index.ts ends those open when the page is left).
  on('emptied', (_el, session) => session && session.event('sessionEnd'));
}
