/** What the storage's background jobs (retention.ts, compaction.ts) share: how to stop and how to yield. */

export interface JobControl {
  /** False once the job should stop between two batches. */
  running(): boolean;
}

export const always: JobControl = { running: () => true };

/** Between two batches: the writer takes the hits queued meanwhile first. */
export const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));
