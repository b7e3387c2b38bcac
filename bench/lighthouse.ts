// Page impact by Lighthouse: Total Blocking Time and JavaScript transferred for the demo page
// without a container, with ours and with the Adobe-engine one. Lighthouse launches its own
// Chromium (chrome-launcher) with the bench's flags; its default mobile settings apply
// (simulated throttling: 4x CPU, slow 4G).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, CONSENT_COOKIE, CONSENT_VALUE } from './browser';
import { startSite, type Variant } from './containers';
import { median } from './stats';

export interface LighthouseRun {
  tbt: number;
  fcp: number;
  lcp: number;
  /** The container script's parse, compile and run: Lighthouse's bootup-time audit (observed ms x its 4x CPU multiplier; listed from 50 ms). */
  containerScripting: number | null;
  scriptTransfer: number;
  totalTransfer: number;
  performanceScore: number | null;
}

export interface LighthouseVariant {
  id: string;
  label: string;
  runs: LighthouseRun[];
  tbt: number;
  fcp: number;
  lcp: number;
  containerScripting: number | null;
  scriptTransfer: number;
  totalTransfer: number;
  lighthouseVersion: string;
}

export type LighthouseResult = { ok: true; variants: LighthouseVariant[] } | { ok: false; reason: string };

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
}
interface BootupItem {
  url: string;
  scripting: number;
  scriptParseCompile: number;
}

async function runOnce(url: string, containerUrl: string | null): Promise<{ run: LighthouseRun; version: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: `${CONSENT_COOKIE}=${CONSENT_VALUE}` },
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id];
    const summary = ((audit('resource-summary')?.details as { items?: ResourceSummaryItem[] } | undefined)?.items ?? []) as ResourceSummaryItem[];
    const bootup = ((audit('bootup-time')?.details as { items?: BootupItem[] } | undefined)?.items ?? []) as BootupItem[];
    const mine = containerUrl ? bootup.find((item) => item.url === containerUrl) : undefined;
    const tbt = audit('total-blocking-time')?.numericValue;
    if (tbt === undefined) throw new Error('no total-blocking-time audit in the report');
    return {
      version: lhr.lighthouseVersion,
      run: {
        tbt,
        fcp: audit('first-contentful-paint')?.numericValue ?? Number.NaN,
        lcp: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
        // bootup-time lists only scripts over its threshold; absent means under it, not zero.
        containerScripting: containerUrl ? (mine ? mine.scripting + mine.scriptParseCompile : null) : 0,
        scriptTransfer: summary.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
        totalTransfer: summary.find((i) => i.resourceType === 'total')?.transferSize ?? 0,
        performanceScore: lhr.categories.performance?.score ?? null,
      },
    };
  } finally {
    await chrome.kill();
  }
}

export async function measureLighthouse(variants: readonly Variant[], runs: number, log: (line: string) => void): Promise<LighthouseResult> {
  const sites = await Promise.all(variants.map(startSite));
  try {
    const out: LighthouseVariant[] = [];
    for (const site of sites) {
      const results: LighthouseRun[] = [];
      let version = '';
      for (let i = 0; i < runs; i++) {
        const { run, version: v } = await runOnce(site.pageUrl, site.containerUrl);
        results.push(run);
        version = v;
      }
      const scripting = results.map((r) => r.containerScripting).filter((x): x is number => x !== null);
      out.push({
        id: site.variant.id,
        label: site.variant.label,
        runs: results,
        tbt: median(results.map((r) => r.tbt)),
        fcp: median(results.map((r) => r.fcp)),
        lcp: median(results.map((r) => r.lcp)),
        containerScripting: scripting.length ? median(scripting) : null,
        scriptTransfer: median(results.map((r) => r.scriptTransfer)),
        totalTransfer: median(results.map((r) => r.totalTransfer)),
        lighthouseVersion: version,
      });
      log(`  lighthouse: ${site.variant.id}, ${runs} runs`);
    }
    return { ok: true, variants: out };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await Promise.all(sites.map((site) => site.close()));
  }
}
