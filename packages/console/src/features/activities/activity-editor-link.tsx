/** The activities list's ways into the A/B test form (activity-editor.tsx), for editors and up. */
import { Link } from 'react-router';
import { IfAllowed } from '../auth';
import { useProperties } from '../properties/api';
import { activityPaths } from './activity-form';

export function EditLink({ property, id, name }: { property: string; id: number; name: string }) {
  return (
    <IfAllowed permission="edit">
      {' '}
      <Link to={activityPaths.edit(property, id)} aria-label={`Edit ${name}`}>
        Edit
      </Link>
    </IfAllowed>
  );
}

/** A new A/B test is made inside a property: one link per property the editor may change. */
export function NewTestLinks() {
  const properties = useProperties();
  const names = properties.data?.properties.map((p) => p.name) ?? [];
  return (
    <IfAllowed permission="edit">
      {names.length === 0 ? null : (
        <ul className="actions">
          {names.map((name) => (
            <li key={name}>
              <Link to={activityPaths.create(name)}>New A/B test in {name}</Link>
            </li>
          ))}
        </ul>
      )}
    </IfAllowed>
  );
}
