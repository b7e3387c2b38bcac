/**
 * Unique visitors and new versus repeat visitors (issue 13 item 4): estimates from the server's
 * HyperLogLog sketches (docs/OPERATING.md "Unique visitors"), each card saying how close they are.
 */
import { CartesianGrid, Legend, Line, LineChart, XAxis, YAxis } from 'recharts';
import { TableWrap } from '../../components/table-wrap';
import type { Reports } from '../../lib/types';
import { ChartSection } from './chart-section';
import { FiguresTable, dayColumn, type Column } from './figures-table';
import { BLUE, CategoryBars, Chart, NO_PAGE, NO_SECTION, ORANGE, legendOrder } from './charts';
import { daysOf, type DayRange } from './date-range';
import { count, longDay, named, rate, tickDay } from './format';

type VisitorCounts = { visitors: number; newVisitors: number; repeatVisitors: number };
const NEW_AND_REPEAT: Column<VisitorCounts>[] = [
  { label: 'Visitors', cell: (row) => count(row.visitors) },
  { label: 'New', cell: (row) => count(row.newVisitors) },
  { label: 'Repeat', cell: (row) => count(row.repeatVisitors) },
];

/** A third colour for the third line, told apart from the other two by its dashes too. */
const GREY = '#425563';

/** About 95% of estimates fall within two standard errors of the exact count. */
function Accuracy({ error, both }: { error: number; both?: boolean }) {
  return (
    <p className="hint">
      Estimates: 95% fall within ±{rate(2 * error)} of the exact count.
      {both && ' New visitors are in their first visit (until 30 minutes without a hit); a visitor who comes back later the same day is also a repeat visitor.'}
    </p>
  );
}

export function VisitorsByDay({ data, error, range, download }: { data: Reports['visitorsByDay']; error: number; range: DayRange; download?: string }) {
  const byDay = new Map(data.map((d) => [d.day, d]));
  const days = daysOf(range) ?? data.map((d) => d.day);
  const rows = days.map((day) => byDay.get(day) ?? { day, visitors: 0, newVisitors: 0, repeatVisitors: 0 });
  const none = data.every((d) => d.visitors === 0);
  return (
    <ChartSection
      download={download}
      title="Visitors by day"
      empty={none && 'No visitors with an id in this range'}
      summary={<Accuracy error={error} both />}
      chartLabel="Line chart of visitors, new visitors and repeat visitors by day"
      chart={
        <Chart>
          <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={tickDay} minTickGap={16} />
            <YAxis allowDecimals={false} width={40} />
            <Legend itemSorter={legendOrder(['visitors', 'newVisitors', 'repeatVisitors'])} />
            <Line type="monotone" dataKey="visitors" name="Visitors" stroke={BLUE} strokeWidth={2} dot={rows.length <= 31} isAnimationActive={false} />
            <Line type="monotone" dataKey="newVisitors" name="New" stroke={ORANGE} strokeWidth={2} dot={rows.length <= 31} isAnimationActive={false} />
            <Line type="monotone" dataKey="repeatVisitors" name="Repeat" stroke={GREY} strokeWidth={2} strokeDasharray="6 3" dot={rows.length <= 31} isAnimationActive={false} />
          </LineChart>
        </Chart>
      }
      table={
        <FiguresTable caption="Visitors by day" rows={rows} rowKey={(row) => row.day} header={dayColumn(longDay)} columns={NEW_AND_REPEAT} />
      }
    />
  );
}

export function VisitorsBySection({ data, error, download }: { data: Reports['visitorsBySection']; error: number; download?: string }) {
  const rows = data.map((d) => ({ ...d, name: named(d.section, NO_SECTION) }));
  return (
    <ChartSection
      download={download}
      title="Visitors by section"
      empty={rows.length === 0 && 'No visitors with an id in this range'}
      summary={<Accuracy error={error} />}
      chartLabel="Grouped bar chart of new and repeat visitors per section"
      chart={
        <CategoryBars
          rows={rows}
          category="name"
          series={[
            { key: 'newVisitors', name: 'New', fill: ORANGE },
            { key: 'repeatVisitors', name: 'Repeat', fill: BLUE },
          ]}
        />
      }
      table={
        <FiguresTable
          caption="Visitors by section, over the whole range"
          rows={rows}
          rowKey={(row) => row.name}
          header={{ label: 'Section', cell: (row) => row.name }}
          columns={NEW_AND_REPEAT}
        />
      }
    />
  );
}

export function VisitorsByPage({ data, error, download }: { data: Reports['visitorsByPage']; error: number; download?: string }) {
  return (
    <ChartSection
      download={download}
      title="Visitors of the top pages"
      empty={data.length === 0 && 'No page views in this range'}
      summary={
        <>
          <Accuracy error={error} />
          <TableWrap label="The numbers: Visitors of the top pages">
            <FiguresTable
              caption="Visitors of the top pages, over the whole range"
              rows={data}
              rowKey={(row, i) => `${row.pageName}-${i}`}
              header={{ label: 'Page', cell: (row) => named(row.pageName, NO_PAGE) }}
              columns={[
                { label: 'Page views', cell: (row) => count(row.pageViews) },
                { label: 'Visitors', cell: (row) => count(row.visitors) },
              ]}
            />
          </TableWrap>
        </>
      }
    />
  );
}
