// `npm run test:privacy-nightly [runs]`: the privacy guard's property tests (every spelling of a
// postcode, NHS number and e-mail address, in the page and at the collector; ordinary text left
// alone) with many more runs than `npm test` gives them, and a new seed each night. The seed is
// printed; `PRIVACY_SEED=<seed>` replays a failure. Runs 100 000 of each property by default.
import { spawnSync } from 'node:child_process';

const FILES = [
  'packages/runtime/src/privacy/spellings.property.test.ts',
  'packages/runtime/src/privacy/redactions.test.ts',
  'packages/server/test/collector-spellings.test.ts',
];

const runs = process.argv[2] ?? process.env.PRIVACY_RUNS ?? '100000';
if (!/^[1-9]\d*$/.test(runs)) {
  console.error(`privacy-nightly: the number of runs must be a positive integer, not ${JSON.stringify(runs)}`);
  process.exit(2);
}
const seed = process.env.PRIVACY_SEED || String(Math.floor(Math.random() * 2 ** 31));
console.log(`privacy-nightly: ${runs} runs of each property, PRIVACY_SEED=${seed}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'unit', ...FILES], {
  stdio: 'inherit',
  env: { ...process.env, PRIVACY_RUNS: runs, PRIVACY_SEED: seed },
});
process.exit(result.status ?? 1);
