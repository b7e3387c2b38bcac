/** The heap of this process after a full garbage collection: what it holds, not what it has yet to free. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

export function heapUsedAfterGc(): number {
  if (!collect) {
    // The test runner starts workers without --expose-gc; the flag can be set at run time.
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

export const MB = 1024 * 1024;
