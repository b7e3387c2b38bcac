/**
 * What Linux's /proc says about processes and listening sockets, for tests that must prove a
 * server is gone (durability, multi-process) and for the end-of-run check that nothing is left
 * (leftovers.ts). Everything here reads files; nothing signals or changes a process.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** `R`, `S`, `Z` (a zombie: exited, not reaped yet)... */
  state: string;
  cwd: string | undefined;
  /** The command line, arguments joined with spaces; empty for a zombie. */
  command: string;
}

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

export function allPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

/** Undefined once the process is gone. */
export function processInfo(pid: number): ProcessInfo | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so read after the last ')'.
  const [state = '?', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let cwd: string | undefined;
  try {
    cwd = readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    cwd = undefined;
  }
  const command = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean).join(' ');
  return { pid, ppid: Number(ppid), state, cwd, command };
}

/** One variable of the environment the process started with; undefined when absent or unreadable. */
export function environmentValue(pid: number, name: string): string | undefined {
  const environ = read(`/proc/${pid}/environ`);
  const entry = environ?.split('\0').find((line) => line.startsWith(`${name}=`));
  return entry?.slice(name.length + 1);
}

/** The pid and the pids of its parents, up to init. */
export function ancestry(pid: number): number[] {
  const chain: number[] = [];
  for (let at: number | undefined = pid; at && at > 0 && !chain.includes(at); at = processInfo(at)?.ppid) chain.push(at);
  return chain;
}

/** Listening TCP sockets: inode (as `socket:[N]`) -> port, from /proc/net/tcp and tcp6. */
function listeningSockets(): Map<string, number> {
  const sockets = new Map<string, number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (read(table) ?? '').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      const port = fields[1]?.split(':').pop();
      if (port && fields[3] === '0A' && fields[9] && fields[9] !== '0') sockets.set(`socket:[${fields[9]}]`, parseInt(port, 16));
    }
  }
  return sockets;
}

function descriptors(pid: number): string[] {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  return fds.flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

/** The TCP ports the process listens on. */
export function listeningPorts(pid: number): number[] {
  const sockets = listeningSockets();
  return [...new Set(descriptors(pid).flatMap((target) => (sockets.has(target) ? [sockets.get(target)!] : [])))].sort((a, b) => a - b);
}

/** The pids that hold a listening TCP socket on `port`. */
export function listeningPids(port: number): number[] {
  const inodes = new Set([...listeningSockets()].filter(([, p]) => p === port).map(([inode]) => inode));
  if (inodes.size === 0) return [];
  return allPids()
    .filter((pid) => descriptors(pid).some((target) => inodes.has(target)))
    .sort((a, b) => a - b);
}
