/** Requests over real HTTP with any Host header, method and body (fetch cannot set Host), and raw bytes over TCP. */
import { request as httpRequest, type Agent } from 'node:http';
import { connect } from 'node:net';

export interface Answer {
  /** 0 when the connection failed before an answer. */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** How long the answer took, in milliseconds. */
  ms: number;
  error?: string;
}

export interface RequestInit {
  method?: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  agent?: Agent;
}

export function send(port: number, pathAndQuery: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: pathAndQuery,
        method: init.method ?? 'GET',
        agent: init.agent,
        headers: { host: `${init.host ?? 'metrics.health.localhost'}:${port}`, ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), ms: Date.now() - started }));
        res.on('error', (e) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '', ms: Date.now() - started, error: e.message }));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ status: 0, headers: {}, body: '', ms: Date.now() - started, error: e.code ?? e.message }));
    req.end(init.body);
  });
}

/** Writes `bytes` as they are and resolves with the status line's code (0 when none came back). */
export function sendRaw(port: number, bytes: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

/** Runs `task(i)` for i in [0, count) with at most `parallel` at a time. */
export async function pool<T>(count: number, parallel: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return results;
}

/** Reads until `ready` holds, every 100 ms, at most 10 s; the last read either way (the caller's expect says what was missing). */
export async function settled<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  let now = await read();
  for (let i = 0; i < 100 && !ready(now); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = await read();
  }
  return now;
}
