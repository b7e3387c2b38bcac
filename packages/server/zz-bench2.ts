import { guardValue, scrubText } from '@tagwell/runtime/privacy/index';
import { parseHit } from './src/collector';
import { get, PAGE_VIEW } from './test/collector-helpers';
const h = parseHit(get(PAGE_VIEW)); if (!h.ok) throw 1;
const opts = { postcodeMarked: ['c2','v10','v11'], deniedParams: ['stitchid'] };
for (const [k, v] of [['g', h.variables.pageURL], ['pageName', h.variables.pageName], ['c1','conditions'], ['mid', h.variables.marketingCloudVisitorID], ['t', h.timestamp], ['s','1920x1080']] as [string,string][]) {
  for (let i = 0; i < 2000; i++) guardValue(k, v, opts);
  const n = 20000, t = performance.now(); for (let i = 0; i < n; i++) guardValue(k, v, opts);
  console.log(k, ((performance.now()-t)/n*1000).toFixed(2), 'µs');
}
const n = 20000, t = performance.now(); for (let i = 0; i < n; i++) scrubText('conditions'); console.log('scrubText short', ((performance.now()-t)/n*1000).toFixed(2));
