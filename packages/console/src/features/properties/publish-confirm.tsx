/**
 * Publishing to production asks first (issue 19 item 6): what changes against what production runs
 * now (the field-level diff) and a note on why, kept with the publication and in the audit log.
 */
import { useQueries } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorMessage, Loading } from '../../components/status';
import { versionQuery } from './api';
import { diffDocuments } from './diff';
import { DiffTable } from './diff-table';
import type { PublishOption } from './promotion';

export function ProductionConfirm({
  property,
  version,
  option,
  onConfirm,
  onCancel,
}: {
  property: string;
  version: number;
  option: PublishOption;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const groupRef = useRef<HTMLDivElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const running = option.current;
  const wanted = running === undefined ? [version] : [running, version];
  const results = useQueries({ queries: wanted.map((v) => versionQuery(property, v)) });
  const [before, after] = running === undefined ? [undefined, results[0]] : [results[0], results[1]];
  // The question is read first: focus goes to the group it labels.
  useEffect(() => groupRef.current?.focus(), []);
  const rollback = option.kind === 'rollback';
  const question = rollback ? `Roll back production from version ${running} to version ${version}?` : `Publish version ${version} to production?`;
  const confirmLabel = rollback ? `Yes, roll back production to version ${version}` : `Yes, publish version ${version} to production`;

  let changes;
  if (before?.isPending || after?.isPending) changes = <Loading label={`Comparing with version ${running}`} />;
  else if (before?.isError || after?.isError) changes = <ErrorMessage error={before?.error ?? after?.error ?? null} />;
  else if (running === undefined) changes = <p>Nothing runs on production yet: version {version} becomes its first container.</p>;
  else if (before?.data && after?.data)
    changes = (
      <DiffTable
        entries={diffDocuments(before.data.document, after.data.document)}
        beforeLabel={`Version ${running} (production now)`}
        afterLabel={`Version ${version}`}
        before={before.data.document}
        after={after.data.document}
      />
    );

  return (
    <div
      className="confirm production-confirm"
      role="group"
      aria-labelledby={`${id}-question`}
      tabIndex={-1}
      ref={groupRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <p id={`${id}-question`}>
        <strong>{question}</strong> Visitors get version {version}’s container from their next page.
      </p>
      <h4 id={`${id}-changes`}>{running === undefined ? 'Changes' : `What changes against version ${running}, which production runs now`}</h4>
      {changes}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!note.trim()) {
            setMissing(true);
            noteRef.current?.focus();
            return;
          }
          onConfirm(note.trim());
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-note`}>Note</label>
          <p className="hint" id={`${id}-note-hint`}>
            Why this goes to production now: kept with the publication, in the history and the audit log.
          </p>
          <textarea
            id={`${id}-note`}
            ref={noteRef}
            rows={3}
            maxLength={500}
            value={note}
            required
            aria-invalid={missing && !note.trim() ? true : undefined}
            aria-describedby={`${id}-note-hint${missing && !note.trim() ? ` ${id}-note-error` : ''}`}
            onChange={(e) => setNote(e.target.value)}
          />
          {missing && !note.trim() ? (
            <p className="field-error" id={`${id}-note-error`}>
              <span className="visually-hidden">Error:</span> Write a note before publishing to production.
            </p>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="danger">
            {confirmLabel}
          </button>
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
