/**
 * `npm start`'s entry point as a child process, and hits sent to it over real HTTP.
 *
 * The child is Node itself with tsx as a loader (`node --import tsx main.ts`), not the `tsx`
 * launcher: the launcher runs the program in a second process and can only pass on the signals it
 * catches, so a SIGKILL meant for the server killed the launcher and left the server serving.
 * Here the child's pid is the server's, and `listeningPids` (procfs.ts) shows which process holds
 * a port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { ROOT } from './config';

export { listeningPids } from './procfs';

const main = path.join(ROOT, 'packages', 'server', 'src', 'main.ts');

/** One page-view hit; resolves with the status (0 when the connection failed). */
export const hit = (port: number, pageName: string) =>
  new Promise<number>((resolve) => {
    const query = `AQB=1&ndh=1&pageName=${encodeURIComponent(pageName)}&cc=GBP&events=event1&AQE=1`;
    const req = httpRequest({ host: '127.0.0.1', port, path: `/b/ss/nhsukprod/1/TW-0.1.0/s1?${query}`, headers: { host: `metrics.health.localhost:${port}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });

const running = new Set<ChildProcess>();

/**
 * Node's command line for a TypeScript entry point: the child is the program, not a launcher.
 * `--import tsx` resolves from the repository's node_modules (the child's cwd).
 */
export function nodeWithTsx(entry: string, args: string[] = []): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', entry, ...args]];
}

/** Starts the server with `env` on a free port and resolves with that port once it prints its URLs. */
export function startProcess(env: Record<string, string>, { timeoutMs = 60_000 } = {}): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const [command, args] = nodeWithTsx(main);
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    child.on('exit', () => running.delete(child));
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not print its URLs within ${timeoutMs} ms: ${out}`));
    }, timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /www\.health\.localhost:(\d+)/.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, port: Number(port) });
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it started: ${out}`));
    });
  });
}

/** SIGTERM, then waits for the exit (the server finishes its writes first). */
export function stopProcess(child: ChildProcess): Promise<void> {
  return signalAndWait(child, 'SIGTERM');
}

/** Sends `signal` and resolves once Node has reaped the child (its pid is free from then on). */
export function signalAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** For afterAll: SIGKILL whatever startProcess started that a failed test left running. */
export async function killStartedProcesses(): Promise<void> {
  await Promise.all([...running].map((child) => signalAndWait(child, 'SIGKILL')));
}

/** True while a process with this pid exists (a zombie counts: it is not reaped yet). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Resolves with the connection's outcome: 'connected', or the error code (`ECONNREFUSED`). */
export function tryConnect(port: number, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
