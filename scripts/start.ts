// `npm start` (CONTRACT §1, §2): builds every property's containers and serves the whole
// product on one port; see packages/server/src/main.ts.
import '../packages/server/src/main';
