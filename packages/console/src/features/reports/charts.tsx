import { TableWrap } from '../../components/table-wrap';
import { Bar, BarChart, type LegendPayload, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { ReactElement } from 'react';
import type { Reports } from '../../lib/types';
import { ChartSection } from './chart-section';
import { FiguresTable, dayColumn } from './figures-table';
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

/** A bar series of a chart: `stack` puts bars of one category on top of each other, else side by side. */
export interface BarSeries {
  key: string;
  name: string;
  fill: string;
  stack?: string;
}

/** Horizontal bars, a row per category: every bar chart of the reports (with a legend when more than one series). */
export function CategoryBars<Row extends object>({ rows, category, series, height }: { rows: Row[]; category: keyof Row & string; series: BarSeries[]; height?: number }) {
  const sideBySide = series.length > 1 && series[0]!.stack === undefined;
  return (
    <Chart height={height ?? barsHeight(rows.length * (sideBySide ? series.length : 1))}>
      <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey={category as string} {...CATEGORY_AXIS} />
        {series.length > 1 && <Legend itemSorter={legendOrder(series.map((s) => s.key))} />}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.fill} stackId={s.stack} isAnimationActive={false} />
        ))}
      </BarChart>
    </Chart>
  );
}

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
        <FiguresTable caption="Page views by day" rows={rows} rowKey={(row) => row.day} header={dayColumn(longDay)} columns={[{ label: 'Page views', cell: (row) => count(row.pageViews) }]} />
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
        <CategoryBars rows={rows} category="section" series={[{ key: 'pageViews', name: 'Page views', fill: BLUE }]} />
      }
      table={
        <FiguresTable
          caption="Page views by section"
          rows={rows}
          rowKey={(row) => row.section}
          header={{ label: 'Section', cell: (row) => row.section }}
          columns={[{ label: 'Page views', cell: (row) => count(row.pageViews) }]}
        />
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
        <CategoryBars
          rows={data}
          category="tool"
          series={[
            { key: 'starts', name: 'Starts', fill: BLUE },
            { key: 'completions', name: 'Completions', fill: ORANGE },
          ]}
        />
      }
      table={
        <FiguresTable
          caption="Tool starts and completions"
          rows={data}
          rowKey={(row) => row.tool}
          header={{ label: 'Tool', cell: (row) => row.tool }}
          columns={[
            { label: 'Starts', cell: (row) => count(row.starts) },
            { label: 'Completions', cell: (row) => count(row.completions) },
            { label: 'Completion rate', cell: (row) => share(row.completions, row.starts) },
          ]}
        />
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
        <CategoryBars rows={rows} category="label" series={[{ key: 'value', name: 'Searches', fill: BLUE }]} height={180} />
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
        <CategoryBars
          rows={rows}
          category="page"
          series={[
            { key: 'yes', name: 'Yes', fill: BLUE, stack: 'answer' },
            { key: 'no', name: 'No', fill: ORANGE, stack: 'answer' },
          ]}
        />
      }
      table={
        <FiguresTable
          caption="Feedback by page"
          rows={rows}
          rowKey={(row) => row.page}
          header={{ label: 'Page', cell: (row) => row.page }}
          columns={[
            { label: 'Yes', cell: (row) => count(row.yes) },
            { label: 'No', cell: (row) => count(row.no) },
            { label: 'Share yes', cell: (row) => share(row.yes, row.yes + row.no) },
          ]}
        />
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
          <FiguresTable
            caption="Top pages by page views"
            rows={data}
            rowKey={(row, i) => `${row.pageName}-${i}`}
            header={{ label: 'Page', cell: (row) => named(row.pageName, NO_PAGE) }}
            columns={[{ label: 'Page views', cell: (row) => count(row.pageViews) }]}
          />
        </TableWrap>
      }
    />
  );
}
