import { ApiError } from '../lib/api';

/** A loading state that screen readers announce. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}…
    </p>
  );
}

/** The server's message (or the error's), with the document issues when there are some. */
export function ErrorMessage({ error, id }: { error: unknown; id?: string }) {
  const message = error instanceof Error ? error.message : String(error);
  const issues = error instanceof ApiError ? error.issues : [];
  return (
    <div className="error" role="alert" id={id}>
      <p>{message}</p>
      {issues.length > 0 && (
        <ul>
          {issues.map((issue, i) => (
            <li key={i}>
              <code>{issue.path}</code>: {issue.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
