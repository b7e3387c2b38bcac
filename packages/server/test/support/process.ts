/** `npm start`'s entry point as a child process, and hits sent to it over real HTTP. */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { ROOT } from './config';

const main = path.join(ROOT, 'packages', 'server', 'src', 'main.ts');
const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');

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

/** Starts the server with `env` on a free port and resolves with that port once it prints its URLs. */
export function startProcess(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [main], { cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /www\.health\.localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it started: ${out}`)));
  });
}

/** SIGTERM, then waits for the exit (the server finishes its writes first). */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
