import type { Reports } from '../../lib/types';
import { ConsentOptOuts, FeedbackByPage, PageViewsByDay, PageViewsBySection, SearchZeroResults, ToolFunnel, TopPages } from './charts';
import type { DayRange } from './date-range';
import { MediaByContent } from './media-charts';
import { csvHref, type ReportFilters } from './queries';
import { VisitorsByDay, VisitorsByPage, VisitorsBySection } from './visitor-charts';

/** Every report of the answer, each with its CSV. Loaded on its own: recharts is most of the console's weight. */
export default function ReportCharts({ reports, range, filters }: { reports: Reports; range: DayRange; filters: ReportFilters }) {
  const csv = (report: keyof Reports) => csvHref(report, range, filters);
  const errors = reports.visitorErrors;
  return (
    <div className="reports-grid">
      <PageViewsByDay data={reports.pageViewsByDay} range={range} download={csv('pageViewsByDay')} />
      <PageViewsBySection data={reports.pageViewsBySection} download={csv('pageViewsBySection')} />
      <VisitorsByDay data={reports.visitorsByDay} error={errors.day} range={range} download={csv('visitorsByDay')} />
      <VisitorsBySection data={reports.visitorsBySection} error={errors.section} download={csv('visitorsBySection')} />
      <VisitorsByPage data={reports.visitorsByPage} error={errors.page} download={csv('visitorsByPage')} />
      <ToolFunnel data={reports.toolFunnel} download={csv('toolFunnel')} />
      <MediaByContent data={reports.mediaByContent} download={csv('mediaByContent')} />
      <SearchZeroResults data={reports.searches} download={csv('searches')} />
      <FeedbackByPage data={reports.feedbackByPage} download={csv('feedbackByPage')} />
      <ConsentOptOuts data={reports.consentOptOuts} download={csv('consentOptOuts')} />
      <TopPages data={reports.topPages} download={csv('topPages')} />
    </div>
  );
}
