import type { Reports } from '../../lib/types';
import { BLUE, CategoryBars, ORANGE } from './charts';
import { ChartSection } from './chart-section';
import { FiguresTable } from './figures-table';
import { count, duration, share } from './format';

/**
 * Issue 16: the page's video and audio by content (docs/MEDIA.md): media starts, completes, the
 * completion rate and the time played, the most started first.
 */
export function MediaByContent({ data, download }: { data: Reports['mediaByContent']; download?: string }) {
  const starts = data.reduce((sum, row) => sum + row.starts, 0);
  const completes = data.reduce((sum, row) => sum + row.completes, 0);
  const played = data.reduce((sum, row) => sum + row.timePlayed, 0);
  return (
    <ChartSection
      download={download}
      title="Video and audio by content"
      empty={data.length === 0 && 'No video or audio played in this range'}
      summary={
        <p className="reports-figure">
          <strong>{count(starts)}</strong> media starts, {share(completes, starts)} played to the end; {duration(played)} played in all
        </p>
      }
      chartLabel="Grouped bar chart of media starts and completes per content"
      chart={
        <CategoryBars
          rows={data}
          category="content"
          series={[
            { key: 'starts', name: 'Media starts', fill: BLUE },
            { key: 'completes', name: 'Completes', fill: ORANGE },
          ]}
        />
      }
      table={
        <FiguresTable
          caption="Video and audio by content"
          rows={data}
          rowKey={(row) => row.content}
          header={{ label: 'Content', cell: (row) => row.content }}
          columns={[
            { label: 'Media starts', cell: (row) => count(row.starts) },
            { label: 'Completes', cell: (row) => count(row.completes) },
            { label: 'Completion rate', cell: (row) => share(row.completes, row.starts) },
            { label: 'Time played', cell: (row) => duration(row.timePlayed) },
          ]}
        />
      }
    />
  );
}
