import { TableWrap } from '../../components/table-wrap';
import type { Sdr } from '@tagwell/schema';
import { useId } from 'react';
import { decodeHit, hitTitle } from './decode-hit';
import { redactionText, redactionsOfRow } from './redaction-text';
import type { HitEntry } from './trace';

const time = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString('en-GB');
};

/** One hit: its type, then every variable with its query key, value and SDR meaning. */
export function HitCard({ entry, sdr }: { entry: HitEntry; sdr: Sdr | undefined }) {
  const { beacon, redactions } = entry;
  const headingId = useId();
  const rows = decodeHit(beacon, sdr);
  const unmatched = redactions.filter((note) => !rows.some((row) => redactionsOfRow(row, [note]).length));
  return (
    <article className="card debugger-hit" aria-labelledby={headingId}>
      <h3 id={headingId}>{hitTitle(beacon)}</h3>
      <p className="hint">
        Received <time dateTime={beacon.receivedAt}>{time(beacon.receivedAt)}</time> · report suite {beacon.reportSuites.join(', ')} · hit {beacon.id}
      </p>
      <TableWrap label="Variables of this hit">
        <table>
          <caption className="debugger-sr-only">Variables of this hit</caption>
          <thead>
            <tr>
              <th scope="col">Variable</th>
              <th scope="col">Query key</th>
              <th scope="col">Value</th>
              <th scope="col">Meaning (SDR)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const notes = redactionsOfRow(row, redactions);
              return (
                <tr key={`${row.query}:${row.name}`} className={notes.length ? 'debugger-redacted' : undefined}>
                  <th scope="row">{row.name}</th>
                  <td>
                    <code>{row.query}</code>
                  </td>
                  <td className="debugger-value">
                    {notes.length ? <mark>{row.value}</mark> : row.value}
                    {notes.map((note) => (
                      <span key={note.id} className="debugger-redaction-note">
                        {redactionText(note)}
                      </span>
                    ))}
                  </td>
                  <td>{!sdr ? '…' : row.inSdr ? row.meaning || '—' : <span className="debugger-unknown">not in the SDR</span>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      {unmatched.length > 0 && (
        <ul className="debugger-redaction-list">
          {unmatched.map((note) => (
            <li key={note.id}>
              <mark>{redactionText(note)}</mark> from <code>{note.field}</code>, which the hit no longer carries
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>Raw query</summary>
        <pre>{beacon.query}</pre>
      </details>
    </article>
  );
}
