import type { Context, MediaConfig } from '../core/types';
import { problemOf, type PageEvent } from './check-event';
import { trackElements } from './elements';
import { SCHEMA_MISMATCH } from './messages';
import { startSession, type Content, type Session } from './session';

/**
 * Streaming media (issue 16 item 3, docs/MEDIA.md), built once per page by core/boot.ts when the property
 * configures it: the page's `<video>` and `<audio>` elements that settings.streamingMedia.selector matches,
 * and the events of the site's own players, which it returns as `_satellite.sendMediaEvent`. Sessions still
 * open when the page is left end there. Never throws into the page.
 */
export default function createMedia(ctx: Context, config: MediaConfig): (event: unknown) => boolean {
  const open = new Set<Session>();
  const start = (content: Content, playhead: () => number) => {
    const session = startSession(ctx, config, content, playhead, () => open.delete(session));
    open.add(session);
    return session;
  };
  trackElements(ctx, config.selector, start);
  // Capturing, before the page's own pagehide listeners; the tracker sends these as beacons, which outlive the page.
  addEventListener('pagehide', () => ctx.safe('Streaming media', () => open.forEach((session) => session.event('sessionEnd')), undefined), true);

  /** The sessions of the site's own players, by playerId, and the last playhead each reported. */
  // No prototype: a playerId such as `__proto__` or `constructor` is a key like any other.
  const players: Record<string, { session: Session; playhead: number } | undefined> = Object.create(null);

  return (event) => {
    let e: PageEvent | undefined;
    let problem: string | undefined;
    try {
      // A copy: a getter cannot answer one thing to the check and another to the session.
      e = Object.assign({}, event) as PageEvent;
      problem = problemOf(event && typeof event == 'object' ? e : event);
    } catch {
      problem = 'the event could not be read';
    }
    const player = e && players[e.playerId];
    const current = player && player.session.open() ? player : undefined;
    if (!problem && e) {
      if (e.type == 'sessionStart') {
        if (current) problem = `player ${JSON.stringify(e.playerId)} has a session open: end it first`;
      } else if (!current) problem = `player ${JSON.stringify(e.playerId)} has no session: send sessionStart first`;
      else if (e.type == 'chapterComplete' && current.session.chapter() === undefined) problem = 'chapterComplete with no chapter started';
    }
    // SPEC §8: refused, with the reason, in the page's log (the collector refuses such hits too).
    if (problem || !e) return ctx.log.error(SCHEMA_MISMATCH, problem), false;
    if (e.type == 'sessionStart') {
      const state = { playhead: e.playhead || 0 } as { session: Session; playhead: number };
      const read = e.getPlayhead;
      // The player's own position when it gives one (pings read it), else the last one it sent.
      state.session = start({ name: e.name!, length: e.length! }, () => (read ? +read() : state.playhead));
      players[e.playerId] = state;
    } else {
      if (e.playhead !== undefined) current!.playhead = e.playhead;
      current!.session.event(e.type as Parameters<Session['event']>[0], e.chapter);
    }
    return true;
  };
}
