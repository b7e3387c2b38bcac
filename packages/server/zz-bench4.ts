import { parseHit } from './src/collector';
import { get, PAGE_VIEW } from './test/collector-helpers';
const input = get(PAGE_VIEW);
const bench = (name: string, fn: () => unknown) => { for (let i = 0; i < 5000; i++) fn(); const n = 50000; const t = performance.now(); for (let i = 0; i < n; i++) fn(); console.log(name, ((performance.now()-t)/n*1000).toFixed(1), 'µs'); };
for (let r = 0; r < 3; r++) {
bench('parseHit', () => parseHit(input));
bench('URLSearchParams', () => Object.fromEntries(new URLSearchParams(PAGE_VIEW)));
bench('split+decode', () => PAGE_VIEW.split('&').map((s) => { const i = s.indexOf('='); return [decodeURIComponent(s.slice(0, i < 0 ? s.length : i)), i < 0 ? '' : decodeURIComponent(s.slice(i + 1))]; }));
}
