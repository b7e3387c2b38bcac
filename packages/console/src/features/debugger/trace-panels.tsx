import { TableWrap } from '../../components/table-wrap';
import type { Property } from '@tagwell/schema';
import { explainFailure, findRule } from './explain-failure';
import { redactionText } from './redaction-text';
import type { LogLine, RedactionNote, RuleTrace } from './trace';

/** Which rules ran on the page, and for the others the condition or exception that stopped them. */
export function RulesPanel({ rules, document, canClear, onClear }: { rules: RuleTrace[]; document: Property | undefined; canClear: boolean; onClear(): void }) {
  return (
    <section aria-labelledby="debugger-rules" className="debugger-panel">
      <h2 id="debugger-rules">Rules</h2>
      {rules.length === 0 ? (
        <p className="hint">No rule traces yet. They appear when a page on a development or staging host is open.</p>
      ) : (
        <ol className="debugger-rules">
            {rules.map((trace) => {
              const why = trace.fired ? undefined : explainFailure(findRule(document, trace.rule), trace.failed ?? '', trace.component);
              return (
                <li key={trace.id} className={trace.fired ? 'debugger-fired' : 'debugger-not-run'}>
                  <strong>{trace.rule}</strong> <span className="tag">{trace.fired ? 'fired' : 'not run'}</span>
                  {trace.event && <span className="hint"> on {trace.event}</span>}
                  {why && (
                    <div className="debugger-reason">
                      <span>{why.reason}</span>
                      {why.settings && (
                        <>
                          : <code>{why.settings}</code>
                        </>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
        </ol>
      )}
      {canClear && (
        <button type="button" className="secondary" onClick={onClear}>
          Clear rules and log
        </button>
      )}
    </section>
  );
}

export function DataElementsPanel({ values, canAsk, onRefresh, notice }: { values: Record<string, string> | undefined; canAsk: boolean; onRefresh(): void; notice?: string }) {
  const names = values ? Object.keys(values).sort((a, b) => a.localeCompare(b)) : [];
  return (
    <section aria-labelledby="debugger-data-elements" className="debugger-panel">
      <h2 id="debugger-data-elements">Data elements</h2>
      <button type="button" className="secondary" onClick={onRefresh} disabled={!canAsk}>
        Refresh values
      </button>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {!values ? (
        <p className="hint">The values appear when a page with the debug bridge is open.</p>
      ) : names.length === 0 ? (
        <p className="hint">The page has no data elements.</p>
      ) : (
        <TableWrap label="Data element values">
          <table>
            <thead>
              <tr>
                <th scope="col">Data element</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {names.map((name) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td className="debugger-value">{values[name] === '' ? <span className="hint">(empty)</span> : values[name]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

export function RedactionsPanel({ redactions }: { redactions: RedactionNote[] }) {
  return (
    <section aria-labelledby="debugger-redactions" className="debugger-panel">
      <h2 id="debugger-redactions">Redactions</h2>
      {redactions.length === 0 ? (
        <p className="hint">The privacy guard has removed nothing yet.</p>
      ) : (
        <ul className="debugger-redaction-list">
          {redactions.map((note) => (
            <li key={note.id}>
              <mark>{redactionText(note)}</mark> from <code>{note.field}</code> {note.hitId === undefined ? '(waiting for the hit)' : `(hit ${note.hitId})`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const clock = (time: string | number | undefined) => {
  if (time === undefined) return '';
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : date.toLocaleTimeString('en-GB');
};

export function LogPanel({ logs }: { logs: LogLine[] }) {
  return (
    <section aria-labelledby="debugger-log" className="debugger-panel">
      <h2 id="debugger-log">Log</h2>
      {logs.length === 0 ? (
        <p className="hint">No log lines yet.</p>
      ) : (
        <ol className="debugger-log">
          {logs.map((line) => (
            <li key={line.id} className={`debugger-log-${line.level}`}>
              <span className="hint">{clock(line.time)}</span> <span className="tag">{line.level}</span> {line.message}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
