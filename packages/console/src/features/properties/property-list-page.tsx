import { TableWrap } from '../../components/table-wrap';
import { Link } from 'react-router';
import { DateTime } from '../../components/date-time';
import { ErrorMessage, Loading } from '../../components/status';
import { ENVIRONMENT_ORDER, type Deployment } from '../../lib/types';
import { useProperties } from './api';
import { paths } from './paths';

/** What an environment runs: `version 6`, when and by whom. */
export function DeploymentCell({ deployment }: { deployment: Deployment | undefined }) {
  if (!deployment) return <span className="muted">nothing published</span>;
  return (
    <>
      version {deployment.version}
      <br />
      <span className="muted">
        <DateTime iso={deployment.publishedAt} /> by {deployment.publishedBy}
      </span>
    </>
  );
}

export function PropertyListPage() {
  const properties = useProperties();
  return (
    <>
      <h1>Properties</h1>
      {properties.isPending ? (
        <Loading label="Loading the properties" />
      ) : properties.isError ? (
        <ErrorMessage error={properties.error} />
      ) : properties.data.properties.length === 0 ? (
        <p>There are no properties yet. The server imports each properties/&lt;name&gt;/property.json when it starts.</p>
      ) : (
        <TableWrap label="Properties">
          <table>
            <caption className="visually-hidden">Each property, its latest version and what each environment runs</caption>
            <thead>
              <tr>
                <th scope="col">Property</th>
                <th scope="col">Latest version</th>
                {ENVIRONMENT_ORDER.map((env) => (
                  <th scope="col" key={env} className="capitalise">
                    {env}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {properties.data.properties.map((property) => (
                <tr key={property.name}>
                  <th scope="row">
                    <Link to={paths.property(property.name)}>{property.name}</Link>
                  </th>
                  <td>{property.latestVersion}</td>
                  {ENVIRONMENT_ORDER.map((env) => (
                    <td key={env}>
                      <DeploymentCell deployment={property.environments[env]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}
