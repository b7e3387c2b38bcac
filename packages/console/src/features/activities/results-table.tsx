import { TableWrap } from '../../components/table-wrap';
import { experienceName, count, percent, pValue, range, signedPercent } from './format';
import type { ExperienceResult } from './types';

const NOT_ENOUGH = 'Not enough data';

function lift(row: ExperienceResult): string {
  const c = row.comparison;
  if (!c) return 'Control';
  if (c.outcome === 'not-enough-data') return NOT_ENOUGH;
  if (c.lift === null || !c.liftInterval) return 'No lift: control has no conversions';
  return `${signedPercent(c.lift)} (${range(c.liftInterval, signedPercent)})`;
}

function significance(row: ExperienceResult): string {
  const c = row.comparison;
  if (!c) return '—';
  if (!c.test) return NOT_ENOUGH;
  return pValue(c.test.adjustedPValue);
}

const OUTCOME = { better: 'Better than control', worse: 'Worse than control', 'no-difference': 'No significant difference', 'not-enough-data': NOT_ENOUGH } as const;

/** The numbers of one goal: every figure the chart draws, and the test and verdict beside them. */
export function ResultsTable({ goal, rows, comparisons }: { goal: string; rows: readonly ExperienceResult[]; comparisons: number }) {
  return (
    <TableWrap label={`Results for ${goal}`}>
      <table>
        <caption>Results for {goal}</caption>
        <thead>
          <tr>
            <th scope="col">Experience</th>
            <th scope="col">Visitors</th>
            <th scope="col">Converting visitors</th>
            <th scope="col">Conversion rate (95% interval)</th>
            <th scope="col">Lift against control ({comparisons > 1 ? '95% simultaneous interval' : '95% interval'})</th>
            <th scope="col">p-value{comparisons > 1 ? ` (adjusted for ${comparisons} comparisons)` : ''}</th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.experience}>
              <th scope="row">
                {experienceName(row)}
              </th>
              <td>{count(row.visitors)}</td>
              <td>{count(row.conversions)}</td>
              <td>{row.rate === null ? 'No visitors yet' : `${percent(row.rate)}${row.rateInterval ? ` (${range(row.rateInterval)})` : ''}`}</td>
              <td>{lift(row)}</td>
              <td>{significance(row)}</td>
              <td>
                {row.comparison && <strong>{OUTCOME[row.comparison.outcome]}. </strong>}
                {row.verdict}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
