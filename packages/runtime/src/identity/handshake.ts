import type { IdState } from './state';

// SPEC §9: a container in a frame asks the page around it for the visitor id before it asks the
// service, and waits for the answer at most the handshake timeout (250 ms). Messages go only
// between a page and its own frames, and only to and from trusted hosts.

const SOURCE = 'tagwell-identity';

const hostOf = (origin: string): string => {
  try {
    return new URL(origin).hostname;
  } catch {
    return '';
  }
};

/** Asks the parent page; `done` gets its answer, or nothing after `timeout` ms. Once. */
export function askParent(trusted: (host: string) => boolean, timeout: number, done: (answer?: Record<string, unknown>) => void): void {
  let over = false;
  const finish = (answer?: Record<string, unknown>) => {
    if (over) return;
    over = true;
    removeEventListener('message', listen);
    clearTimeout(timer);
    done(answer);
  };
  const listen = (event: MessageEvent) => {
    try {
      const data = event.data;
      if (event.source === parent && data && data.source === SOURCE && data.type == 'id' && data.state && trusted(hostOf(event.origin))) finish(data.state);
    } catch {
      // Another script's message, whatever it holds, is not ours to fail on.
    }
  };
  addEventListener('message', listen);
  const timer = setTimeout(finish, timeout);
  parent.postMessage({ source: SOURCE, type: 'ask' }, '*');
}

/** Answers this page's own frames on trusted hosts: `answer` calls `reply` with the state to give, or never. */
export function answerFrames(trusted: (host: string) => boolean, answer: (reply: (state: IdState) => void) => void): void {
  addEventListener('message', (event: MessageEvent) => {
    try {
      const data = event.data;
      const frame = event.source as Window | null;
      if (!frame || !data || data.source !== SOURCE || data.type != 'ask' || !trusted(hostOf(event.origin))) return;
      for (let i = 0; i < frames.length; i++) {
        if (frames[i] === frame) return answer((state) => frame.postMessage({ source: SOURCE, type: 'id', state }, event.origin));
      }
    } catch {
      // As above: a message that is not ours, or a frame gone meanwhile.
    }
  });
}
