import { collectHit, rulesForProperties, privacyForProperties, parseHit, validateHit, scrubParsed } from './src/collector';
import { fixture, get, PAGE_VIEW } from './test/collector-helpers';
const rules = rulesForProperties([fixture]); const privacy = privacyForProperties([fixture]);
const input = get(PAGE_VIEW);
for (const [name, fn] of [
  ['parse', () => parseHit(input)],
  ['parse+validate', () => { const h = parseHit(input); if (h.ok) validateHit(h, rules); }],
  ['collect', () => collectHit(input, rules, privacy)],
] as const) {
  for (let i = 0; i < 2000; i++) fn();
  const n = 20000; const t = performance.now();
  for (let i = 0; i < n; i++) fn();
  console.log(name, ((performance.now() - t) / n * 1000).toFixed(1), 'µs/hit');
}
const h = parseHit(input); if (!h.ok) throw 1;
const t = performance.now(); for (let i = 0; i < 5000; i++) scrubParsed(h, privacy); console.log('scrub', ((performance.now()-t)/5000*1000).toFixed(1), 'µs');
