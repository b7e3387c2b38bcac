import { EventEmitter } from 'node:events';
import type { Beacon } from './beacon';

/** Hits as they are committed, for the live stream (the console's debugger). */
export class LiveHits {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every open debugger is a listener.
    this.emitter.setMaxListeners(0);
  }

  publish(beacon: Beacon, host: string): void {
    this.emitter.emit('hit', beacon, host);
  }

  subscribe(listener: (beacon: Beacon, host: string) => void): () => void {
    this.emitter.on('hit', listener);
    return () => this.emitter.off('hit', listener);
  }
}
