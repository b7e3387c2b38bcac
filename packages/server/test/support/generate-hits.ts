/**
 * Made-up hits shaped like the health site's, for tests and benchmarks that need a large table:
 * page views over a month (a few pages take most of them), searches, tool starts and results,
 * feedback answers, consent choices, and a visitor id on the hits of visitors who consented.
 * The same seed gives the same hits.
 */
import type { NewHit } from '../../src/storage';

export interface GenerateOptions {
  count: number;
  /** First UTC day, `YYYY-MM-DD`. */
  firstDay?: string;
  days?: number;
  /** How many different visitors; default count / 5. */
  visitors?: number;
  seed?: number;
  /** Different pages viewed; default 500. */
  pages?: number;
}

/** A small seeded generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOOLS = ['BMI calculator', 'Heart age', 'Pregnancy due date', 'Alcohol units', 'Sleep score'];
const SECTIONS = ['web', 'web', 'web', 'web', 'developer', 'letter', null] as const;

/** A 38-digit visitor id, as AppMeasurement's `mid`. */
export function visitorId(n: number): string {
  return `1${String(n).padStart(18, '0')}${String(n * 7919).padStart(19, '0')}`;
}

export function generateHits(options: GenerateOptions): NewHit[] {
  const { count, firstDay = '2026-10-01', days = 30, seed = 1, pages = 500 } = options;
  const visitors = options.visitors ?? Math.max(1, Math.floor(count / 5));
  const next = random(seed);
  const start = Date.parse(`${firstDay}T00:00:00.000Z`);
  const span = days * 86_400_000;
  // Zipf-like: page k is viewed about 1/k as often as page 1.
  const pick = (n: number) => Math.min(n - 1, Math.floor(Math.exp(next() * Math.log(n + 1)) - 1));
  const hits: NewHit[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(start + Math.floor(next() * span)).toISOString();
    const staging = next() < 0.05;
    const visitor = pick(visitors);
    const consented = next() < 0.85;
    const pageName = `web:conditions:page-${pick(pages)}`;
    const section = SECTIONS[Math.floor(next() * SECTIONS.length)]!;
    const variables: Record<string, string | string[] | undefined> = { pageName, pageURL: `http://www.health.localhost/${pageName.replaceAll(':', '/')}`, prop5: section ?? undefined };
    if (consented) variables.marketingCloudVisitorID = visitorId(visitor);
    const roll = next();
    let hit: Pick<NewHit, 'hitType' | 'linkType' | 'linkName' | 'events' | 'pageName' | 'siteSection'>;
    if (roll < 0.8) {
      const search = next();
      const events = search < 0.05 ? (next() < 0.3 ? 'event1,event2,event5' : 'event1,event2') : search < 0.07 ? 'event1,event3=1' : 'event1';
      if (search < 0.07) variables.eVar10 = `term ${pick(200)}`;
      hit = { hitType: 'page', linkType: null, linkName: null, events, pageName, siteSection: section };
    } else {
      const kind = next();
      if (kind < 0.4) {
        const tool = TOOLS[pick(TOOLS.length)]!;
        const done = next() < 0.4;
        variables.eVar20 = tool;
        hit = { hitType: 'link', linkType: 'o', linkName: `${tool}: ${done ? 'result' : 'start'}`, events: done ? 'event15' : 'event14', pageName, siteSection: section };
      } else if (kind < 0.7) {
        const answer = next() < 0.7 ? 'yes' : next() < 0.5 ? 'No' : 'no';
        variables.eVar35 = answer;
        hit = { hitType: 'link', linkType: 'o', linkName: `Feedback: ${answer}`, events: 'event25', pageName, siteSection: section };
      } else if (kind < 0.8) {
        hit = { hitType: 'link', linkType: 'o', linkName: next() < 0.6 ? 'Cookies: Statistics Off' : 'Cookies: Marketing Off', events: null, pageName, siteSection: section };
      } else {
        hit = { hitType: 'link', linkType: 'e', linkName: 'NHS login', events: 'event17', pageName, siteSection: section };
      }
    }
    variables.events = hit.events ? hit.events.split(',').map((e) => e.replace(/[=:].*$/, '')) : [];
    hits.push({
      receivedAt: at,
      host: staging ? 'staging.health.localhost' : 'www.health.localhost',
      reportSuites: staging ? 'healthstage,healthglobal' : 'healthprod',
      ...hit,
      pageUrl: variables.pageURL as string,
      variables,
      contextData: {},
      query: `AQB=1&ndh=1&pageName=${encodeURIComponent(pageName)}&g=${encodeURIComponent(variables.pageURL as string)}&cc=GBP&c5=${section ?? ''}&events=${hit.events ?? ''}&AQE=1`,
      clientIp: '192.0.2.0',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
    });
  }
  return hits;
}
