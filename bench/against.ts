// `--against REF`: the runtime as it was at a commit, taken out of git into a temporary folder, so
// that one page-cost run loads the containers built from it beside today's, interleaved, and a
// change's before and after come from the same run (docs/PERFORMANCE.md, "Before and after").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRuntime, type RuntimePackage } from '@tagwell/compiler';
import { ROOT } from './containers';

export interface PastRuntime {
  ref: string;
  commit: string;
  runtime: RuntimePackage;
  remove(): void;
}

/** packages/runtime at `ref` (a commit, branch or tag of this repository). Throws when git does not know it. */
export function runtimeAt(ref: string): PastRuntime {
  let commit: string;
  try {
    commit = execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`--against: "${ref}" is no commit of this repository`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'tagwell-runtime-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', commit, 'packages/runtime'], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    return { ref, commit, runtime: readRuntime(join(dir, 'packages', 'runtime')), remove };
  } catch (error) {
    remove();
    throw error;
  }
}
