// `npm start` (CONTRACT §1, §2): builds the console when its sources changed, then builds every
// property's containers and serves the whole product on one port; see packages/server/src/main.ts.
import { buildConsole } from './build-console';

if (await buildConsole()) console.log('Built the console.');
await import('../packages/server/src/main');
