import { useId } from 'react';
import type { EnvironmentOption, ReportFilters } from './queries';

interface Props {
  filters: ReportFilters;
  environments: EnvironmentOption[] | undefined;
  /** The hosts that received hits for the report suite; the chosen one is offered even when absent. */
  hosts: string[] | undefined;
  onChange(filters: ReportFilters): void;
}

/** What the reports narrow to: one environment (its report suite) and, optionally, one host. */
export function FilterForm({ filters, environments, hosts, onChange }: Props) {
  const ids = { environment: useId(), host: useId() };
  const hostOptions = [...new Set([...(hosts ?? []), ...(filters.host ? [filters.host] : [])])].sort();
  const known = environments?.some((e) => e.reportSuite === filters.reportSuite);
  return (
    <div className="reports-filters">
      <div>
        <label htmlFor={ids.environment}>Environment</label>
        <select
          id={ids.environment}
          value={filters.reportSuite ?? ''}
          disabled={!environments}
          // Another environment's hits came in on other hosts: the host filter starts again.
          onChange={(e) => onChange({ reportSuite: e.target.value, host: undefined })}
        >
          {!environments && <option value="">Loading the environments…</option>}
          {environments && !known && filters.reportSuite && <option value={filters.reportSuite}>{filters.reportSuite}</option>}
          {environments?.map((e) => (
            <option key={e.reportSuite} value={e.reportSuite}>
              {e.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.host}>Host</label>
        <select id={ids.host} value={filters.host ?? ''} onChange={(e) => onChange({ reportSuite: filters.reportSuite, host: e.target.value || undefined })}>
          <option value="">All hosts</option>
          {hostOptions.map((host) => (
            <option key={host} value={host}>
              {host}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
