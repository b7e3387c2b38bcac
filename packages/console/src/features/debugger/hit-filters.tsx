import { useId } from 'react';
import type { HitFilters } from './filter-hits';

interface Props {
  filters: HitFilters;
  onChange(key: keyof HitFilters, value: string): void;
  onClear(): void;
  /** Variables and events the received hits carry: suggestions, not limits. */
  choices: { variables: string[]; events: string[] };
  host: string | undefined;
  hosts: string[];
  onHost(host: string): void;
  shown: number;
  total: number;
}

/** The hit list's filters (issue 19 item 9); their values live in the console's address, so a filtered view can be shared and survives a reload. */
export function HitFiltersForm({ filters, onChange, onClear, choices, host, hosts, onHost, shown, total }: Props) {
  const id = useId();
  const any = Object.values(filters).some(Boolean);
  return (
    <form className="debugger-filters" aria-label="Filter hits" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor={`${id}-host`}>Host</label>
        <select id={`${id}-host`} value={host ?? ''} onChange={(e) => onHost(e.target.value)}>
          {!host && <option value="">Choose a host</option>}
          {hosts.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>Hit type</label>
        <select id={`${id}-type`} value={filters.type ?? ''} onChange={(e) => onChange('type', e.target.value)}>
          <option value="">All hits</option>
          <option value="page">Page views</option>
          <option value="link">Links</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-variable`}>Variable</label>
        <input id={`${id}-variable`} type="text" list={`${id}-variables`} value={filters.variable ?? ''} onChange={(e) => onChange('variable', e.target.value)} />
        <datalist id={`${id}-variables`}>
          {choices.variables.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={`${id}-value`}>Value contains</label>
        <input id={`${id}-value`} type="text" value={filters.value ?? ''} onChange={(e) => onChange('value', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-event`}>Event</label>
        <input id={`${id}-event`} type="text" list={`${id}-events`} value={filters.event ?? ''} onChange={(e) => onChange('event', e.target.value)} />
        <datalist id={`${id}-events`}>
          {choices.events.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      </div>
      <p className="hint" role="status">
        {any ? `${shown} of ${total} ${total === 1 ? 'hit' : 'hits'} match the filters.` : ''}
      </p>
      {any && (
        <button type="button" className="secondary" onClick={onClear}>
          Clear filters
        </button>
      )}
    </form>
  );
}
