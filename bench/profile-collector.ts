// Where a collected hit's CPU time goes: V8's CPU profiles of the server's main thread and of each of
// its worker threads (SQLite's writer and reader, storage/engines/sqlite-threads.ts), taken through
// node:inspector in this process, where the server runs, while autocannon, in a process of its own,
// sends the bench's hit flat out or paced. Prints, per thread, the top functions by self time and by
// total time as µs per answered hit, and the CPU of the whole process per hit beside them.
//   npx tsx bench/profile-collector.ts [--engine sqlite|postgres] [--seconds 10] [--rate 0] [--top 40]
import { Session, type Profiler, type Runtime } from 'node:inspector';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONNECTIONS, loadCollector, withCollector, type BenchEngine } from './collector-hit';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '0' },
    top: { type: 'string', default: '40' },
  },
});
if (values.engine !== 'sqlite' && values.engine !== 'postgres') throw new Error('--engine: sqlite or postgres');
const engine: BenchEngine = values.engine;
const root = path.resolve(import.meta.dirname, '..');

const session = new Session();
session.connect();
const post = <T>(method: string, params?: object) =>
  new Promise<T>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));

/** A worker thread's inspector session, reached through the main thread's (the NodeWorker domain). */
interface WorkerSession {
  title: string;
  post<T>(method: string, params?: object): Promise<T>;
}
const workers: WorkerSession[] = [];
const replies = new Map<string, (message: { result?: unknown; error?: { message: string } }) => void>();
let nextId = 1;
session.on('NodeWorker.attachedToWorker', (event) => {
  const { sessionId, workerInfo } = event.params as { sessionId: string; workerInfo: { title: string; url: string } };
  workers.push({
    title: `${workerInfo.title} ${workerInfo.url.replace(/^.*\//, '')}`,
    post: <T>(method: string, params?: object) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        replies.set(`${sessionId}:${id}`, (reply) => (reply.error ? reject(new Error(reply.error.message)) : resolve(reply.result as T)));
        void post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params: params ?? {} }) });
      }),
  });
});
session.on('NodeWorker.receivedMessageFromWorker', (event) => {
  const { sessionId, message } = event.params as { sessionId: string; message: string };
  const reply = JSON.parse(message) as { id?: number; result?: unknown; error?: { message: string } };
  const key = `${sessionId}:${reply.id}`;
  replies.get(key)?.(reply);
  replies.delete(key);
});
await post('NodeWorker.enable', { waitForDebuggerOnStart: false });

/** Where a profile node's code lives, relative to the project (or the package inside node_modules). */
function label(frame: Runtime.CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, '');
  const modules = url.lastIndexOf('node_modules/');
  const file = modules >= 0 ? url.slice(modules + 13) : url.startsWith(root) ? path.relative(root, url) : url || '(native)';
  return `${frame.functionName || '(anonymous)'} ${file}${frame.url ? ':' + (frame.lineNumber + 1) : ''}`;
}

const rate = Number(values.rate);
try {
  await withCollector(engine, async (server) => {
    const threads: Array<{ title: string; post: WorkerSession['post'] }> = [{ title: 'main thread', post }, ...workers];
    for (const thread of threads) {
      await thread.post('Profiler.enable');
      await thread.post('Profiler.setSamplingInterval', { interval: 100 });
      await thread.post('Profiler.start');
    }
    const cpu = process.cpuUsage();
    const result = await loadCollector(server.port, { seconds: Number(values.seconds), rate: rate || undefined });
    const used = process.cpuUsage(cpu);
    const profiles: Array<[string, Profiler.Profile]> = [];
    for (const thread of threads) profiles.push([thread.title, (await thread.post<{ profile: Profiler.Profile }>('Profiler.stop')).profile]);
    const hits = Math.max(1, result.requests.total);
    console.log(
      `Collector on ${engine}, ${rate ? rate + ' hits/s paced' : `flat out, ${CONNECTIONS.flat} connections`}, ${values.seconds} s: ${hits.toLocaleString('en-GB')} hits ` +
        `(${Math.round(result.requests.average).toLocaleString('en-GB')}/s, ${result.non2xx} non-2xx); process CPU ${((used.user + used.system) / hits).toFixed(1)} µs a hit`,
    );
    for (const [title, profile] of profiles) report(title, profile, hits);
  });
} finally {
  session.disconnect();
}

/** One thread's profile: busy µs a hit, then its top functions by self and by total time. */
function report(title: string, profile: Profiler.Profile, hits: number): void {
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
  const print = (kind: string, tally: Map<string, number>) => {
    console.log(`  by ${kind}, µs a hit:`);
    for (const [key, us] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${(us / hits).toFixed(2).padStart(7)}  ${key}`);
  };
  console.log(`\n${title}: busy ${(busy / hits).toFixed(1)} µs a hit (profiled)`);
  print('self', self);
  print('total', total);
}
process.exit(0);
