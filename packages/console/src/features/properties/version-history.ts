/**
 * What ran where and when, read from the publication history (issue 19 item 6): a version's label
 * says where it runs now and since when, and where it ran before and how that ended ("ran on
 * production 3–5 Nov, rolled back"), rather than calling every version no environment runs now a
 * draft.
 */
import { ENVIRONMENT_ORDER, type EnvironmentName, type Publication } from '../../lib/types';

/** One stretch of an environment running one version. */
export interface Run {
  environment: EnvironmentName;
  version: number;
  from: string;
  /** When the next publication of the environment replaced it; none while it still runs. */
  to?: string;
  /** How it ended: a later version replaced it, or an earlier one was published back (a rollback). */
  ended?: { how: 'replaced' | 'rolled back'; by: number };
}

/** Every run of every environment, oldest first; publishing the running version again continues its run. */
export function runsOf(publications: readonly Publication[]): Run[] {
  const runs: Run[] = [];
  for (const environment of ENVIRONMENT_ORDER) {
    const ordered = publications.filter((p) => p.environment === environment).sort((a, b) => a.id - b.id);
    let current: Run | undefined;
    for (const p of ordered) {
      if (current?.version === p.version) continue;
      if (current) {
        current.to = p.publishedAt;
        current.ended = { how: p.version < current.version ? 'rolled back' : 'replaced', by: p.version };
      }
      current = { environment, version: p.version, from: p.publishedAt };
      runs.push(current);
    }
  }
  return runs.sort((a, b) => a.from.localeCompare(b.from));
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const day = (iso: string): string => DAY.format(new Date(iso));

/** `3–5 Nov`, `28 Oct – 5 Nov`, `3 Nov` (one day). */
function span(from: string, to: string): string {
  const [a, b] = [day(from), day(to)];
  if (a === b) return a;
  const [dayA, monthA] = a.split(' ');
  const [dayB, monthB] = b.split(' ');
  return monthA === monthB ? `${dayA}–${dayB} ${monthB}` : `${a} – ${b}`;
}

const list = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/**
 * The label of `version`: `runs on development and staging since 20 Nov`, `ran on production 3–5 Nov,
 * rolled back`, joined with "; "; `draft: never published` for a version newer than any published,
 * `never published` for one passed over.
 */
export function versionLabel(version: number, publications: readonly Publication[]): string {
  const runs = runsOf(publications).filter((r) => r.version === version);
  // Environments that share the same words are named together: "ran on development and staging 3–5 Nov, replaced by version 8".
  const phrases = new Map<string, EnvironmentName[]>();
  for (const run of runs) {
    const words = run.to === undefined ? `since ${day(run.from)}` : `${span(run.from, run.to)}, ${run.ended!.how === 'rolled back' ? 'rolled back' : `replaced by version ${run.ended!.by}`}`;
    const key = `${run.to === undefined ? 'runs' : 'ran'}|${words}`;
    const environments = phrases.get(key) ?? [];
    if (!environments.includes(run.environment)) environments.push(run.environment);
    phrases.set(key, environments);
  }
  if (phrases.size === 0) return version > Math.max(0, ...publications.map((p) => p.version)) ? 'draft: never published' : 'never published';
  const parts = [...phrases].map(([key, environments]) => {
    const [verb, words] = key.split('|');
    return `${verb} on ${list(ENVIRONMENT_ORDER.filter((e) => environments.includes(e)))} ${words}`;
  });
  // What runs now first.
  return parts.sort((a, b) => Number(b.startsWith('runs')) - Number(a.startsWith('runs'))).join('; ');
}
