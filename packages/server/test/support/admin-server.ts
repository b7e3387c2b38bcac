/**
 * A real server over HTTP on one test engine, with its own storage and its first administrator
 * signed in: what the admin-API tests of reports, experiment results, media and messages start in
 * their beforeAll. `stop` stops the server, closes the storage, drops the database and removes the
 * data folder.
 */
import { rmSync } from 'node:fs';
import type { ServerConfig } from '../../src/app/config';
import { startServer, type RunningServer } from '../../src/index';
import { openStorage, type Storage } from '../../src/storage';
import { AdminClient } from './admin-client';
import { testConfig } from './config';
import type { TestEngine } from './postgres';

export const ADMIN = { username: 'root', password: 'correct horse battery staple' } as const;

export interface AdminServer {
  server: RunningServer;
  storage: Storage;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** Signed in as ADMIN. */
  admin: AdminClient;
  stop(): Promise<void>;
}

export async function startAdminServer(engine: TestEngine, overrides: Partial<ServerConfig> = {}): Promise<AdminServer> {
  const { databaseUrl, drop } = await engine.open();
  const config = testConfig({ loginAttemptsPerMinute: 1000, firstAdmin: ADMIN, databaseUrl, ...overrides });
  let storage: Storage | undefined;
  let server: RunningServer | undefined;
  const stop = async () => {
    await server?.stop();
    await storage?.close();
    await drop();
    rmSync(config.dataDir, { recursive: true, force: true });
  };
  try {
    storage = await openStorage({ dataDir: config.dataDir, databaseUrl });
    server = await startServer(config, { logger: false, storage });
    const base = `http://127.0.0.1:${server.port}`;
    const admin = new AdminClient(base);
    const signedIn = await admin.signIn(ADMIN.username, ADMIN.password);
    if (signedIn.status !== 200) throw new Error(`the first administrator could not sign in: ${signedIn.status}`);
    return { server, storage, base, admin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
