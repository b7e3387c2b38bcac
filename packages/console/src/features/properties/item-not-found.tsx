import { Link } from 'react-router';
import { paths } from './paths';

const KINDS = {
  rule: { title: 'Rule', list: 'All rules', to: paths.rules },
  'data element': { title: 'Data element', list: 'All data elements', to: paths.dataElements },
} as const;

/** A rule or data element the version does not have (a stale link, a rename), with the way back to the list. */
export function ItemNotFound({ kind, name, version, property }: { kind: keyof typeof KINDS; name: string | undefined; version: number; property: string }) {
  const { title, list, to } = KINDS[kind];
  return (
    <>
      <h2>{title} not found</h2>
      <p role="alert">
        Version {version} has no {kind} named “{name}”. <Link to={to(property)}>{list}</Link>
      </p>
    </>
  );
}
