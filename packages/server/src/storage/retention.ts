/**
 * Retention (data minimisation for health data): raw and rejected hits older than the retention
 * period are deleted; the aggregates stay. Deletes go in small batches, each its own short
 * transaction, with a pause between them, so the writer takes the hits that queue meanwhile first:
 * collection waits at most for one batch.
 */
import type { Engine } from './engine';
import type { RetentionResult } from './types';

/** Rows a batch deletes. */
export const RETENTION_BATCH = 1000;
/** How often the job runs; its first run is a minute after start. */
const EVERY_MS = 60 * 60 * 1000;
const FIRST_AFTER_MS = 60 * 1000;

export interface RetentionControl {
  /** False once the job should stop between two batches. */
  running(): boolean;
}

const always: RetentionControl = { running: () => true };
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Deletes raw and rejected hits received before `before`, RETENTION_BATCH rows at a time. */
export async function deleteExpired(engine: Engine, before: Date, control: RetentionControl = always): Promise<RetentionResult> {
  const cutoff = before.toISOString();
  const result: RetentionResult = { hits: 0, rejected: 0 };
  for (const [table, field] of [
    ['hits', 'hits'],
    ['rejected_hits', 'rejected'],
  ] as const) {
    while (control.running()) {
      const deleted = await engine.db
        .deleteFrom(table)
        .where('id', 'in', (eb) => eb.selectFrom(table).select('id').where('received_at', '<', cutoff).orderBy('id').limit(RETENTION_BATCH))
        .executeTakeFirst();
      const n = Number(deleted.numDeletedRows);
      result[field] += n;
      if (n < RETENTION_BATCH) break;
      await pause();
    }
  }
  return result;
}

/** Runs deleteExpired for `days` a minute after start, then every hour, until stopped. */
export function scheduleRetention(engine: Engine, days: number, log: (msg: string) => void): { stop(): Promise<void> } {
  let stopped = false;
  let current: Promise<void> | undefined;
  const control: RetentionControl = { running: () => !stopped };
  const run = () => {
    current = deleteExpired(engine, new Date(Date.now() - days * 86_400_000), control)
      .then((result) => {
        if (result.hits || result.rejected) log(`storage: retention (${days} days) deleted ${result.hits} hits and ${result.rejected} rejected hits`);
      })
      .catch((error: unknown) => log(`storage: retention failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        current = undefined;
        if (!stopped) timer = setTimeout(run, EVERY_MS).unref();
      });
  };
  let timer = setTimeout(run, FIRST_AFTER_MS).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
