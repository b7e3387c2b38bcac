import { parseHit } from './src/collector';
import { get, PAGE_VIEW } from './test/collector-helpers';
const input = get(PAGE_VIEW);
for (let i = 0; i < 5000; i++) parseHit(input);
const t = performance.now(); for (let i = 0; i < 50000; i++) parseHit(input); console.log('parse', ((performance.now()-t)/50000*1000).toFixed(1), 'µs');
