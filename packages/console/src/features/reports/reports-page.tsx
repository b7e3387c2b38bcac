import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorMessage, Loading } from '../../components/status';
import { rangeFromQuery, rangeProblem, type DayRange } from './date-range';
import { FilterForm } from './filter-form';
import { count, longDay } from './format';
import { useEnvironmentOptions, useReports, type ReportFilters } from './queries';
import { RangeForm } from './range-form';

const ReportCharts = lazy(() => import('./report-charts'));

/**
 * Issue 5 item 5: every report for a range of days, each as a chart and a table. Issue 19 item 1:
 * one environment at a time (production unless the address says otherwise), optionally one host.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const { range, complete } = rangeFromQuery(params);
  const valid = !rangeProblem(range);
  const environments = useEnvironmentOptions();
  const defaultSuite = environments.options?.[0]?.reportSuite;
  const filters: ReportFilters = { reportSuite: params.get('reportSuite') || defaultSuite, host: params.get('host') || undefined };
  const reports = useReports(valid && filters.reportSuite !== undefined ? range : undefined, filters);

  // The range and filters live in the URL so that a link reproduces the view: write the defaults there too.
  const suiteMissing = !params.get('reportSuite') && defaultSuite !== undefined;
  useEffect(() => {
    if (!complete || suiteMissing) {
      setParams((p) => ({ ...Object.fromEntries(p), from: range.from, to: range.to, ...(defaultSuite && !p.get('reportSuite') && { reportSuite: defaultSuite }) }), { replace: true });
    }
  }, [complete, suiteMissing, defaultSuite, range.from, range.to, setParams]);

  const show = (next: DayRange) => setParams((p) => ({ ...Object.fromEntries(p), from: next.from, to: next.to }));
  const narrow = (next: ReportFilters) =>
    setParams((p) => {
      const { host: _host, ...rest } = Object.fromEntries(p);
      return { ...rest, ...(next.reportSuite && { reportSuite: next.reportSuite }), ...(next.host && { host: next.host }) };
    });

  return (
    <div className="reports">
      <h1>Reports</h1>
      <RangeForm key={`${range.from}|${range.to}`} range={range} onChange={show} />
      <FilterForm filters={filters} environments={environments.options} hosts={reports.data?.hosts} onChange={narrow} />
      {environments.error && !params.get('reportSuite') && <ErrorMessage error={environments.error} />}
      {valid && (
        <p className="hint">
          {longDay(range.from)} to {longDay(range.to)}, UTC days, both included.
        </p>
      )}
      {reports.data && <Retention days={reports.data.retention.rawHitDays} />}
      {!valid ? null : filters.reportSuite === undefined ? (
        !environments.error && <Loading label="Loading the environments" />
      ) : reports.isPending ? (
        <Loading label="Loading the reports" />
      ) : reports.isError ? (
        <ErrorMessage error={reports.error} />
      ) : (
        <Suspense fallback={<Loading label="Loading the charts" />}>
          <ReportCharts reports={reports.data} range={range} filters={filters} />
        </Suspense>
      )}
    </div>
  );
}

/** Issue 18 item 3: how long the server keeps raw hits (RETENTION_DAYS); the reports read totals, which stay. */
function Retention({ days }: { days: number | null }) {
  return (
    <p className="hint">
      {days === null ? 'Raw hits are kept without a time limit; totals are kept.' : `Raw hits are kept ${count(days)} ${days === 1 ? 'day' : 'days'}; totals are kept.`}
    </p>
  );
}
