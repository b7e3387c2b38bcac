import { TableWrap } from '../../components/table-wrap';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateTime } from '../../components/date-time';
import { ErrorMessage, Loading } from '../../components/status';
import { api, query } from '../../lib/api';
import type { AuditEntry } from '../../lib/types';

/** The actions the server records (docs/ADMIN-API.md "Audit log and users"). */
export const AUDIT_ACTIONS = ['sign-in', 'sign-out', 'version.create', 'publish', 'user.create', 'user.update', 'user.delete', 'property.import'] as const;
const PAGE = 100;

export function AuditPage() {
  const [limit, setLimit] = useState(PAGE);
  const [action, setAction] = useState('');
  const audit = useQuery({
    queryKey: ['audit', limit],
    queryFn: () => api.get<{ entries: AuditEntry[] }>(`/api/admin/audit${query({ limit })}`),
    placeholderData: keepPreviousData,
  });
  const entries = audit.data?.entries ?? [];
  const shown = action ? entries.filter((e) => e.action === action) : entries;
  return (
    <>
      <h1>Audit log</h1>
      <p>Who did what and when, newest first.</p>
      <div className="field">
        <label htmlFor="audit-action">Action</label>
        <select id="audit-action" value={action} onChange={(e) => setAction(e.target.value)}>
          <option value="">all actions</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      {audit.isPending ? (
        <Loading label="Loading the audit log" />
      ) : audit.isError ? (
        <ErrorMessage error={audit.error} />
      ) : (
        <>
          <p role="status">{action ? `${shown.length} of the latest ${entries.length} entries are ${action}.` : `The latest ${entries.length} entries.`}</p>
          {shown.length === 0 ? (
            <p>No entries.</p>
          ) : (
            <TableWrap label="Audit log entries">
              <table>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">Detail</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((entry) => (
                    <tr key={entry.id}>
                      <td>
                        <DateTime iso={entry.at} />
                      </td>
                      <td>{entry.actor}</td>
                      <td>
                        <code>{entry.action}</code>
                      </td>
                      <td>
                        <Detail detail={entry.detail} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
          {entries.length >= limit ? (
            <button type="button" className="secondary" disabled={audit.isFetching} aria-busy={audit.isFetching} onClick={() => setLimit(limit + PAGE)}>
              {audit.isFetching ? 'Loading…' : `Show ${PAGE} older entries`}
            </button>
          ) : null}
        </>
      )}
    </>
  );
}

/** An entry's detail: `key: value` pairs for an object, the text otherwise. */
export function Detail({ detail }: { detail: unknown }) {
  if (detail === null || detail === undefined) return <span className="muted">—</span>;
  if (typeof detail !== 'object' || Array.isArray(detail)) return <code>{JSON.stringify(detail)}</code>;
  return (
    <dl className="inline">
      {Object.entries(detail).map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{typeof value === 'string' ? value : <code>{JSON.stringify(value)}</code>}</dd>
        </div>
      ))}
    </dl>
  );
}
