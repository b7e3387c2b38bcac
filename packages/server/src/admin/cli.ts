/**
 * `npm run admin -- <command>`: user administration from the terminal, against the storage that
 * `npm start` uses (DATA_DIR or DATABASE_URL). The first administrator is made here.
 *
 *   create-user --username NAME --role viewer|editor|publisher [--admin]
 *   set-password --username NAME
 *   list-users
 *
 * Passwords come from TAGWELL_PASSWORD, else from the terminal (not echoed), else from stdin's first line.
 * They follow the admin API's rules (passwords.ts); a refused one is explained, e.g.
 * `admin: The password is too easy to guess. It is on a list of common passwords. ...`.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../app/config';
import { openStorage, StorageConflictError, type Storage } from '../storage';
import { createAccount } from './first-admin';
import { checkPasswordRules, hashPassword } from './passwords';

const USAGE = `Usage: npm run admin -- <command>
  create-user --username NAME --role viewer|editor|publisher [--admin]
  set-password --username NAME
  list-users
The password is read from TAGWELL_PASSWORD, or asked for.`;

async function readPassword(prompt: string): Promise<string> {
  const fromEnv = process.env.TAGWELL_PASSWORD;
  if (fromEnv) return fromEnv;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(prompt)) process.stdout.write(prompt);
    };
  }
  return new Promise((resolve) =>
    rl.question(prompt, (answer) => {
      rl.close();
      if (process.stdin.isTTY) process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

export async function runAdminCli(argv: string[], storage?: Storage): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { username: { type: 'string' }, role: { type: 'string' }, admin: { type: 'boolean', default: false } },
    strict: true,
  });
  const config = loadConfig();
  const db = storage ?? (await openStorage({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }));
  try {
    switch (command) {
      case 'create-user': {
        if (!values.username || !values.role) throw new Error('create-user needs --username and --role');
        const password = await readPassword(`Password for ${values.username}: `);
        const user = await createAccount(db, { username: values.username, password, role: values.role as never, admin: values.admin }, 'cli');
        console.log(`Created ${user.username} (${user.role}${user.admin ? ', administrator' : ''}).`);
        return 0;
      }
      case 'set-password': {
        if (!values.username) throw new Error('set-password needs --username');
        const user = await db.findUserByUsername(values.username);
        if (!user) throw new Error(`no user named ${values.username}`);
        const password = await readPassword(`New password for ${user.username}: `);
        await checkPasswordRules(password, user.username);
        // A new password ends every session of the user (storage does both in one transaction).
        await db.updateUser(user.id, { passwordHash: await hashPassword(password) });
        await db.appendAudit({ actor: 'cli', action: 'user.update', detail: { username: user.username, passwordChanged: true, sessionsEnded: true } });
        console.log(`Changed the password of ${user.username}; their sessions have ended.`);
        return 0;
      }
      case 'list-users': {
        for (const user of await db.listUsers()) console.log(`${user.username}\t${user.role}${user.admin ? '\tadministrator' : ''}`);
        return 0;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  } catch (error) {
    const message = error instanceof StorageConflictError ? `a user named ${values.username} already exists` : (error as Error).message;
    console.error(`admin: ${message}`);
    return 1;
  } finally {
    if (!storage) await db.close();
  }
}
