import type { Reports } from '../../lib/types';
import { ConsentOptOuts, FeedbackByPage, PageViewsByDay, PageViewsBySection, SearchZeroResults, ToolFunnel, TopPages } from './charts';
import type { DayRange } from './date-range';

/** Every report of the answer. Loaded on its own: recharts is most of the console's weight. */
export default function ReportCharts({ reports, range }: { reports: Reports; range: DayRange }) {
  return (
    <div className="reports-grid">
      <PageViewsByDay data={reports.pageViewsByDay} range={range} />
      <PageViewsBySection data={reports.pageViewsBySection} />
      <ToolFunnel data={reports.toolFunnel} />
      <SearchZeroResults data={reports.searches} />
      <FeedbackByPage data={reports.feedbackByPage} />
      <ConsentOptOuts data={reports.consentOptOuts} />
      <TopPages data={reports.topPages} />
    </div>
  );
}
