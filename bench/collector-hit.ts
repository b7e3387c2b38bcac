import { createRequire } from 'node:module';
import path from 'node:path';

// What every collector bench shares: autocannon's CLI, which each runs in a process of its own, and
// the hit they send, the health site's page view of a condition page, as its
// container encodes it (SDR variables, no visitor id), so that runs of different benches compare.
export const COLLECTOR_QUERY =
  'AQB=1&ndh=1&t=22%2F10%2F2026%209%3A0%3A0%200%200&ce=UTF-8&pageName=conditions%3Achickenpox&g=http%3A%2F%2Fwww.health.localhost%2Fconditions%2Fchickenpox&cc=GBP&ch=conditions&c1=chickenpox&c5=web&v88=Y&events=event1&s=1280x720&c=24&k=Y&bw=1280&bh=720&AQE=1';

/** autocannon's CLI script, for `node <AUTOCANNON> --json ...` in a child process. */
export const AUTOCANNON = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');
