// The benches run outside Vitest, yet share the server's test helpers: each entry that takes
// options must load all of its modules and reach its option check (an unknown option is refused).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH = path.join(ROOT, 'bench');
/** Every bench script that reads options (parseArgs), found rather than listed, so a new one is checked too. */
const ENTRIES = readdirSync(BENCH).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && readFileSync(path.join(BENCH, file), 'utf8').includes('parseArgs('));

describe('bench entries', () => {
  it('finds the entries that take options', () => expect(ENTRIES).toEqual(expect.arrayContaining(['run.ts', 'scale.ts'])));

  it.each(ENTRIES)('%s loads outside Vitest and refuses an unknown option', async (entry) => {
    // Without VITEST in its environment, as `npm run bench` starts it.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
    const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join('bench', entry), '--no-such-option'], { cwd: ROOT, env }).then(
      () => null,
      (error: { stderr: string }) => error,
    );
    expect(failure?.stderr).toContain('ERR_PARSE_ARGS_UNKNOWN_OPTION');
  }, 30_000);
});
