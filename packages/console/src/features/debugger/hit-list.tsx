import type { Sdr } from '@tagwell/schema';
import { useMemo, type Dispatch } from 'react';
import { filterChoices, filterHits, type HitFilters } from './filter-hits';
import { HitCard } from './hit-card';
import { HitFiltersForm } from './hit-filters';
import type { DebuggerAction, HitEntry } from './trace';
import type { StreamStatus } from './use-hit-stream';

const STATUS_TEXT: Record<StreamStatus, string> = {
  idle: 'Choose a page to listen for its hits.',
  connecting: 'Connecting to the live stream…',
  open: 'Listening',
  reconnecting: 'Reconnecting…',
};

interface Props {
  hits: HitEntry[];
  held: number;
  paused: boolean;
  status: StreamStatus;
  host: string | undefined;
  sdr: Sdr | undefined;
  dispatch: Dispatch<DebuggerAction>;
  /** The property whose rules sent the hits: the rule links go to its pages. */
  property: string;
  filters: HitFilters;
  onFilter(key: keyof HitFilters, value: string): void;
  onClearFilters(): void;
  /** The hosts the host filter offers. */
  hosts: string[];
  onHost(host: string): void;
}

/** The hits of the watched host, newest first, as the collector stored them. */
export function HitList({ hits, held, paused, status, host, sdr, dispatch, property, filters, onFilter, onClearFilters, hosts, onHost }: Props) {
  const shown = useMemo(() => filterHits(hits, filters), [hits, filters]);
  const choices = useMemo(() => filterChoices(hits), [hits]);
  return (
    <section aria-labelledby="debugger-hits" className="debugger-hits">
      <h2 id="debugger-hits">Hits</h2>
      <p className={status === 'reconnecting' ? 'notice debugger-stream' : 'hint debugger-stream'}>
        {status === 'open' && host ? `Listening for hits from ${host}` : STATUS_TEXT[status]}
        {paused && ` Paused: ${held} new ${held === 1 ? 'hit' : 'hits'} waiting.`}
      </p>
      <div className="actions">
        {paused ? (
          <button type="button" onClick={() => dispatch({ type: 'resume' })}>
            Resume hits
          </button>
        ) : (
          <button type="button" className="secondary" onClick={() => dispatch({ type: 'pause' })}>
            Pause hits
          </button>
        )}
        <button type="button" className="secondary" onClick={() => dispatch({ type: 'clear-hits' })} disabled={hits.length === 0 && held === 0}>
          Clear hits
        </button>
      </div>
      <HitFiltersForm
        filters={filters}
        onChange={onFilter}
        onClear={onClearFilters}
        choices={choices}
        host={host}
        hosts={hosts}
        onHost={onHost}
        shown={shown.length}
        total={hits.length}
      />
      {hits.length === 0 ? (
        <p className="hint">No hits yet. Open the page: its page view and every link hit appear here as they reach the collector.</p>
      ) : shown.length === 0 ? (
        <p className="hint">No hit matches the filters.</p>
      ) : (
        <ol className="debugger-hit-list">
          {shown.map((entry) => (
            <li key={entry.beacon.id}>
              <HitCard entry={entry} sdr={sdr} property={property} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
