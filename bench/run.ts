// `npm run bench`: the container against its peers (docs/PERFORMANCE.md explains every figure).
// Options: --runs N (page loads per container, default 20), --scaling-runs N (10),
// --lighthouse-runs N (3), --sizes 10,100,1000,5000, --only bytes,page,lighthouse,scaling,transfer,identity,decisions,personalisation,history,
// --name NAME (bench/results/NAME.json; default the date and time), --against REF (the page cost
// also of both Tagwell containers built from the runtime at commit REF, in the same run, and the
// event history's cost also of the production one), --history-times 0,20000,142000 (the histories of §8).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, hostname, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runtimeAt, type PastRuntime } from './against';
import { CPU_THROTTLING, launchChromium } from './browser';
import { measureBytes, type BytesResult } from './bytes';
import { measureClickWork, type ClickWorkResult } from './click-work';
import { ROOT, VARIANTS, variantsBefore } from './containers';
import { decisionsTable, measureDecisions, type DecisionsResult } from './decisions';
import { measureHistory, type HistoryResult } from './history';
import { measureIdentity, type IdentityResult } from './identity';
import { measureLighthouse, type LighthouseResult } from './lighthouse';
import { measurePageCost, type VariantCost } from './page-cost';
import { measurePersonalisation, type PersonalisationResult } from './personalisation';
import { bytesTable, clickWorkText, growth, historyTable, identityTable, lighthouseTable, pageCostTable, personalisationTable, scalingTable, targets, targetsText, transferTable, transportText, type Growth } from './report';
import { measureScaling, type ScaleResult } from './scaling';
import { measureTransfer, type TransferResult } from './transfer';
import { measureTransport, type TransportResult } from './transport';

const SECTIONS = ['bytes', 'page', 'lighthouse', 'scaling', 'transfer', 'identity', 'decisions', 'personalisation', 'history'] as const;
type Section = (typeof SECTIONS)[number];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    'scaling-runs': { type: 'string', default: '10' },
    'lighthouse-runs': { type: 'string', default: '3' },
    sizes: { type: 'string', default: '10,100,1000,5000' },
    'history-times': { type: 'string', default: '0,20000,142000' },
    only: { type: 'string', default: SECTIONS.join(',') },
    name: { type: 'string' },
    against: { type: 'string' },
  },
});

const positive = (text: string, option: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${option} must be a positive whole number, not "${text}"`);
  return n;
};
const runs = positive(values.runs, 'runs');
const scalingRuns = positive(values['scaling-runs'], 'scaling-runs');
const lighthouseRuns = positive(values['lighthouse-runs'], 'lighthouse-runs');
const sizes = values.sizes.split(',').map((s) => positive(s.trim(), 'sizes'));
const historyTimes = values['history-times'].split(',').map((s) => (s.trim() === '0' ? 0 : positive(s.trim(), 'history-times')));
const only = new Set(values.only.split(',').map((s) => s.trim()));
for (const s of only) if (!SECTIONS.includes(s as Section)) throw new Error(`--only takes ${SECTIONS.join(', ')}; not "${s}"`);
const started = new Date();
const name = values.name ?? started.toISOString().slice(0, 16).replace(':', '-');
if (!/^[\w.-]+$/.test(name)) throw new Error(`--name: letters, digits, '.', '_' and '-' only`);

if (values.against !== undefined && !only.has('page') && !only.has('history')) throw new Error('--against compares the page cost and the event history: give it with the page or the history section');

const log = (line: string) => console.error(line);
const print = (text: string) => console.log(text);

const past: PastRuntime | null = values.against === undefined ? null : runtimeAt(values.against);
const browser = await launchChromium();
const machine = {
  hostname: hostname(),
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGB: Math.round(totalmem() / 2 ** 30),
  platform: `${process.platform} ${process.arch}`,
  node: process.version,
  chromium: browser.version(),
};
print(`Tagwell bench "${name}", ${started.toISOString()}: ${machine.cpus} cores (${machine.cpuModel}), Chromium ${machine.chromium}, Node ${machine.node}`);
if (past) print(`Against ${past.ref} (${past.commit.slice(0, 12)}): its runtime, built by today's compiler, beside today's in the page cost and the event history`);

let bytesResult: BytesResult | null = null;
let pageCost: VariantCost[] | null = null;
let transport: TransportResult | null = null;
let clickWork: ClickWorkResult | null = null;
let lighthouseResult: LighthouseResult | null = null;
let scaling: ScaleResult[] | null = null;
let growthResult: Growth | null = null;
let transfer: TransferResult | null = null;
let identity: IdentityResult | null = null;
let decisions: DecisionsResult | null = null;
let personalisation: PersonalisationResult | null = null;
let history: HistoryResult | null = null;

try {
  if (only.has('bytes')) {
    log('bytes ...');
    bytesResult = await measureBytes();
    print(bytesTable(bytesResult));
  }
  if (only.has('page')) {
    log(`page cost: ${runs} loads of each container ...`);
    // With --against, each Tagwell container's past build loads just before today's.
    const [productionBefore, equivalentBefore] = past ? variantsBefore(past.runtime, past.ref) : [];
    const variants = [productionBefore, VARIANTS['tagwell-production'], equivalentBefore, VARIANTS['tagwell-equivalent'], VARIANTS['adobe-equivalent']].filter((v) => v !== undefined);
    pageCost = await measurePageCost(variants, runs, log);
    print(pageCostTable(pageCost, runs, CPU_THROTTLING));
    transport = await measureTransport(Math.max(1, Math.round(runs / 4)));
    print(transportText(transport, CPU_THROTTLING));
    clickWork = await measureClickWork(300, Math.max(1, Math.round(runs / 7)), [productionBefore, equivalentBefore].filter((v) => v !== undefined));
    print(clickWorkText(clickWork));
  }
  if (only.has('lighthouse')) {
    log(`lighthouse: ${lighthouseRuns} runs of each page ...`);
    lighthouseResult = await measureLighthouse([VARIANTS.none, VARIANTS['tagwell-production'], VARIANTS['adobe-equivalent']], lighthouseRuns, log);
    print(lighthouseTable(lighthouseResult, lighthouseRuns));
  }
  if (only.has('scaling')) {
    log(`scaling: ${sizes.join(', ')} rules ...`);
    scaling = await measureScaling(sizes, scalingRuns, log);
    print(scalingTable(scaling, scalingRuns, CPU_THROTTLING));
    if (scaling.length > 1) {
      growthResult = growth(scaling);
      print(growthResult.table);
      print(growthResult.verdict);
    }
  }
  if (only.has('transfer')) {
    log('transfer: what the server sends each client ...');
    transfer = await measureTransfer(browser);
    print(transferTable(transfer));
  }
  if (only.has('identity')) {
    log(`identity: ${runs} first visits ...`);
    identity = await measureIdentity(runs, log);
    print(identityTable(identity, CPU_THROTTLING));
  }
  if (only.has('decisions')) {
    decisions = await measureDecisions(log);
    print(decisionsTable(decisions));
  }
  if (only.has('personalisation')) {
    log(`personalisation: ${runs} first visits of the home page ...`);
    personalisation = await measurePersonalisation(runs, CPU_THROTTLING, log);
    print(personalisationTable(personalisation, pageCost !== null));
  }
  if (only.has('history')) {
    const loads = Math.max(1, Math.round(runs / 2));
    log(`history: ${loads} loads for each of ${historyTimes.length} histories ...`);
    history = await measureHistory(historyTimes, loads, past ? [variantsBefore(past.runtime, past.ref)[0]] : []);
    print(historyTable(history, CPU_THROTTLING));
  }
} finally {
  await browser.close();
  past?.remove();
}

const targetList = targets(bytesResult, pageCost, growthResult);
if (targetList.length) print(targetsText(targetList));

const file = join(ROOT, 'bench', 'results', `${name}.json`);
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
const json = {
  name,
  date: started.toISOString(),
  durationSeconds: Math.round((Date.now() - started.getTime()) / 1000),
  machine,
  settings: { cpuThrottling: CPU_THROTTLING, runs, scalingRuns, lighthouseRuns, sizes, historyTimes, sections: [...only], ...(past && { against: { ref: past.ref, commit: past.commit } }) },
  bytes: bytesResult,
  pageCost,
  transport,
  clickWork,
  lighthouse: lighthouseResult,
  scaling,
  growth: growthResult && { perClickRuleUs: growthResult.perClickRuleUs, startupPerRuleUs: growthResult.startupPerRuleUs, servedPerRuleUs: growthResult.servedPerRuleUs, directCallSpread: growthResult.directCallSpread, verdict: growthResult.verdict },
  targets: targetList,
  transfer,
  identity,
  decisions,
  personalisation,
  history,
};
writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
print(`\nWrote ${file.slice(ROOT.length + 1)}`);
