/**
 * Where hits come from: each (host, report suites) pair once in `hit_sources`, and a hit row keeps
 * its number (issue 18: under 200 bytes a hit; a site has a handful of pairs, its hits millions).
 * Pairs are never deleted, so a number, once known, stays right: each process keeps them in memory.
 */
import { sql } from 'kysely';
import type { Engine } from './engine';

export interface HitSource {
  id: number;
  host: string;
  report_suites: string;
}

interface Known {
  byPair: Map<string, number>;
  byId: Map<number, HitSource>;
}

const cache = new WeakMap<Engine, Known>();
const pairKey = (host: string, reportSuites: string) => `${host}\u0000${reportSuites}`;

function knownOf(engine: Engine): Known {
  let known = cache.get(engine);
  if (!known) cache.set(engine, (known = { byPair: new Map(), byId: new Map() }));
  return known;
}

function remember(known: Known, rows: readonly HitSource[]): void {
  for (const row of rows) {
    const source = { id: Number(row.id), host: row.host, report_suites: row.report_suites };
    known.byPair.set(pairKey(source.host, source.report_suites), source.id);
    known.byId.set(source.id, source);
  }
}

/**
 * The numbers of these pairs, adding the new ones first in their own short write: a pair added by a
 * batch that then fails stays, unused and harmless.
 */
export async function sourceIds(engine: Engine, pairs: ReadonlyArray<{ host: string; report_suites: string }>): Promise<number[]> {
  const known = knownOf(engine);
  const missing = new Map<string, { host: string; report_suites: string }>();
  for (const pair of pairs) {
    const key = pairKey(pair.host, pair.report_suites);
    if (!known.byPair.has(key)) missing.set(key, { host: pair.host, report_suites: pair.report_suites });
  }
  if (missing.size) {
    // Known to the database already (another server, or before a restart): a read, no write.
    remember(known, await engine.db.selectFrom('hit_sources').selectAll().where('host', 'in', [...new Set([...missing.values()].map((r) => r.host))]).execute());
    for (const [key] of missing) if (known.byPair.has(key)) missing.delete(key);
  }
  if (missing.size) {
    const rows = [...missing.values()];
    await engine.db
      .insertInto('hit_sources')
      .values(rows)
      .onConflict((oc) => oc.columns(['host', 'report_suites']).doNothing())
      .execute();
    remember(known, await engine.db.selectFrom('hit_sources').selectAll().where('host', 'in', [...new Set(rows.map((r) => r.host))]).execute());
  }
  return pairs.map((pair) => known.byPair.get(pairKey(pair.host, pair.report_suites))!);
}

/** The pairs of these numbers, reading those it has not seen (added by another server). */
export async function sourcesById(engine: Engine, ids: Iterable<number>): Promise<Map<number, HitSource>> {
  const known = knownOf(engine);
  const missing = [...new Set(ids)].filter((id) => !known.byId.has(id));
  if (missing.length) remember(known, await engine.read.selectFrom('hit_sources').selectAll().where('id', 'in', missing).execute());
  return known.byId;
}

/**
 * The numbers of the sources a read narrows to: one host, one report suite of a comma list (a whole
 * id: `rs` never matches `rs2`), or both. Read fresh: another server may have added one.
 */
export async function matchingSources(engine: Engine, host: string | undefined, reportSuite: string | undefined): Promise<number[]> {
  let query = engine.read.selectFrom('hit_sources').selectAll();
  if (host !== undefined) query = query.where('host', '=', host);
  if (reportSuite !== undefined) query = query.where((eb) => engine.contains(sql<string>`',' || ${eb.ref('report_suites')} || ','`, `,${reportSuite},`));
  const rows = await query.execute();
  remember(knownOf(engine), rows);
  return rows.map((row) => Number(row.id));
}
