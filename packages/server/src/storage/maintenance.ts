/**
 * The storage's hourly job: retention (retention.ts), then compaction (compaction.ts), one after the
 * other so they never work on the same days at once. Its first run is a minute after start.
 */
import type { Engine } from './engine';
import { compactHits } from './compaction';
import type { JobControl } from './job-control';
import { deleteExpired } from './retention';

/** How often the job runs, and its first run after start. */
const EVERY_MS = 60 * 60 * 1000;
const FIRST_AFTER_MS = 60 * 1000;

export interface MaintenanceOptions {
  /** Days raw and rejected hits are kept; unset or 0: kept. */
  retentionDays?: number;
  /** Packs the hits of past days into blocks. */
  compaction?: boolean;
}

/** Runs the job a minute after start, then every hour, until stopped; undefined when there is nothing to run. */
export function scheduleMaintenance(engine: Engine, options: MaintenanceOptions, log: (msg: string) => void): { stop(): Promise<void> } | undefined {
  const { retentionDays, compaction } = options;
  if (!retentionDays && !compaction) return undefined;
  let stopped = false;
  let current: Promise<void> | undefined;
  const control: JobControl = { running: () => !stopped };
  const failed = (job: string) => (error: unknown) => log(`storage: ${job} failed: ${error instanceof Error ? error.message : String(error)}`);
  const once = async () => {
    if (retentionDays) {
      await deleteExpired(engine, new Date(Date.now() - retentionDays * 86_400_000), control).then((result) => {
        if (result.hits || result.rejected) log(`storage: retention (${retentionDays} days) deleted ${result.hits} hits and ${result.rejected} rejected hits`);
      }, failed('retention'));
    }
    if (compaction && control.running()) {
      await compactHits(engine, Date.now(), control).then((result) => {
        if (result.hits) log(`storage: compaction packed ${result.hits} hits of past days into ${result.blocks} blocks`);
      }, failed('compaction'));
    }
  };
  const run = () => {
    current = once().finally(() => {
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
