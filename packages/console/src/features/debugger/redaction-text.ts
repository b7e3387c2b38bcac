import type { RedactionKind } from './bridge-messages';
import type { HitRow } from './decode-hit';
import type { RedactionNote } from './trace';

const WHAT: Record<RedactionKind, string> = {
  postcode: 'a postcode',
  email: 'an e-mail address',
  'nhs-number': 'an NHS number',
  'query-parameter': 'a query parameter',
};

/** SPEC §5 in words: "privacy guard removed an e-mail address". */
export function redactionText(note: Pick<RedactionNote, 'kind' | 'parameter'>): string {
  const what = note.kind === 'query-parameter' && note.parameter ? `the query parameter ${note.parameter}` : WHAT[note.kind];
  return `privacy guard removed ${what}`;
}

/** The guard names a field by its query key (`v10`, `g`); the long name (`eVar10`) is accepted too. */
export const redactionsOfRow = (row: HitRow, notes: readonly RedactionNote[]): RedactionNote[] =>
  notes.filter((n) => n.field === row.query || n.field === row.name || n.field === `c.${row.name}`);
