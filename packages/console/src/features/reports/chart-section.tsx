import { TableWrap } from '../../components/table-wrap';
import { useId, type ReactNode } from 'react';

interface Props {
  title: string;
  /** Shown instead of the chart and table when the range has nothing to show. */
  empty?: string | false;
  /** Figures in words, above the chart. */
  summary?: ReactNode;
  /** What the chart draws, for the image's accessible name. */
  chartLabel?: string;
  chart?: ReactNode;
  /** The same numbers as the chart: the accessible alternative (and what tests read). */
  table?: ReactNode;
  /** The address of the report as CSV, with the page's range and filters. */
  download?: string;
}

/** One report: a heading, figures, a chart (an image to assistive technology) and its numbers. */
export function ChartSection({ title, empty, summary, chartLabel, chart, table, download }: Props) {
  const id = useId();
  return (
    <section className="reports-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {download && (
        <p className="reports-download">
          <a href={download} download>
            Download CSV<span className="visually-hidden">: {title}</span>
          </a>
        </p>
      )}
      {empty ? (
        <p className="hint">{empty}</p>
      ) : (
        <>
          {summary}
          {chart && (
            <div className="reports-chart" role="img" aria-label={`${chartLabel ?? title}: the numbers are in the table below`}>
              {chart}
            </div>
          )}
          {table && (
            <details className="reports-numbers">
              <summary>Show the numbers</summary>
              <TableWrap label={`The numbers: ${title}`}>{table}</TableWrap>
            </details>
          )}
        </>
      )}
    </section>
  );
}
