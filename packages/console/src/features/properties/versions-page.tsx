import { TableWrap } from '../../components/table-wrap';
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DateTime } from '../../components/date-time';
import { ErrorMessage, Loading } from '../../components/status';
import { ENVIRONMENT_ORDER, type Deployments, type Publication, type VersionSummary } from '../../lib/types';
import { IfAllowed } from '../auth';
import { usePublications, useVersions, versionQuery } from './api';
import { DiffTable } from './diff-table';
import { diffDocuments } from './diff';
import { paths } from './paths';
import { usePropertyContext } from './property-layout';
import { PublishPanel } from './publish-panel';

/** `/properties/:name/versions`: the history, where each version runs, a diff and the publish buttons. */
export function VersionsPage() {
  const { name, detail } = usePropertyContext();
  const versions = useVersions(name);
  const publications = usePublications(name);
  const [params] = useSearchParams();
  if (versions.isPending) return <Loading label="Loading the versions" />;
  if (versions.isError) return <ErrorMessage error={versions.error} />;
  const list = versions.data.versions;
  const asked = Number(params.get('version'));
  const selected = list.find((v) => v.version === asked) ?? list[0];
  const newestPublished = Math.max(0, ...ENVIRONMENT_ORDER.map((env) => detail.environments[env]?.version ?? 0));
  return (
    <>
      <h2 id="versions-heading">Versions</h2>
      <TableWrap label="Versions">
        <table aria-labelledby="versions-heading">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Saved</th>
              <th scope="col">Note</th>
              <th scope="col">Runs on</th>
              <th scope="col">Review</th>
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={v.version} aria-current={v.version === selected?.version ? 'true' : undefined} className={v.version === selected?.version ? 'selected' : undefined}>
                <th scope="row">{v.version}</th>
                <td>
                  <DateTime iso={v.createdAt} /> by {v.createdBy}
                </td>
                <td>{v.note ?? ''}</td>
                <td>{v.environments.length ? v.environments.join(', ') : <span className="muted">{v.version > newestPublished ? 'draft' : 'not running now'}</span>}</td>
                <td>{v.version === selected?.version ? 'shown below' : <Link to={paths.versions(name, v.version)}>Review version {v.version}</Link>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {selected ? (
        <SelectedVersion property={name} version={selected} deployments={detail.environments} publications={publications.data?.publications} publicationsError={publications.error} />
      ) : null}
      <h2 id="publications-heading">Publication history</h2>
      {publications.isPending ? (
        <Loading label="Loading the publications" />
      ) : publications.isError ? (
        <ErrorMessage error={publications.error} />
      ) : publications.data.publications.length === 0 ? (
        <p>Nothing has been published yet.</p>
      ) : (
        <TableWrap label="Publications">
          <table aria-labelledby="publications-heading">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Environment</th>
                <th scope="col">Version</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {publications.data.publications.map((p) => (
                <tr key={p.id}>
                  <td>
                    <DateTime iso={p.publishedAt} />
                  </td>
                  <td>{p.environment}</td>
                  <td>{p.version}</td>
                  <td>{p.publishedBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}

function SelectedVersion({
  property,
  version,
  deployments,
  publications,
  publicationsError,
}: {
  property: string;
  version: VersionSummary;
  deployments: Deployments;
  publications: Publication[] | undefined;
  publicationsError: Error | null;
}) {
  return (
    <section aria-labelledby="selected-version">
      <h2 id="selected-version">Version {version.version}</h2>
      <p>
        Saved <DateTime iso={version.createdAt} /> by {version.createdBy}
        {version.note ? <>: “{version.note}”</> : null}. {version.environments.length ? `Runs on ${version.environments.join(', ')}.` : 'A draft: no environment runs it.'}
      </p>
      <IfAllowed permission="publish">
        <h3>Publish</h3>
        {publications ? (
          <PublishPanel property={property} version={version.version} deployments={deployments} publications={publications} />
        ) : publicationsError ? (
          <ErrorMessage error={publicationsError} />
        ) : (
          <Loading label="Loading where versions have run" />
        )}
      </IfAllowed>
      <h3>Changes against each environment</h3>
      <EnvironmentDiffs property={property} version={version.version} deployments={deployments} />
    </section>
  );
}

function EnvironmentDiffs({ property, version, deployments }: { property: string; version: number; deployments: Deployments }) {
  const wanted = [...new Set([version, ...ENVIRONMENT_ORDER.flatMap((env) => (deployments[env] ? [deployments[env].version] : []))])];
  const results = useQueries({ queries: wanted.map((v) => versionQuery(property, v)) });
  const documentOf = (v: number) => results[wanted.indexOf(v)];
  const selected = documentOf(version);
  return (
    <>
      {ENVIRONMENT_ORDER.map((env) => {
        const deployment = deployments[env];
        const heading = deployment ? `${env}: runs version ${deployment.version}` : `${env}: nothing published`;
        let body;
        if (!deployment) body = <p>Publishing version {version} here would be its first container.</p>;
        else if (deployment.version === version) body = <p>It runs this version: no changes.</p>;
        else {
          const running = documentOf(deployment.version);
          if (selected?.isPending || running?.isPending) body = <Loading label={`Comparing with version ${deployment.version}`} />;
          else if (selected?.isError || running?.isError) body = <ErrorMessage error={selected?.error ?? running?.error} />;
          else if (selected?.data && running?.data)
            body = (
              <DiffTable
                entries={diffDocuments(running.data.document, selected.data.document)}
                beforeLabel={`Version ${deployment.version} (${env})`}
                afterLabel={`Version ${version}`}
                before={running.data.document}
                after={selected.data.document}
              />
            );
        }
        return (
          <section key={env} aria-labelledby={`diff-${env}`}>
            <h4 id={`diff-${env}`} className="capitalise-first">
              {heading}
            </h4>
            {body}
          </section>
        );
      })}
    </>
  );
}
