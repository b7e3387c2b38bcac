// Plain-text tables for the console: the figures people paste into issues and docs/PERFORMANCE.md.

export type Cell = string | number | null | undefined;

export function formatNumber(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const bytes = (value: number) => (Number.isFinite(value) ? value.toLocaleString('en-GB') : 'n/a');
export const ms = (value: number, digits = 1) => formatNumber(value, digits);
export const times = (value: number) => (Number.isFinite(value) ? `${formatNumber(value, 2)}x` : 'n/a');

/** Left-aligned first column, right-aligned figures, a rule under the header. */
export function table(title: string, header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  const text = rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
  const widths = header.map((h, i) => Math.max(h.length, ...text.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [`\n${title}`, line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...text.map(line)].join('\n');
}
