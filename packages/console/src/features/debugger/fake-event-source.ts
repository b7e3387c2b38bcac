// A stand-in for the browser's EventSource in jsdom (which has none): tests open, fail and feed it.
import { act } from '@testing-library/react';

export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }

  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }

  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }
  /** A `hit` event as the server sends it. */
  hit(data: unknown) {
    act(() => {
      for (const listener of this.listeners.get('hit') ?? []) listener(new MessageEvent('hit', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
    });
  }
  /** A dropped stream: the browser retries (CONNECTING) or gives up (CLOSED). */
  fail(readyState: 0 | 2) {
    act(() => {
      this.readyState = readyState;
      this.onerror?.(new Event('error'));
    });
  }
}
