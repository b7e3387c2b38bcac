// `npm start`: the whole product on one port, with embedded storage unless DATABASE_URL says otherwise.
import { loadConfig } from './app/config';
import { startServer } from './app/server';

const config = loadConfig();
const server = await startServer(config);
const base = `http://localhost:${server.port}`;
const demo = (host: string) => `http://${host}:${server.port}/`;
console.log(
  [
    '',
    `Tagwell is running (${server.storage.engine} storage${server.storage.engine === 'sqlite' ? ` in ${config.dataDir}` : ''}).`,
    `  Demo health site   ${demo('www.health.localhost')}`,
    `  Containers         ${base}/containers/health-site/production.js (also staging, development)`,
    `  Collector          ${base}/b/ss/<report-suite>/1/<version>/s<random>`,
    `  Identity service   ${base}/id/v1/visitor   (docs/IDENTITY.md)`,
    `  Latest beacons     ${base}/api/beacons?limit=20   (signed-in users, or Authorization: Bearer $TAGWELL_API_TOKEN${config.apiToken ? '' : ', not set'})`,
    `  Live stream        ${base}/api/stream             (the same)`,
    `  Console            ${base}/console/`,
    '',
  ].join('\n'),
);

if ((await server.storage.countUsers()) === 0) {
  console.log('No users yet. Create the first administrator with\n  npm run admin -- create-user --username NAME --role publisher --admin\n');
}

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: finishing the writes in flight…`);
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
