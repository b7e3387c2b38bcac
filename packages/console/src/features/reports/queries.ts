import { useQueries, useQuery } from '@tanstack/react-query';
import { api, query } from '../../lib/api';
import type { PropertyDetail, Reports } from '../../lib/types';
import { keys, useProperties } from '../properties/api';
import type { DayRange } from './date-range';

/** What the reports narrow to besides the range (docs/ADMIN-API.md "Reports"). */
export interface ReportFilters {
  reportSuite?: string;
  host?: string;
}

const parameters = (range: DayRange, filters: ReportFilters) => query({ from: range.from, to: range.to, reportSuite: filters.reportSuite, host: filters.host });

/** One report as CSV, with the same range and filters as the page. */
export const csvHref = (report: string, range: DayRange, filters: ReportFilters) => `/api/admin/reports/${report}.csv${parameters(range, filters)}`;

export const useReports = (range: DayRange | undefined, filters: ReportFilters) =>
  useQuery({
    queryKey: ['reports', range?.from, range?.to, filters.reportSuite, filters.host],
    queryFn: () => api.get<Reports>(`/api/admin/reports${parameters(range!, filters)}`),
    enabled: range !== undefined,
    staleTime: 30_000,
  });

export interface EnvironmentOption {
  reportSuite: string;
  label: string;
}

const ENVIRONMENT_LABELS = { production: 'Production', staging: 'Staging', development: 'Development' } as const;

/**
 * The report suites of every property's environments (latest version), production first: what
 * the environment filter offers. The default is the first property's production report suite.
 */
export function useEnvironmentOptions(): { options: EnvironmentOption[] | undefined; error: Error | null } {
  const list = useProperties();
  const names = list.data?.properties.map((p) => p.name) ?? [];
  const details = useQueries({ queries: names.map((name) => ({ queryKey: keys.property(name), queryFn: () => api.get<PropertyDetail>(`/api/admin/properties/${encodeURIComponent(name)}`) })) });
  const error = list.error ?? details.find((d) => d.error)?.error ?? null;
  if (!list.data || details.some((d) => !d.data)) return { options: undefined, error };
  const options: EnvironmentOption[] = [];
  const seen = new Set<string>();
  for (const detail of details) {
    const { name, environments } = detail.data!.latest.document;
    for (const environment of ['production', 'staging', 'development'] as const) {
      for (const reportSuite of environments[environment].reportSuites) {
        if (seen.has(reportSuite)) continue;
        seen.add(reportSuite);
        const label = `${ENVIRONMENT_LABELS[environment]} (${reportSuite})`;
        options.push({ reportSuite, label: names.length > 1 ? `${name}: ${label}` : label });
      }
    }
  }
  return { options, error };
}
