/**
 * Conversions from stored hits (issue 14 item 3): after a batch of hits has committed, the goals
 * its hits reach, for the active activities published where each hit was sent, become conversions.
 * It runs after the hits' answers and apart from them: a failure here is logged and never loses a
 * hit or changes its 2xx (CONTRACT §2).
 */
import type { StoredHit } from '../storage';
import { VISITOR_ID } from '../storage/aggregates';
import { environmentOfHit, type PublishedEnvironment } from './published';
import { hitConversions, type Conversion } from './store';

export interface ConversionRecorder {
  /** Queues the batch's conversions; resolves at once. */
  record(hits: readonly StoredHit[]): void;
  /** Waits for the conversions queued so far (tests, and the server's stop). */
  drain(): Promise<void>;
}

/** The visitor id of a hit: AppMeasurement's `mid`, sent only with Statistics consent. */
function visitorOf(hit: StoredHit): string | null {
  const id = hit.variables[VISITOR_ID];
  return typeof id === 'string' && id !== '' ? id : null;
}

/** The conversions of the hits, for the active activities of the environment each hit belongs to. */
export function conversionsOfHits(environments: readonly PublishedEnvironment[], hits: readonly StoredHit[]): Conversion[] {
  const out: Conversion[] = [];
  for (const hit of hits) {
    const visitorId = visitorOf(hit);
    if (!visitorId) continue;
    const environment = environmentOfHit(environments, hit);
    const active = environment?.activities.filter((a) => a.state === 'active');
    if (!active?.length) continue;
    const found = hitConversions(active, { visitorId, hitType: hit.hitType, pageUrl: hit.pageUrl, events: hit.events, receivedAt: hit.receivedAt });
    out.push(...found.map((conversion) => ({ ...conversion, environment: environment!.environment })));
  }
  return out;
}

export function createConversionRecorder(options: {
  published: () => Promise<readonly PublishedEnvironment[]>;
  store: (conversions: readonly Conversion[]) => Promise<void>;
  log: (error: unknown, message: string) => void;
}): ConversionRecorder {
  // One batch at a time, in the order the hits committed: a later batch never overtakes.
  let chain: Promise<void> = Promise.resolve();
  return {
    record(hits) {
      chain = chain.then(async () => {
        try {
          const conversions = conversionsOfHits(await options.published(), hits);
          if (conversions.length) await options.store(conversions);
        } catch (error) {
          options.log(error, 'experiment conversions of a stored batch were not recorded');
        }
      });
    },
    drain: () => chain,
  };
}
