/**
 * The end-of-run check (vitest.config.ts `globalSetup`): no test may leave a process, or the port
 * it holds, behind.
 *
 * Setup marks the run: TAGWELL_TEST_RUN in the environment, which every worker and every process a
 * test starts inherits (servers, Chromium, `sh` helpers). Teardown runs after the last test file;
 * it lists the processes that carry this run's mark and live in the repository (cwd inside it) or
 * name it on their command line, other than vitest itself (this process, its parents, its
 * workers). It gives those already exiting a few seconds, then names the rest with the ports they
 * listen on, ends them (SIGKILL, so the machine is clean again) and fails the run.
 *
 * The mark keeps everything else out: a server a developer runs from the same checkout, or
 * another vitest run in it, carries no mark or another run's.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { allPids, ancestry, environmentValue, listeningPorts, processInfo, type ProcessInfo } from './procfs';

export const RUN_MARK = 'TAGWELL_TEST_RUN';
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
/** How long processes that are already ending (a helper that stops PostgreSQL, say) get. */
const GRACE_MS = 5_000;
/** Teardowns, one per project that ran: only the last one checks. */
const SETUPS = Symbol.for('tagwell.test.leftovers.setups');

export interface Leftover extends ProcessInfo {
  ports: number[];
}

/** The processes of run `runId` still alive in (or naming) `root`, vitest's own excepted. */
export function findLeftovers(runId: string, root = ROOT): Leftover[] {
  const vitest = new Set(ancestry(process.pid));
  return allPids().flatMap((pid) => {
    if (vitest.has(pid)) return [];
    const info = processInfo(pid);
    // Gone, or a zombie: exited, holding no port, waiting for its parent to read its status.
    if (!info || info.state === 'Z') return [];
    if (/[\\/]vitest[\\/]dist[\\/]workers[\\/]/.test(info.command)) return [];
    if (!(environmentValue(pid, RUN_MARK) ?? '').split(' ').includes(runId)) return [];
    const inRoot = info.cwd !== undefined && (info.cwd === root || info.cwd.startsWith(root + path.sep));
    if (!inRoot && !info.command.includes(root)) return [];
    return [{ ...info, ports: listeningPorts(pid) }];
  });
}

export const describeLeftover = (p: Leftover): string =>
  `pid ${p.pid} (parent ${p.ppid})${p.ports.length > 0 ? `, listening on port ${p.ports.join(', ')}` : ''}, in ${p.cwd ?? '?'}: ${p.command}`;

export default function setup(): () => Promise<void> {
  const counter = globalThis as { [SETUPS]?: number };
  // Kept across this process's projects; added to (not replaced) under an outer run, so the outer
  // run still sees what this one leaves.
  const marks = (process.env[RUN_MARK] ?? '').split(' ').filter(Boolean);
  let runId = marks.find((mark) => mark.startsWith(`${process.pid}-`));
  if (!runId) {
    runId = `${process.pid}-${Date.now().toString(36)}`;
    process.env[RUN_MARK] = [...marks, runId].join(' ');
  }
  counter[SETUPS] = (counter[SETUPS] ?? 0) + 1;
  const id = runId;

  return async function teardown() {
    counter[SETUPS] = (counter[SETUPS] ?? 1) - 1;
    if (counter[SETUPS] > 0) return;
    if (!existsSync('/proc/self/stat')) {
      console.warn('leftover check skipped: it reads /proc, which this system does not have');
      return;
    }
    const deadline = Date.now() + GRACE_MS;
    let left = findLeftovers(id);
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      left = findLeftovers(id);
    }
    if (left.length === 0) return;
    for (const leftover of left) {
      try {
        process.kill(leftover.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    // vitest reports a teardown's error but keeps the exit code of the tests: set it.
    process.exitCode = 1;
    const list = left.map((p) => `  ${describeLeftover(p)}`).join('\n');
    throw new Error(`tests left ${left.length} process${left.length === 1 ? '' : 'es'} running (now ended with SIGKILL):\n${list}`);
  };
}
