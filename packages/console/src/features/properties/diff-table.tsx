import { TableWrap } from '../../components/table-wrap';
import type { DiffEntry } from './diff';
import { getIn, type PropertyDocument } from './document';

const LIMIT = 300;

/** `rules[12]...` -> the rule's name, so that an index reads as the thing it is. */
function ownerOf(path: string, before: PropertyDocument, after: PropertyDocument, kind: DiffEntry['kind']): string | undefined {
  const m = /^(rules|dataElements)\[(\d+)\]/.exec(path);
  if (!m) return undefined;
  const doc = kind === 'removed' && !path.slice(m[0].length) ? before : after;
  const name = getIn(doc, [m[1]!, Number(m[2])] as const);
  const named = name && typeof name === 'object' && 'name' in name ? String((name as { name: unknown }).name) : undefined;
  return named && `${m[1] === 'rules' ? 'rule' : 'data element'} ${named}`;
}

function Value({ value }: { value: unknown }) {
  if (value === undefined)
    return (
      <span className="muted">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">not set</span>
      </span>
    );
  if (typeof value === 'string') return <code className="value">{JSON.stringify(value)}</code>;
  if (value === null || typeof value !== 'object') return <code className="value">{String(value)}</code>;
  const text = JSON.stringify(value, null, 2);
  return text.length < 80 ? <code className="value">{JSON.stringify(value)}</code> : <pre className="value">{text}</pre>;
}

export function DiffTable({ entries, beforeLabel, afterLabel, before, after }: { entries: DiffEntry[]; beforeLabel: string; afterLabel: string; before: PropertyDocument; after: PropertyDocument }) {
  if (entries.length === 0) return <p>No differences.</p>;
  return (
    <>
      <p>{entries.length === 1 ? '1 change.' : `${entries.length} changes.`}</p>
      <TableWrap label="Differences">
        <table className="diff">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Change</th>
              <th scope="col">{beforeLabel}</th>
              <th scope="col">{afterLabel}</th>
            </tr>
          </thead>
          <tbody>
            {entries.slice(0, LIMIT).map((entry) => {
              const owner = entry.kind === 'moved' ? undefined : ownerOf(entry.path, before, after, entry.kind);
              return (
                <tr key={`${entry.kind}:${entry.path}`} className={`diff-${entry.kind}`}>
                  <th scope="row">
                    <code>{entry.path}</code>
                    {owner ? <span className="owner">{owner}</span> : null}
                  </th>
                  <td>{entry.kind === 'moved' ? 'order changed' : entry.kind}</td>
                  <td>
                    <Value value={entry.before} />
                  </td>
                  <td>
                    <Value value={entry.after} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      {entries.length > LIMIT ? <p>And {entries.length - LIMIT} more changes not shown.</p> : null}
    </>
  );
}
