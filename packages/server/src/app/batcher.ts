/**
 * Group commit: hits that arrive together are written in one transaction, and each request is
 * answered only after the transaction holding its hit has committed (issue: durability).
 */
export interface Batcher<T, R> {
  add(item: T): Promise<R>;
  /** Writes everything queued and waits for writes in flight. */
  drain(): Promise<void>;
}

export function createBatcher<T, R>(write: (items: T[]) => Promise<R[]>, maxBatch = 500): Batcher<T, R> {
  let queue: Array<{ item: T; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  let writing: Promise<void> | null = null;

  const flush = async (): Promise<void> => {
    while (queue.length) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await write(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]!));
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
  };

  const kick = () => {
    // One writer at a time; whatever queues meanwhile goes in the next transaction.
    if (!writing)
      writing = new Promise<void>((resolve) => setImmediate(resolve))
        .then(flush)
        .finally(() => {
          writing = null;
          if (queue.length) void kick();
        });
    return writing;
  };

  return {
    add(item) {
      const done = new Promise<R>((resolve, reject) => queue.push({ item, resolve, reject }));
      void kick();
      return done;
    },
    async drain() {
      while (writing || queue.length) await (writing ?? kick());
    },
  };
}
