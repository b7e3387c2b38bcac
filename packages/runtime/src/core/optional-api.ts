import type { Satellite } from './boot';
import type { Context, PostTrackCallback } from './types';

// The optional calls' types live here too: boot.ts's text, types included, names the minimal container's identifiers.
declare module './boot' {
  interface Satellite {
    /**
     * A media event of the site's own player (docs/MEDIA.md); true when accepted. Present with streaming media, and
     * in development and staging containers without it, where it logs `Streaming media is not configured.`
     */
    sendMediaEvent?(event: unknown): boolean;
    /** With settings.postTrackCallbacks: `callback` runs with each hit's URL once the hit is sent. */
    registerPostTrackCallback?(callback: PostTrackCallback): void;
  }
}

/** core/boot.ts's wrapper of a page-facing call: nothing the page passes makes it throw. */
type Api = <A extends unknown[], R>(fn: (...args: A) => R) => (...args: A) => R;

/**
 * The `_satellite` calls of optional features (issue 16), installed by core/boot.ts before any rule runs. Kept
 * out of boot.ts: a container without them, the minimal one among them, keeps its bytes to the byte.
 */
export function optionalApi(ctx: Context, satellite: Satellite, api: Api): void {
  if (TW_POST_TRACK) {
    // Read by the tracker when it is created (actions/shared/tracker.ts), so callbacks registered later still run.
    const callbacks: PostTrackCallback[] = (ctx.shared.callbacks = []);
    satellite.registerPostTrackCallback = api((callback: PostTrackCallback) =>
      typeof callback == 'function' ? void callbacks.push(callback) : ctx.log.warn('registerPostTrackCallback: not a function'),
    );
  }
  // Streaming media (media/index.ts); without it, development and staging containers' module only says so (media/not-configured.ts).
  if (TW_MEDIA && ctx.config.media) {
    const config = ctx.config.media;
    const media = ctx.safe('Streaming media', () => config.module(ctx, config), undefined);
    satellite.sendMediaEvent = api((event: unknown) => !!media && media(event));
  }
}
