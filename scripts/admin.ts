// `npm run admin -- create-user --username NAME --role publisher --admin`; see packages/server/src/admin/cli.ts.
import { runAdminCli } from '../packages/server/src/admin/cli';

process.exitCode = await runAdminCli(process.argv.slice(2));
