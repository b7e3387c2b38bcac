/**
 * The end-of-run leftover check (support/leftovers.ts) finds a child a test left running, with its
 * port, and stops seeing it once it has ended; it ignores processes of other runs.
 */
import { spawn } from 'node:child_process';
import { afterAll, expect, it, vi } from 'vitest';
import { ROOT } from './support/config';
import { findLeftovers, RUN_MARK } from './support/leftovers';
import { killStartedProcesses, listeningPids, nodeWithTsx, signalAndWait, startProcess } from './support/process';

afterAll(killStartedProcesses);

let runs = 0;
const newRunId = () => `${process.pid}-selftest-${++runs}-${Date.now().toString(36)}`;

it('names a server a test left running, with its port, and forgets it once it is gone', async () => {
  const runId = newRunId();
  const { child, port } = await startProcess({ [RUN_MARK]: `outer ${runId}` });
  const leftover = findLeftovers(runId).find((p) => p.pid === child.pid);
  expect(leftover).toMatchObject({ pid: child.pid, cwd: ROOT, ports: [port] });
  const [command, args] = nodeWithTsx(`${ROOT}/packages/server/src/main.ts`);
  expect(leftover!.command).toBe([command, ...args].join(' '));
  expect(listeningPids(port)).toEqual([child.pid]);
  // Another run's mark is not ours.
  expect(findLeftovers(`${runId}-other`)).toEqual([]);

  await signalAndWait(child, 'SIGKILL');
  // Its own children (esbuild's service) end with it, within the check's grace period.
  await vi.waitFor(() => expect(findLeftovers(runId)).toEqual([]), { timeout: 5_000, interval: 250 });
}, 60_000);

it('ignores a marked process outside the repository', async () => {
  const runId = newRunId();
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { cwd: '/', env: { ...process.env, [RUN_MARK]: runId }, stdio: 'ignore' });
  try {
    await new Promise((resolve) => child.once('spawn', resolve));
    expect(findLeftovers(runId)).toEqual([]);
    // The same process counts when it lives in the repository.
    expect(findLeftovers(runId, '/').map((p) => p.pid)).toEqual([child.pid]);
  } finally {
    await signalAndWait(child, 'SIGKILL');
  }
});
