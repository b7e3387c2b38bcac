import type { ReactNode } from 'react';

/** One column of a report's numbers: its heading and what each row shows in it. */
export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

/**
 * The numbers behind a report's chart, one row per category: a caption, a row header (the
 * category) and its figures. Every report's table is this one, so they read and scale alike.
 */
export function FiguresTable<Row>({ caption, rows, rowKey, header, columns }: { caption: string; rows: readonly Row[]; rowKey: (row: Row, index: number) => string; header: Column<Row>; columns: Column<Row>[] }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{header.label}</th>
          {columns.map((column) => (
            <th scope="col" key={column.label}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)}>
            <th scope="row">{header.cell(row)}</th>
            {columns.map((column) => (
              <td key={column.label}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A day as a row header: the long date, machine-readable. */
export const dayColumn = <Row extends { day: string }>(longDay: (day: string) => string): Column<Row> => ({
  label: 'Day',
  cell: (row) => <time dateTime={row.day}>{longDay(row.day)}</time>,
});
