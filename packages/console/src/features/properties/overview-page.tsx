import { TableWrap } from '../../components/table-wrap';
import { Link } from 'react-router';
import { DateTime } from '../../components/date-time';
import { formatBytes, plural } from '../../components/format';
import { ENVIRONMENT_ORDER } from '../../lib/types';
import { dataElementsOf, rulesOf } from './document';
import { paths } from './paths';
import { usePropertyContext } from './property-layout';

/** `/properties/:name`: the latest version and what each environment runs. */
export function OverviewPage() {
  const { detail, name } = usePropertyContext();
  const { latest, environments } = detail;
  const running = ENVIRONMENT_ORDER.filter((env) => environments[env]?.version === latest.version);
  return (
    <>
      <h2>Latest version</h2>
      <p>
        Version {latest.version}, saved <DateTime iso={latest.createdAt} /> by {latest.createdBy}
        {latest.note ? <>: “{latest.note}”</> : null}.{' '}
        {running.length ? `It runs on ${running.join(', ')}.` : 'It is a draft: no environment runs it yet.'}{' '}
        <Link to={paths.versions(name)}>Review and publish versions</Link>
      </p>
      <p>
        It has <Link to={paths.rules(name)}>{plural(rulesOf(latest.document).length, 'rule')}</Link> and{' '}
        <Link to={paths.dataElements(name)}>{plural(dataElementsOf(latest.document).length, 'data element')}</Link>.
      </p>
      <h2>Environments</h2>
      <TableWrap label="What each environment runs">
        <table>
          <thead>
            <tr>
              <th scope="col">Environment</th>
              <th scope="col">Version</th>
              <th scope="col">Published</th>
              <th scope="col">Build</th>
              <th scope="col">Size</th>
              <th scope="col">Container</th>
            </tr>
          </thead>
          <tbody>
            {ENVIRONMENT_ORDER.map((env) => {
              const deployment = environments[env];
              return (
                <tr key={env}>
                  <th scope="row">{env}</th>
                  {deployment ? (
                    <>
                      <td>{deployment.version}</td>
                      <td>
                        <DateTime iso={deployment.publishedAt} /> by {deployment.publishedBy}
                      </td>
                      <td>
                        <code>{deployment.buildId}</code>
                      </td>
                      <td>
                        {formatBytes(deployment.bytes)} ({formatBytes(deployment.gzipBytes)} gzipped)
                      </td>
                      <td>
                        <a href={deployment.url}>
                          <code>{deployment.url}</code>
                        </a>
                      </td>
                    </>
                  ) : (
                    <td colSpan={5}>Nothing published yet</td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}
