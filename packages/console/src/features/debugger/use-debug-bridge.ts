import { useCallback, useEffect, useRef } from 'react';
import { DATA_ELEMENTS_REQUEST, parseBridgeMessage, type BridgeMessage } from './bridge-messages';

/** The popup's window name: opening another page reuses the one window. */
export const POPUP_NAME = 'tagwell-debug';

export interface DebugBridge {
  /** Opens `url` in the debug popup; false when the browser blocked it. */
  open(url: string): boolean;
  /**
   * Opens `url` in a new debug popup, closing the old one: a window that ran a page keeps its
   * scripts in memory and would run the same container again, whatever the preview cookie says.
   */
  openFresh(url: string): boolean;
  /** Asks the page for its data elements' values; false when no page is open. */
  requestDataElements(): boolean;
}

function ask(target: Window | null, origin: string | undefined): boolean {
  if (!target || target.closed || !origin) return false;
  try {
    target.postMessage(DATA_ELEMENTS_REQUEST, origin);
    return true;
  } catch {
    return false;
  }
}

/**
 * Talks with the page the debugger opened. Messages count only when they come from that window
 * and say `source: 'tagwell'`: any other window can post to the console too.
 */
export function useDebugBridge(onMessage: (message: BridgeMessage) => void): DebugBridge {
  const popup = useRef<Window | null>(null);
  /** Where the page is now: the origin of its last message, else of the address opened. */
  const pageOrigin = useRef<string | undefined>(undefined);
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    onMessageRef.current = onMessage;
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (!popup.current || event.source !== popup.current) return;
      const message = parseBridgeMessage(event.data);
      if (!message) return;
      if (event.origin && event.origin !== 'null') pageOrigin.current = event.origin;
      onMessageRef.current(message);
      // A page that has just loaded shows its values without a click.
      if (message.type === 'ready') ask(popup.current, pageOrigin.current);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  /** The current popup's name: a fresh popup gets a new one, as the closing window may still answer to the old. */
  const name = useRef(POPUP_NAME);
  const open = useCallback((url: string) => {
    // A popup that keeps its opener, so the page runs first-party and can post back (no noopener).
    const win = window.open(url, name.current);
    if (!win) return false;
    popup.current = win;
    pageOrigin.current = new URL(url).origin;
    return true;
  }, []);

  const openFresh = useCallback(
    (url: string) => {
      try {
        popup.current?.close();
      } catch {
        // Gone already.
      }
      popup.current = null;
      name.current = `${POPUP_NAME}-${Date.now().toString(36)}`;
      return open(url);
    },
    [open],
  );

  const requestDataElements = useCallback(() => ask(popup.current, pageOrigin.current), []);

  return { open, openFresh, requestDataElements };
}
