// `npx tsx bench/compile-hint.ts [--runs N] [--name NAME]`: the page cost (§2 of docs/PERFORMANCE.md) of
// both Tagwell containers as built, and the same bytes without their first line, the compile hint
// (packages/compiler/src/build.ts, COMPILE_HINT), loaded in turn with Turbine's in one run.
// Writes bench/results/NAME.json (default compile-hint-<date>).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { COMPILE_HINT } from '@tagwell/compiler';
import { ROOT, VARIANTS, type Variant } from './containers';
import { measurePageCost } from './page-cost';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '16' }, name: { type: 'string', default: `compile-hint-${new Date().toISOString().slice(0, 16).replace(':', '')}` } } });

const hintless = (id: 'tagwell-production' | 'tagwell-equivalent'): Variant => ({
  id: `${id}-before`,
  label: `without the hint: ${VARIANTS[id].label}`,
  async build(trackingServer) {
    const js = await VARIANTS[id].build!(trackingServer);
    if (!js.startsWith(COMPILE_HINT + '\n')) throw new Error(`${id} does not start with the compile hint`);
    return js.slice(COMPILE_HINT.length + 1);
  },
});

const variants = [hintless('tagwell-production'), VARIANTS['tagwell-production'], hintless('tagwell-equivalent'), VARIANTS['tagwell-equivalent'], VARIANTS['adobe-equivalent']];
const results = await measurePageCost(variants, Number(values.runs), console.log);
const f = (n: number) => n.toFixed(1);
console.log(`\n${'container'.padEnd(60)}  to page view (p10-p90)  whole load  click -> link hit  click's task  most in one task  tasks > 50 ms`);
for (const r of results) {
  const most = r.samples.map((s) => s.maxContainerInTask).sort((a, b) => a - b)[Math.floor(r.samples.length / 2)]!;
  console.log(
    `${r.label.padEnd(60)}  ${`${f(r.toPageView.median)} (${f(r.toPageView.p10)}-${f(r.toPageView.p90)})`.padStart(21)}  ${f(r.load.median).padStart(10)}  ${r.toLinkHit.median.toFixed(2).padStart(17)}  ${r.clickTask!.median.toFixed(2).padStart(12)}  ${f(most).padStart(16)}  ${`${r.longTasks.causedByContainer} in ${r.samples.length}`.padStart(13)}`,
  );
}
const file = join(ROOT, 'bench', 'results', `${values.name}.json`);
writeFileSync(file, JSON.stringify({ runs: Number(values.runs), results }, null, 1) + '\n');
console.log(`\n${file}`);
