import { TableWrap } from '../../components/table-wrap';
import { Bar, BarChart, type LegendPayload, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { ReactElement } from 'react';
import type { Reports } from '../../lib/types';
import { ChartSection } from './chart-section';
import { daysOf, type DayRange } from './date-range';
import { count, longDay, named, rate, share, shortLabel, tickDay } from './format';

// Colours with at least 3:1 contrast on white and apart for the common colour-vision deficiencies.
export const BLUE = '#005eb8';
export const ORANGE = '#b35c00';
const HEIGHT = 260;
export const NO_SECTION = '(no section)';
export const NO_PAGE = '(no page name)';

/** Category names on a phone-sized axis; the full names are in the tables. */
export const CATEGORY_AXIS = { width: 130, tick: { fontSize: 12 }, tickFormatter: (value: string) => shortLabel(String(value)), interval: 0 } as const;

/** Legend entries in the order of the bars (recharts sorts them by name otherwise). */
export const legendOrder = (keys: string[]) => (item: LegendPayload) => keys.indexOf(String(item.dataKey));

/** Horizontal bars need room for every label: a row per item. */
export const barsHeight = (rows: number) => Math.max(160, rows * 36 + 60);

export const Chart = ({ height = HEIGHT, children }: { height?: number; children: ReactElement }) => (
  <ResponsiveContainer width="100%" height={height}>
    {children}
  </ResponsiveContainer>
);

export function PageViewsByDay({ data, range, download }: { data: Reports['pageViewsByDay']; range: DayRange; download?: string }) {
  const byDay = new Map(data.map((d) => [d.day, d.pageViews]));
  const days = daysOf(range) ?? data.map((d) => d.day);
  const rows = days.map((day) => ({ day, pageViews: byDay.get(day) ?? 0 }));
  const total = data.reduce((sum, d) => sum + d.pageViews, 0);
  return (
    <ChartSection
      download={download}
      title="Page views by day"
      empty={total === 0 && 'No page views in this range'}
      summary={<p className="reports-figure">{count(total)} page views in this range</p>}
      chartLabel="Line chart of page views by day"
      chart={
        <Chart>
          <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={tickDay} minTickGap={16} />
            <YAxis allowDecimals={false} width={40} />
            <Line type="monotone" dataKey="pageViews" name="Page views" stroke={BLUE} strokeWidth={2} dot={rows.length <= 31} isAnimationActive={false} />
          </LineChart>
        </Chart>
      }
      table={
        <table>
          <caption>Page views by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row">
                  <time dateTime={row.day}>{longDay(row.day)}</time>
                </th>
                <td>{count(row.pageViews)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

export function PageViewsBySection({ data, download }: { data: Reports['pageViewsBySection']; download?: string }) {
  const rows = data.map((d) => ({ section: named(d.section, NO_SECTION), pageViews: d.pageViews }));
  return (
    <ChartSection
      download={download}
      title="Page views by section"
      empty={rows.length === 0 && 'No page views in this range'}
      chartLabel="Bar chart of page views by section"
      chart={
        <Chart height={barsHeight(rows.length)}>
          <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="section" {...CATEGORY_AXIS} />
            <Bar dataKey="pageViews" name="Page views" fill={BLUE} isAnimationActive={false} />
          </BarChart>
        </Chart>
      }
      table={
        <table>
          <caption>Page views by section</caption>
          <thead>
            <tr>
              <th scope="col">Section</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.section}>
                <th scope="row">{row.section}</th>
                <td>{count(row.pageViews)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

export function ToolFunnel({ data, download }: { data: Reports['toolFunnel']; download?: string }) {
  return (
    <ChartSection
      download={download}
      title="Tool starts and completions"
      empty={data.length === 0 && 'No tool starts in this range'}
      chartLabel="Grouped bar chart of starts and completions per tool"
      chart={
        <Chart height={barsHeight(data.length * 2)}>
          <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="tool" {...CATEGORY_AXIS} />
            <Legend itemSorter={legendOrder(['starts', 'completions'])} />
            <Bar dataKey="starts" name="Starts" fill={BLUE} isAnimationActive={false} />
            <Bar dataKey="completions" name="Completions" fill={ORANGE} isAnimationActive={false} />
          </BarChart>
        </Chart>
      }
      table={
        <table>
          <caption>Tool starts and completions</caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Starts</th>
              <th scope="col">Completions</th>
              <th scope="col">Completion rate</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.tool}>
                <th scope="row">{row.tool}</th>
                <td>{count(row.starts)}</td>
                <td>{count(row.completions)}</td>
                <td>{share(row.completions, row.starts)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

export function SearchZeroResults({ data, download }: { data: Reports['searches']; download?: string }) {
  const rows = [
    { label: 'Searches', value: data.searches },
    { label: 'Zero results', value: data.zeroResults },
  ];
  return (
    <ChartSection
      download={download}
      title="Searches with zero results"
      empty={data.searches === 0 && 'No searches in this range'}
      summary={
        <p className="reports-figure">
          <strong>{rate(data.zeroResultRate)}</strong> of searches found nothing ({count(data.zeroResults)} of {count(data.searches)})
        </p>
      }
      chartLabel="Bar chart of searches and searches with zero results"
      chart={
        <Chart height={180}>
          <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="label" {...CATEGORY_AXIS} />
            <Bar dataKey="value" name="Searches" fill={BLUE} isAnimationActive={false} />
          </BarChart>
        </Chart>
      }
      table={
        <table>
          <caption>Searches with zero results</caption>
          <thead>
            <tr>
              <th scope="col">Searches</th>
              <th scope="col">Zero results</th>
              <th scope="col">Zero-result rate</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{count(data.searches)}</td>
              <td>{count(data.zeroResults)}</td>
              <td>{rate(data.zeroResultRate)}</td>
            </tr>
          </tbody>
        </table>
      }
    />
  );
}

export function FeedbackByPage({ data, download }: { data: Reports['feedbackByPage']; download?: string }) {
  const rows = data.map((d) => ({ ...d, page: named(d.pageName, NO_PAGE) }));
  return (
    <ChartSection
      download={download}
      title="Feedback by page"
      empty={rows.length === 0 && 'No feedback in this range'}
      chartLabel="Stacked bar chart of yes and no answers per page"
      chart={
        <Chart height={barsHeight(rows.length)}>
          <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="page" {...CATEGORY_AXIS} />
            <Legend itemSorter={legendOrder(['yes', 'no'])} />
            <Bar dataKey="yes" name="Yes" stackId="answer" fill={BLUE} isAnimationActive={false} />
            <Bar dataKey="no" name="No" stackId="answer" fill={ORANGE} isAnimationActive={false} />
          </BarChart>
        </Chart>
      }
      table={
        <table>
          <caption>Feedback by page</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Yes</th>
              <th scope="col">No</th>
              <th scope="col">Share yes</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.page}>
                <th scope="row">{row.page}</th>
                <td>{count(row.yes)}</td>
                <td>{count(row.no)}</td>
                <td>{share(row.yes, row.yes + row.no)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

export function ConsentOptOuts({ data, download }: { data: Reports['consentOptOuts']; download?: string }) {
  return (
    <ChartSection
      download={download}
      title="Consent opt-outs"
      summary={
        <dl className="reports-figures">
          <div>
            <dt>Statistics cookies turned off</dt>
            <dd>{count(data.statisticsOff)}</dd>
          </div>
          <div>
            <dt>Marketing cookies turned off</dt>
            <dd>{count(data.marketingOff)}</dd>
          </div>
        </dl>
      }
    />
  );
}

export function TopPages({ data, download }: { data: Reports['topPages']; download?: string }) {
  return (
    <ChartSection
      download={download}
      title="Top pages"
      empty={data.length === 0 && 'No page views in this range'}
      summary={
        <TableWrap label="The numbers: Top pages">
          <table>
            <caption>Top pages by page views</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Page views</th>
              </tr>
            </thead>
            <tbody>
              {data.map((row, i) => (
                <tr key={`${row.pageName}-${i}`}>
                  <th scope="row">{named(row.pageName, NO_PAGE)}</th>
                  <td>{count(row.pageViews)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      }
    />
  );
}
