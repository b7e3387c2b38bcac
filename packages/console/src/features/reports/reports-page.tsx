import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorMessage, Loading } from '../../components/status';
import { rangeFromQuery, rangeProblem, type DayRange } from './date-range';
import { longDay } from './format';
import { useReports } from './queries';
import { RangeForm } from './range-form';

const ReportCharts = lazy(() => import('./report-charts'));

/** Issue 5 item 5: every report for a range of days, each as a chart and a table. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const { range, complete } = rangeFromQuery(params);
  const valid = !rangeProblem(range);
  const reports = useReports(valid ? range : undefined);

  // The range lives in the URL so that a link reproduces the view: write the default there too.
  useEffect(() => {
    if (!complete) setParams((p) => ({ ...Object.fromEntries(p), from: range.from, to: range.to }), { replace: true });
  }, [complete, range.from, range.to, setParams]);

  const show = (next: DayRange) => setParams((p) => ({ ...Object.fromEntries(p), from: next.from, to: next.to }));

  return (
    <div className="reports">
      <h1>Reports</h1>
      <RangeForm key={`${range.from}|${range.to}`} range={range} onChange={show} />
      {valid && (
        <p className="hint">
          {longDay(range.from)} to {longDay(range.to)}, UTC days, both included.
        </p>
      )}
      {!valid ? null : reports.isPending ? (
        <Loading label="Loading the reports" />
      ) : reports.isError ? (
        <ErrorMessage error={reports.error} />
      ) : (
        <Suspense fallback={<Loading label="Loading the charts" />}>
          <ReportCharts reports={reports.data} range={range} />
        </Suspense>
      )}
    </div>
  );
}
