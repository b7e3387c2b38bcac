import { NavLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { ErrorMessage, Loading } from '../../components/status';
import type { PropertyDetail } from '../../lib/types';
import { useProperty } from './api';
import { paths } from './paths';

export interface PropertyContext {
  name: string;
  detail: PropertyDetail;
}

/** The property's sub-pages read the loaded property from here. */
export const usePropertyContext = () => useOutletContext<PropertyContext>();

const SECTIONS = [
  { to: paths.property, label: 'Overview', end: true },
  { to: paths.rules, label: 'Rules' },
  { to: paths.dataElements, label: 'Data elements' },
  { to: paths.sdr, label: 'SDR' },
  { to: (name: string) => paths.versions(name), label: 'Versions' },
];

/** `/properties/:name/*`: the heading, the section links and the loaded latest version. */
export function PropertyLayout() {
  const name = useParams().name ?? '';
  const property = useProperty(name);
  const document = property.data?.latest.document;
  // The overview is the property's own page, under the property's heading; every other section
  // page has a heading of its own.
  const overview = /\/properties\/[^/]+\/?$/.test(useLocation().pathname);
  return (
    <>
      <h1>{name}</h1>
      {document?.title ? <p className="subtitle">{document.title}</p> : null}
      <nav aria-label="Property sections" className="tabs">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.label}>
              <NavLink to={section.to(name)} end={section.end}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* A section page: its own heading takes focus after a navigation (app/route-focus.tsx). */}
      <div data-section={overview ? undefined : ''}>
        {property.isPending ? (
          <Loading label={`Loading ${name}`} />
        ) : property.isError ? (
          <ErrorMessage error={property.error} />
        ) : (
          <Outlet context={{ name, detail: property.data } satisfies PropertyContext} />
        )}
      </div>
    </>
  );
}
