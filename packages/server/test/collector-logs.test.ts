// docs/OPERATING.md, "Logs": hits are not logged one by one at the default level, their failures are,
// and at debug every hit is, as every other request.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index';
import { openStorage, type Storage } from '../src/storage';
import { hitLogLevel } from '../src/routes/collector';
import { testConfig } from './support/config';
import { send } from './support/http';

const HIT = '/b/ss/nhsukprod/1/TW-0.1.0/s1?AQB=1&ndh=1&pageName=conditions%3Achickenpox&ch=conditions&c1=chickenpox&events=event1&AQE=1';

let server: RunningServer | undefined;
let dataDir = '';
afterEach(async () => {
  await server?.stop();
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function logsOf(logLevel: string, requests: (port: number) => Promise<void>, broken = false): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  const config = testConfig({ logLevel });
  dataDir = config.dataDir;
  // Broken: every hit's write fails, as on a full disk or a lost connection.
  const storage = broken ? await openStorage({ dataDir }) : undefined;
  const failing = storage && ({ ...storage, insertHits: () => Promise.reject(new Error('the hits table is unavailable')) } satisfies Storage);
  server = await startServer(config, { ...(failing && { storage: failing }), logStream: { write: (line) => void lines.push(line) } });
  if (storage) {
    const stop = server.stop;
    server.stop = async () => {
      await stop();
      await storage.close();
    };
  }
  await requests(server.port);
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const paths = (entries: Array<Record<string, unknown>>) => entries.map((e) => (e.req as { path?: string } | undefined)?.path).filter(Boolean);

describe('the log', () => {
  it('at info, logs the requests of the API and not each hit, refused hits included', async () => {
    const entries = await logsOf('info', async (port) => {
      expect((await send(port, HIT)).status).toBe(200);
      expect((await send(port, '/b/ss/nhsukprod/1/TW-0.1.0/s1?AQB=1&nosuch=1&AQE=1')).status).toBe(400);
      expect((await send(port, '/api/health', { host: 'www.health.localhost' })).status).toBe(200);
    });
    expect(paths(entries)).toContain('/api/health');
    expect(paths(entries).filter((path) => String(path).startsWith('/b/ss/'))).toEqual([]);
  });

  it('at info, logs a hit that could not be stored', async () => {
    const entries = await logsOf(
      'info',
      async (port) => {
        expect((await send(port, HIT)).status).toBe(503);
      },
      true,
    );
    expect(entries.find((e) => e.msg === 'hit not stored')).toMatchObject({ level: 50, err: { message: 'the hits table is unavailable' } });
  });

  it('at debug, logs every hit as every other request', async () => {
    const entries = await logsOf('debug', async (port) => {
      expect((await send(port, HIT)).status).toBe(200);
    });
    expect(paths(entries)).toContain('/b/ss/nhsukprod/1/TW-0.1.0/s1');
  });

  it('keeps each level as it is but info, which hits take as warn', () => {
    expect(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'].map(hitLogLevel)).toEqual(['trace', 'debug', 'warn', 'warn', 'error', 'fatal', 'silent']);
  });
});
