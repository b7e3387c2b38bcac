/**
 * The frame of every editor: checks the whole edited document with the compiler's validation
 * (validateAll: the schema and the references, every problem at once) before saving, shows the
 * issues next to their fields and in a summary (placed by issue-location.ts), and saves a draft version (`POST .../versions { document, note, baseVersion }`).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorMessage } from '../../../components/status';
import { ApiError } from '../../../lib/api';
import type { Version } from '../../../lib/types';
import { keys, useSaveDraft } from '../api';
import { validateDocument, type Issue, type Path, type PropertyDocument } from '../document';
import { IssueSummary, IssuesProvider, placeAll, type FocusFieldState } from './issues';

export function EditorForm({
  property,
  base,
  edited,
  editing,
  what,
  cancelTo,
  onSaved,
  onReload,
  onNoteChange,
  children,
}: {
  property: string;
  /** The version the edit started from: saving fails with 409 when it is no longer the latest. */
  base: Version;
  edited: PropertyDocument;
  /** The item edited, `['rules', 3]`: its issues show here, others link to their editor page. */
  editing: Path;
  /** "rule", "data element": for messages. */
  what: string;
  cancelTo: string;
  onSaved: (version: Version) => void;
  /** Starts the edit again from the newest version (after a conflict). */
  onReload: () => void;
  /** The note as typed: a note is work too (the editor asks before leaving it unsaved). */
  onNoteChange?: (note: string) => void;
  children: ReactNode;
}) {
  const [attempted, setAttempted] = useState(false);
  const [note, setNote] = useState('');
  const [focusSummary, setFocusSummary] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const save = useSaveDraft(property);
  const client = useQueryClient();
  // Checked from the first save on (parsing the whole document on every keystroke before that is wasted work).
  const issues = useMemo(() => (attempted ? validateDocument(edited) : []), [attempted, edited]);
  const serverError = save.error instanceof ApiError ? save.error : null;
  const serverIssues: Issue[] = serverError?.code === 'INVALID_PROPERTY' ? serverError.issues : [];
  const local = attempted && issues.length > 0;
  const shown = placeAll(local ? issues : serverIssues, edited, editing);
  const focusField = (useLocation().state as FocusFieldState | null)?.focusField;
  const problems = shown.length === 1 ? '1 problem' : `${shown.length} problems`;

  useEffect(() => {
    if (focusSummary) summaryRef.current?.focus();
  }, [focusSummary]);

  // Reached from another editor's issue summary: its field, once the page has focused its heading.
  useEffect(() => {
    if (!focusField) return;
    const timer = setTimeout(() => document.getElementById(focusField)?.focus());
    return () => clearTimeout(timer);
  }, [focusField]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const found = validateDocument(edited);
    if (found.length > 0) {
      setFocusSummary((n) => n + 1);
      return;
    }
    save.mutate({ document: edited, ...(note.trim() ? { note: note.trim() } : {}), baseVersion: base.version }, { onSuccess: onSaved, onError: () => setFocusSummary((n) => n + 1) });
  }

  return (
    <IssuesProvider issues={shown}>
      <form onSubmit={submit} noValidate className="editor">
        <IssueSummary
          ref={summaryRef}
          issues={shown}
          property={property}
          editing={editing}
          title={local ? `The ${what} cannot be saved: ${problems} to fix.` : `The server did not accept the ${what} (${serverError?.message ?? 'invalid'}): ${problems} to fix.`}
        />
        {children}
        <section className="save" aria-labelledby="save-heading">
          <h3 id="save-heading">Save</h3>
          <p className="hint">Saving creates a new draft version of {property} from version {base.version}; nothing changes on the site until it is published.</p>
          <div className="field">
            <label htmlFor="draft-note">Note</label>
            <p className="hint" id="draft-note-hint">
              Optional: what changed and why, for the version history.
            </p>
            <input
              id="draft-note"
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                onNoteChange?.(e.target.value);
              }}
              aria-describedby="draft-note-hint"
              autoComplete="off"
            />
          </div>
          {serverError?.code === 'VERSION_CONFLICT' ? (
            <div className="error" role="alert">
              <p>{serverError.message}</p>
              <p>
                Someone saved a newer version after version {base.version}, which this edit started from. Your changes are still in the form: note them, load the latest version and make
                them again.
              </p>
              <button
                type="button"
                className="secondary"
                onClick={async () => {
                  await client.refetchQueries({ queryKey: keys.property(property) });
                  save.reset();
                  onReload();
                }}
              >
                Load the latest version (discards your changes)
              </button>
            </div>
          ) : save.isError && serverIssues.length === 0 ? (
            <ErrorMessage error={save.error} />
          ) : null}
          <div className="actions">
            <button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save draft'}
            </button>
            <Link to={cancelTo}>Cancel</Link>
          </div>
        </section>
      </form>
    </IssuesProvider>
  );
}
