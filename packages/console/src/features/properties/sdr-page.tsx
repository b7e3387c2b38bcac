import { TableWrap } from '../../components/table-wrap';
import { Link } from 'react-router';
import type { SdrEntry } from '@tagwell/schema';
import { ErrorMessage, Loading } from '../../components/status';
import { useSdr } from './api';
import { paths } from './paths';
import { usePropertyContext } from './property-layout';

/** `/properties/:name/sdr`: the solution design reference of the latest version (packages/schema/src/sdr.ts). */
export function SdrPage() {
  const { name, detail } = usePropertyContext();
  const sdr = useSdr(name);
  return (
    <>
      <h2>Solution design reference</h2>
      {sdr.isPending ? (
        <Loading label="Loading the SDR" />
      ) : sdr.isError ? (
        <ErrorMessage error={sdr.error} />
      ) : (
        <>
          <p>
            Generated from version {detail.latest.version}: what each variable and event means and which rules set it. Currency <code>{sdr.data.currency}</code>.
          </p>
          <EntryTable title="Variables" what="Variable" entries={sdr.data.variables} property={name} />
          <EntryTable title="Events" what="Event" entries={sdr.data.events} property={name} />
          {sdr.data.contextData.length > 0 ? <EntryTable title="Context data" what="Key" entries={sdr.data.contextData} property={name} /> : null}
          <h3>Sent on every hit by the tracker</h3>
          <TableWrap label="Sent on every hit by the tracker">
            <table>
              <thead>
                <tr>
                  <th scope="col">Query key</th>
                  <th scope="col">Meaning</th>
                </tr>
              </thead>
              <tbody>
                {sdr.data.automatic.map((a) => (
                  <tr key={a.query}>
                    <th scope="row">
                      <code>{a.query}</code>
                    </th>
                    <td>{a.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      )}
    </>
  );
}

function EntryTable({ title, what, entries, property }: { title: string; what: string; entries: SdrEntry[]; property: string }) {
  return (
    <>
      <h3>{title}</h3>
      {entries.length === 0 ? (
        <p>None.</p>
      ) : (
        <TableWrap label={title}>
          <table>
            <thead>
              <tr>
                <th scope="col">{what}</th>
                <th scope="col">Query key</th>
                <th scope="col">Meaning</th>
                <th scope="col">Set by (rule: value)</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.name}>
                  <th scope="row">{entry.name}</th>
                  <td>
                    <code>{entry.query}</code>
                  </td>
                  <td>{entry.description || <span className="muted">no description</span>}</td>
                  <td>
                    <ul className="plain">
                      {entry.everyHit !== undefined ? (
                        <li>
                          Every hit (settings): <code>{entry.everyHit}</code>
                        </li>
                      ) : null}
                      {entry.setBy.map((set, i) => (
                        <li key={i}>
                          <Link to={paths.rule(property, set.rule)}>{set.rule}</Link>: <code>{set.value || '(set)'}</code>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}
