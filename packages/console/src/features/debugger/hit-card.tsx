import { TableWrap } from '../../components/table-wrap';
import type { Sdr } from '@tagwell/schema';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../properties/paths';
import { decodeHit, hitTitle } from './decode-hit';
import { eventsOf } from './filter-hits';
import { redactionText, redactionsOfRow } from './redaction-text';
import type { HitEntry, HitSender } from './trace';

const time = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString('en-GB');
};

/** A link hit's page name is the page it was sent from; both hit types may lack one. */
const pageNameOf = (entry: HitEntry) => {
  const name = entry.beacon.variables.pageName;
  return typeof name === 'string' && name ? name : '(no page name)';
};

/**
 * One hit on one line: its type, page name, events and time (issue 19 item 9); the button
 * expands it to the decoded hit.
 */
export function HitCard({ entry, sdr, property }: { entry: HitEntry; sdr: Sdr | undefined; property: string }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const headingId = useId();
  const { beacon, redactions } = entry;
  const events = eventsOf(beacon);
  const type = beacon.hitType === 'link' ? hitTitle(beacon) : 'Page view';
  return (
    <article className="card debugger-hit" aria-labelledby={headingId}>
      <h3 id={headingId} className="debugger-hit-line">
        <button type="button" className="debugger-hit-toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          <span className="debugger-hit-arrow" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className="debugger-hit-type">{type}</span>
          <span className="debugger-hit-page">{pageNameOf(entry)}</span>
          <span className="debugger-hit-events">{events.length ? events.join(', ') : 'no events'}</span>
          <time dateTime={beacon.receivedAt}>{time(beacon.receivedAt)}</time>
          {redactions.length > 0 && <mark>changed by the privacy guard</mark>}
        </button>
      </h3>
      <div id={detailsId} hidden={!open}>
        {open && <HitDetails entry={entry} sdr={sdr} property={property} />}
      </div>
    </article>
  );
}

/** The rule that sent the hit, linked to its page, and the data elements when it did (hosts with the debug bridge). */
function SenderDetails({ sender, property }: { sender: HitSender; property: string }) {
  const names = Object.keys(sender.values).sort((a, b) => a.localeCompare(b));
  return (
    <div className="debugger-sender">
      <p>
        Sent by the rule <Link to={paths.rule(property, sender.rule)}>{sender.rule}</Link>
        {sender.event && <> on {sender.event}</>}.
      </p>
      {names.length > 0 && (
        <TableWrap label="Data elements when the hit was sent">
          <table>
            <caption className="debugger-sr-only">Data elements when the hit was sent</caption>
            <thead>
              <tr>
                <th scope="col">Data element</th>
                <th scope="col">Value then</th>
              </tr>
            </thead>
            <tbody>
              {names.map((name) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td className="debugger-value">{sender.values[name] === '' ? <span className="hint">(empty)</span> : sender.values[name]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </div>
  );
}

/** The hit decoded: every variable with its query key, value and SDR meaning, then what sent it. */
function HitDetails({ entry, sdr, property }: { entry: HitEntry; sdr: Sdr | undefined; property: string }) {
  const { beacon, redactions } = entry;
  const rows = decodeHit(beacon, sdr);
  const unmatched = redactions.filter((note) => !rows.some((row) => redactionsOfRow(row, [note]).length));
  return (
    <>
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
      {entry.sender && <SenderDetails sender={entry.sender} property={property} />}
      <details>
        <summary>Raw query</summary>
        <pre>{beacon.query}</pre>
      </details>
    </>
  );
}
