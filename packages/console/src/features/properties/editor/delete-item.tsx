import { useRef, useState } from 'react';
import { Confirm } from '../../../components/confirm';
import { ErrorMessage } from '../../../components/status';
import type { Version } from '../../../lib/types';
import { useSaveDraft } from '../api';
import { validateDocument, type PropertyDocument } from '../document';
import { IssueList, placeAll } from './issues';

/** Deleting a rule or data element: a confirmed save of a draft without it (refused while something still reads it). */
export function DeleteItem({ property, base, without, what, name, onDeleted }: { property: string; base: Version; without: PropertyDocument; what: string; name: string; onDeleted: (version: Version) => void }) {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const save = useSaveDraft(property);
  const issues = asking ? placeAll(validateDocument(without), without, []) : [];
  return (
    <section className="danger-zone" aria-labelledby="delete-heading">
      <h3 id="delete-heading">Delete</h3>
      {!asking ? (
        <button type="button" className="danger" ref={trigger} onClick={() => setAsking(true)}>
          Delete {what} {name}
        </button>
      ) : issues.length > 0 ? (
        <div className="error" role="alert">
          <p>
            The {what} cannot be deleted: the property would not be valid without it.
          </p>
          <IssueList issues={issues} property={property} editing={[]} />
          <button type="button" className="secondary" onClick={() => setAsking(false)}>
            Close
          </button>
        </div>
      ) : (
        <Confirm
          confirmLabel={`Yes, delete ${what} ${name}`}
          busy={save.isPending}
          onCancel={() => {
            setAsking(false);
            save.reset();
            setTimeout(() => trigger.current?.focus());
          }}
          onConfirm={() => save.mutate({ document: without, note: `Deleted ${what} “${name}”`, baseVersion: base.version }, { onSuccess: onDeleted })}
        >
          Delete the {what} “{name}”? This saves a new draft version without it; the site keeps running the published version until a new one is published.
        </Confirm>
      )}
      {save.isError ? <ErrorMessage error={save.error} /> : null}
    </section>
  );
}
