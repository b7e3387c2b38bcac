/**
 * Conversions from stored hits (issue 14 item 3): after a batch of hits has committed, the goals
 * its hits reach, for the active activities published where each hit was sent, become conversions;
 * the experiences a hit's `tnta` names become exposures (issue 15 item 4, hit-exposures.ts), and an
 * in-app message's interact and dismiss hits conversions of its message goals (message-conversions.ts).
 * It runs after the hits' answers and apart from them: a failure here is logged and never loses a
 * hit or changes its 2xx (CONTRACT §2).
 */
import type { StoredHit } from '../storage';
import { VISITOR_ID } from '../storage/aggregates';
import { hitExposures, type HitEvents } from './hit-exposures';
import { messageConversions } from './message-conversions';
import { environmentOfHit, type PublishedEnvironment } from './published';
import { hitConversions } from './store';

export interface ConversionRecorder {
  /** Queues the batch's exposures and conversions; resolves at once. */
  record(hits: readonly StoredHit[]): void;
  /** Waits for the conversions queued so far (tests, and the server's stop). */
  drain(): Promise<void>;
}

/** The visitor id of a hit: AppMeasurement's `mid`, sent only with Statistics consent. */
function visitorOf(hit: StoredHit): string | null {
  const id = hit.variables[VISITOR_ID];
  return typeof id === 'string' && id !== '' ? id : null;
}

/** The exposures and conversions of the hits, for the active activities of the environment each hit belongs to. */
export function eventsOfHits(environments: readonly PublishedEnvironment[], hits: readonly StoredHit[]): HitEvents {
  const out: HitEvents = { exposures: [], conversions: [] };
  for (const hit of hits) {
    const visitorId = visitorOf(hit);
    if (!visitorId) continue;
    const environment = environmentOfHit(environments, hit);
    const active = environment?.activities.filter((a) => a.state === 'active');
    if (!active?.length) continue;
    const scope = { property: environment!.property, environment: environment!.environment };
    for (const exposure of hitExposures(active, { visitorId, query: hit.query, receivedAt: hit.receivedAt })) out.exposures.push({ ...exposure, ...scope });
    const found = hitConversions(active, { visitorId, hitType: hit.hitType, pageUrl: hit.pageUrl, events: hit.events, receivedAt: hit.receivedAt });
    found.push(...messageConversions(active, { visitorId, hitType: hit.hitType, linkName: hit.linkName, query: hit.query, receivedAt: hit.receivedAt }));
    out.conversions.push(...found.map((conversion) => ({ ...conversion, ...scope })));
  }
  return out;
}


export function createConversionRecorder(options: {
  published: () => Promise<readonly PublishedEnvironment[]>;
  /** Writes a batch's exposures, then its conversions (those count only for a visitor already exposed). */
  store: (events: HitEvents) => Promise<void>;
  log: (error: unknown, message: string) => void;
}): ConversionRecorder {
  // One batch at a time, in the order the hits committed: a later batch never overtakes.
  let chain: Promise<void> = Promise.resolve();
  return {
    record(hits) {
      chain = chain.then(async () => {
        try {
          const events = eventsOfHits(await options.published(), hits);
          if (events.exposures.length || events.conversions.length) await options.store(events);
        } catch (error) {
          options.log(error, 'experiment conversions of a stored batch were not recorded');
        }
      });
    },
    drain: () => chain,
  };
}
