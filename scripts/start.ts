// `npm start`: builds every property's containers. The server that serves them, the demo site
// and the collector come with the server package; until then this says where the files are.
import path from 'node:path';
import { buildAll } from '@tagwell/compiler';

const outDir = path.resolve('dist', 'containers');
const summaries = await buildAll(path.resolve('properties'), { outDir });
for (const s of summaries) console.log(`${s.property}/${s.environment}: ${path.relative(process.cwd(), s.files.js)} (${s.size.gzip} B min+gzip)`);
console.log(`\nContainers are in ${outDir}`);
