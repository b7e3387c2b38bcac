import { useEffect, useRef, useState } from 'react';
import type { Beacon } from '../../lib/types';

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

const CLOSED = 2; // EventSource.CLOSED
const MAX_DELAY = 15_000;

const isBeacon = (value: unknown): value is Beacon =>
  typeof value === 'object' && value !== null && typeof (value as Beacon).id === 'string' && typeof (value as Beacon).variables === 'object' && (value as Beacon).variables !== null;

/**
 * Subscribes to the live stream (`/api/stream`, server-sent events, one `hit` event per committed
 * hit) while `url` is set. The browser retries a dropped stream by itself; a stream it gave up on
 * (CLOSED) is opened again here, waiting longer each time.
 */
export function useHitStream(url: string | undefined, onHit: (beacon: Beacon) => void): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('idle');
  const onHitRef = useRef(onHit);
  useEffect(() => {
    onHitRef.current = onHit;
  });

  useEffect(() => {
    if (!url) {
      setStatus('idle');
      return;
    }
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = 1000;
    let stopped = false;
    const connect = () => {
      setStatus((s) => (s === 'reconnecting' ? s : 'connecting'));
      source = new EventSource(url);
      source.onopen = () => {
        delay = 1000;
        setStatus('open');
      };
      source.onerror = () => {
        if (stopped) return;
        setStatus('reconnecting');
        if (source && source.readyState === CLOSED) {
          source.close();
          timer = setTimeout(connect, delay);
          delay = Math.min(delay * 2, MAX_DELAY);
        }
      };
      source.addEventListener('hit', (event) => {
        try {
          const beacon: unknown = JSON.parse((event as MessageEvent<string>).data);
          if (isBeacon(beacon)) onHitRef.current(beacon);
        } catch {
          // A malformed event is skipped; the next one may be fine.
        }
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [url]);

  return status;
}
