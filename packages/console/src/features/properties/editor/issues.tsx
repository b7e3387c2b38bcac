/**
 * The schema's issues (`rules[3].actions[0].settings.linkName: must not be empty`) placed through
 * issue-location.ts: each shown under the field that shows its path, and in a summary that names
 * it in the analyst's words and links to it, on this editor page or on the one it is on.
 */
import { createContext, useContext, useMemo, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { pathText, type Issue, type Path, type PropertyDocument } from '../document';
import { activityPaths } from '../../activities/activity-form';
import { paths } from '../paths';
import { locateIssue, placeIssues, type IssueLocation } from './issue-location';

/** An issue with where it is. */
export interface PlacedIssue extends Issue {
  location: IssueLocation;
}

/** The issues of `document`, placed for the item at `editing` (`['rules', 3]`; [] for none). */
export function placeAll(issues: readonly Issue[], document: PropertyDocument, editing: Path): PlacedIssue[] {
  return placeIssues(issues, document, editing).map((issue) => ({ ...issue, location: locateIssue(issue.path, document) }));
}

const IssuesContext = createContext<ReadonlyMap<string, string[]>>(new Map());

/** Keyed by the path of the field that shows each issue. */
export function IssuesProvider({ issues, children }: { issues: readonly PlacedIssue[]; children: ReactNode }) {
  const byPath = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const issue of issues) {
      const at = issue.location.fieldPath ? pathText(issue.location.fieldPath) : issue.path;
      map.set(at, [...(map.get(at) ?? []), issue.message]);
    }
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

/** The state a link to another editor page carries: the field to focus there. */
export interface FocusFieldState {
  focusField?: string;
}

/**
 * A link to the field of an issue: on this page, moves focus there; on another editor page, goes
 * there and the page focuses it (EditorForm). The property's own settings have no editor page.
 */
export function IssueLink({ issue, property, editing }: { issue: PlacedIssue; property: string; editing: Path }) {
  const { page, fieldId, label } = issue.location;
  if (page.kind === 'property' || fieldId === undefined) return <span>{label}</span>;
  const here =
    page.kind === 'activity'
      ? editing[0] === 'personalisation' && editing[1] === 'activities' && editing[2] === page.index
      : editing[0] === (page.kind === 'rule' ? 'rules' : 'dataElements') && editing[1] === page.index;
  if (here)
    return (
      <a
        href={`#${fieldId}`}
        onClick={(event) => {
          const target = document.getElementById(fieldId);
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        {label}
      </a>
    );
  const to = page.kind === 'activity' ? activityPaths.edit(property, page.id) : page.kind === 'rule' ? paths.editRule(property, page.name) : paths.editDataElement(property, page.name);
  return (
    <Link to={to} state={{ focusField: fieldId } satisfies FocusFieldState}>
      {label}
    </Link>
  );
}

/** Every issue, each with a link to its field. */
export function IssueSummary({ issues, title, property, editing, ref }: { issues: readonly PlacedIssue[]; title: string; property: string; editing: Path; ref?: Ref<HTMLDivElement> }) {
  if (issues.length === 0) return null;
  return (
    <div className="error issue-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="issue-summary-title">
      <p id="issue-summary-title">{title}</p>
      <IssueList issues={issues} property={property} editing={editing} />
    </div>
  );
}

export function IssueList({ issues, property, editing }: { issues: readonly PlacedIssue[]; property: string; editing: Path }) {
  return (
    <ul>
      {issues.map((issue, i) => (
        <li key={i}>
          <IssueLink issue={issue} property={property} editing={editing} />: {issue.message}
        </li>
      ))}
    </ul>
  );
}
