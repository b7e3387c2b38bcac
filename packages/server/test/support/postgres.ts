/**
 * A real PostgreSQL for tests (issue 4: "the tests install and start a PostgreSQL server when
 * none is reachable"). One server per test process, shared by every test file in it:
 *
 * 1. TEST_DATABASE_URL or DATABASE_URL, when it answers;
 * 2. otherwise a fresh cluster in a temp folder, on a free port of 127.0.0.1, with fsync on,
 *    installing Debian's `postgresql` first (as root) when its server binaries are missing.
 *
 * Tests that need an empty database call `createDatabase()` on top of it.
 */
import { execFile as execFileCallback, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFile = promisify(execFileCallback);

let server: Promise<string> | undefined;
let databases = 0;

/** A connection URL of a reachable PostgreSQL, started on first call. */
export function ensurePostgres(): Promise<string> {
  // A failed start is not cached: the next caller tries again and reports its own error.
  server ??= start().catch((error: unknown) => {
    server = undefined;
    throw error;
  });
  return server;
}

/** A new, empty database on that server; returns its URL. */
export async function createDatabase(prefix = 'tagwell_test'): Promise<string> {
  const base = await ensurePostgres();
  const name = `${prefix}_${process.pid}_${++databases}_${Date.now().toString(36)}`;
  await withClient(base, (client) => client.query(`create database "${name}"`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createDatabase (on a shared server it would otherwise stay). */
export async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const base = new URL(url);
  base.pathname = '/postgres';
  // WITH (FORCE): a test that failed may have left a pool open (PostgreSQL 13+).
  await withClient(base.toString(), (client) => client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`));
}

async function start(): Promise<string> {
  for (const url of [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL]) {
    if (url && /^postgres(ql)?:\/\//.test(url) && (await reachable(url))) return url;
  }
  return startCluster(await serverBinaries());
}

async function reachable(url: string): Promise<boolean> {
  try {
    await withClient(url, (client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const isRoot = process.getuid?.() === 0;

/** The folder holding initdb, pg_ctl and postgres: Debian's newest, else one on PATH. */
async function serverBinaries(): Promise<string> {
  const found = findBinaries();
  if (found) return found;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error('PostgreSQL server binaries (initdb) not found: install PostgreSQL, or set TEST_DATABASE_URL to a server the tests may create databases on');
  }
  // flock: test files run in parallel processes and must not run apt-get at the same time; the
  // check inside the lock skips the install for those that waited on one that did it.
  const script = 'ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update && apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=600 postgresql; }';
  try {
    await execFile('flock', [path.join(tmpdir(), 'tagwell-postgresql-install.lock'), 'sh', '-c', script], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`apt-get install postgresql failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
  }
  const installed = findBinaries();
  if (!installed) throw new Error('apt-get installed postgresql but no /usr/lib/postgresql/*/bin/initdb appeared');
  return installed;
}

function findBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  const debian = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (debian[0]) return path.join(root, debian[0], 'bin');
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  return onPath ? path.dirname(onPath) : undefined;
}

async function startCluster(bin: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tagwell-pg-'));
  const data = path.join(dir, 'data');
  // initdb refuses to run as root: the cluster belongs to the `postgres` OS user.
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const as = (command: string, args: string[]): [string, string[]] =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
  const stop = () => {
    const [command, args] = as('pg_ctl', ['-D', data, 'stop', '-m', 'immediate', '-w']);
    spawnSync(command, args, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  stopWhenProcessEnds(stop, as('pg_ctl', ['-D', data, 'stop', '-m', 'immediate']), dir);

  // --no-sync only speeds up initdb itself; the server below runs with fsync on.
  await execFile(...as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']));
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories='${dir}' -c fsync=on`;
    try {
      await execFile(...as('pg_ctl', ['-D', data, '-l', path.join(dir, 'postgres.log'), '-w', '-t', '60', '-o', options, 'start']));
    } catch (error) {
      // Most likely the port was taken between freePort() and the server binding it.
      lastError = error;
      continue;
    }
    const url = `postgres://postgres@127.0.0.1:${port}/tagwell_test`;
    await withClient(`postgres://postgres@127.0.0.1:${port}/postgres`, (client) => client.query('create database tagwell_test'));
    return url;
  }
  throw new Error(`could not start PostgreSQL in ${dir}`, { cause: lastError });
}

/**
 * Stops the cluster when this process ends: on a normal exit through the hook, and through a
 * detached watcher when the process is killed (a test worker may end without 'exit').
 */
function stopWhenProcessEnds(stop: () => void, [command, args]: [string, string[]], dir: string): void {
  process.once('exit', stop);
  const quoted = [command, ...args].map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ');
  const watcher = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${quoted} >/dev/null 2>&1; rm -rf '${dir}'`;
  spawn('sh', ['-c', watcher], { detached: true, stdio: 'ignore' }).unref();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A storage engine for `describe.each`: SQLite (no URL), or a fresh PostgreSQL database dropped after. */
export interface TestEngine {
  name: 'SQLite' | 'PostgreSQL';
  open(): Promise<{ databaseUrl: string | undefined; drop: () => Promise<unknown> }>;
}

/** Both engines, the PostgreSQL database named from `prefix`. */
export const bothEngines = (prefix: string): TestEngine[] => [
  { name: 'SQLite', open: async () => ({ databaseUrl: undefined, drop: async () => undefined }) },
  {
    name: 'PostgreSQL',
    open: async () => {
      const url = await createDatabase(prefix);
      return { databaseUrl: url, drop: () => dropDatabase(url) };
    },
  },
];
