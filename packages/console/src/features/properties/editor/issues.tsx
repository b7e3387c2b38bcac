/**
 * The schema's path-formatted issues (`rules[3].actions[0].settings.linkName: must not be empty`)
 * shown next to the field at that path and in a summary that links to it.
 */
import { createContext, useContext, useMemo, type ReactNode, type Ref } from 'react';
import { fieldId, pathText, type Issue, type Path } from '../document';

const IssuesContext = createContext<ReadonlyMap<string, string[]>>(new Map());

export function IssuesProvider({ issues, children }: { issues: readonly Issue[]; children: ReactNode }) {
  const byPath = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const issue of issues) map.set(issue.path, [...(map.get(issue.path) ?? []), issue.message]);
    return map;
  }, [issues]);
  return <IssuesContext.Provider value={byPath}>{children}</IssuesContext.Provider>;
}

/** The messages for exactly this path. */
export function useIssuesAt(path: Path): string[] {
  return useContext(IssuesContext).get(pathText(path)) ?? [];
}

/** Messages for paths below `path` that `claimed` does not name (a record's keys, a whole list). */
export function useIssuesBelow(path: Path, claimed: (issuePath: string) => boolean = () => false): Array<{ path: string; message: string }> {
  const map = useContext(IssuesContext);
  const prefix = pathText(path);
  const out: Array<{ path: string; message: string }> = [];
  for (const [issuePath, messages] of map)
    if ((issuePath.startsWith(prefix + '.') || issuePath.startsWith(prefix + '[')) && !claimed(issuePath)) for (const message of messages) out.push({ path: issuePath, message });
  return out;
}

/** The messages under a field, referenced from its aria-describedby. */
export function FieldMessages({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <p className="field-error" id={id}>
      {messages.map((m, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          <span className="visually-hidden">Error:</span> {m}
        </span>
      ))}
    </p>
  );
}

/** Every issue, each a link that moves focus to its field when the form has one. */
export function IssueSummary({ issues, title, ref }: { issues: readonly Issue[]; title: string; ref?: Ref<HTMLDivElement> }) {
  if (issues.length === 0) return null;
  return (
    <div className="error issue-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="issue-summary-title">
      <p id="issue-summary-title">{title}</p>
      <ul>
        {issues.map((issue, i) => (
          <li key={i}>
            <a
              href={`#${fieldId(issue.path)}`}
              onClick={(event) => {
                const target = document.getElementById(fieldId(issue.path));
                if (target) {
                  event.preventDefault();
                  target.focus();
                }
              }}
            >
              <code>{issue.path}</code>
            </a>
            : {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
