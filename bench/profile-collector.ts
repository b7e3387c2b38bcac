// Where a collected hit's main-thread time goes: V8's CPU profile of the server's main thread
// (node:inspector, in this process, where the server runs) while autocannon, in a process of its own,
// sends the bench's hit flat out or paced. Prints the top functions by self time and by total time,
// as µs of main thread per answered hit, and the CPU of the whole process per hit beside it.
//   npx tsx bench/profile-collector.ts [--engine sqlite|postgres] [--seconds 10] [--rate 0] [--top 40]
import { execFile } from 'node:child_process';
import { Session, type Profiler, type Runtime } from 'node:inspector';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { loadConfig, startServer } from '../packages/server/src/index';
import { createDatabase, dropDatabase } from '../packages/server/test/support/postgres';
import { COLLECTOR_QUERY } from './collector-hit';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '0' },
    top: { type: 'string', default: '40' },
  },
});
if (values.engine !== 'sqlite' && values.engine !== 'postgres') throw new Error('--engine: sqlite or postgres');
const root = path.resolve(import.meta.dirname, '..');
const AUTOCANNON = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

const session = new Session();
session.connect();
const post = <T>(method: string, params?: object) =>
  new Promise<T>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));

/** Where a profile node's code lives, relative to the project (or the package inside node_modules). */
function label(frame: Runtime.CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, '');
  const modules = url.lastIndexOf('node_modules/');
  const file = modules >= 0 ? url.slice(modules + 13) : url.startsWith(root) ? path.relative(root, url) : url || '(native)';
  return `${frame.functionName || '(anonymous)'} ${file}${frame.url ? ':' + (frame.lineNumber + 1) : ''}`;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-profile-'));
const databaseUrl = values.engine === 'postgres' ? await createDatabase('tagwell_profile') : undefined;
const server = await startServer(
  { ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }), dataDir, databaseUrl, propertiesDir: path.join(root, 'properties') },
  { logger: false },
);
try {
  const rate = Number(values.rate);
  const args = [AUTOCANNON, '--json', '-c', rate ? '10' : '50', '-d', values.seconds, '-H', 'host=metrics.health.localhost'];
  if (rate) args.push('-R', String(rate));
  args.push(`http://127.0.0.1:${server.port}/b/ss/nhsukprod/1/TW-0.1.0/s1?${COLLECTOR_QUERY}`);
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  const cpu = process.cpuUsage();
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const used = process.cpuUsage(cpu);
  const { profile } = await post<{ profile: Profiler.Profile }>('Profiler.stop');
  const result = JSON.parse(stdout) as { requests: { total: number; average: number }; non2xx: number };
  const hits = Math.max(1, result.requests.total);

  // Each sample's time is the gap to the next; idle and the profiler's own program time are left out.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const us = deltas[i + 1] ?? 0;
    const node = byId.get(samples[i]!)!;
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
    busy += us;
    self.set(label(node.callFrame), (self.get(label(node.callFrame)) ?? 0) + us);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const key = label(byId.get(id)!.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + us);
    }
  }
  const top = Number(values.top);
  const print = (title: string, tally: Map<string, number>) => {
    console.log(`  by ${title}:`);
    for (const [key, us] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${(us / hits).toFixed(2).padStart(7)}  ${key}`);
  };
  console.log(
    `Collector on ${values.engine}, ${rate ? rate + ' hits/s paced' : 'flat out, 50 connections'}, ${values.seconds} s: ${hits.toLocaleString('en-GB')} hits ` +
      `(${Math.round(result.requests.average).toLocaleString('en-GB')}/s, ${result.non2xx} non-2xx); ` +
      `main thread busy ${(busy / hits).toFixed(1)} µs a hit (profiled), process CPU ${((used.user + used.system) / hits).toFixed(1)} µs a hit`,
  );
  print('self, µs a hit', self);
  print('total, µs a hit', total);
} finally {
  session.disconnect();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await dropDatabase(databaseUrl);
}
process.exit(0);
