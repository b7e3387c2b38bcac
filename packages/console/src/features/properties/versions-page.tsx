import { TableWrap } from '../../components/table-wrap';
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DateTime } from '../../components/date-time';
import { ErrorMessage, Loading } from '../../components/status';
import { ENVIRONMENT_ORDER, type Deployments, type EnvironmentName, type Publication, type VersionSummary } from '../../lib/types';
import { IfAllowed } from '../auth';
import { usePublications, useVersions, versionQuery } from './api';
import { DiffTable } from './diff-table';
import { diffDocuments } from './diff';
import { paths } from './paths';
import { usePropertyContext } from './property-layout';
import { PublishPanel } from './publish-panel';
import { versionLabel } from './version-history';

/** `/properties/:name/versions`: the history, where each version ran and when, a diff and the publish buttons. */
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
  // Labels come from the publication history; until it loads (or if it fails), where each runs now.
  const where = (v: VersionSummary): string =>
    publications.data ? versionLabel(v.version, publications.data.publications) : v.environments.length ? `runs on ${v.environments.join(', ')}` : v.version > newestPublished ? 'draft' : 'not running now';
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
              <th scope="col">Where and when</th>
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
                <td>{v.environments.length ? where(v) : <span className="muted">{where(v)}</span>}</td>
                <td>{v.version === selected?.version ? 'shown below' : <Link to={paths.versions(name, v.version)}>Review version {v.version}</Link>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {selected ? (
        <SelectedVersion property={name} version={selected} label={where(selected)} deployments={detail.environments} publications={publications.data?.publications} publicationsError={publications.error} />
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
                <th scope="col">Note</th>
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
                  <td>{p.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function SelectedVersion({
  property,
  version,
  label,
  deployments,
  publications,
  publicationsError,
}: {
  property: string;
  version: VersionSummary;
  label: string;
  deployments: Deployments;
  publications: Publication[] | undefined;
  publicationsError: Error | null;
}) {
  return (
    <section aria-labelledby="selected-version">
      <h2 id="selected-version">Version {version.version}</h2>
      <p>
        Saved <DateTime iso={version.createdAt} /> by {version.createdBy}
        {version.note ? <>: “{version.note}”</> : null}. {capitalise(label)}.
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
      <h3>Changes against what each environment runs</h3>
      <EnvironmentDiffs property={property} version={version.version} deployments={deployments} />
    </section>
  );
}

/**
 * One diff per version the environments run, naming every environment it applies to (issue 19
 * item 6): three environments on one version show its changes once.
 */
function EnvironmentDiffs({ property, version, deployments }: { property: string; version: number; deployments: Deployments }) {
  const running = new Map<number, EnvironmentName[]>();
  const same: EnvironmentName[] = [];
  const empty: EnvironmentName[] = [];
  for (const env of ENVIRONMENT_ORDER) {
    const v = deployments[env]?.version;
    if (v === undefined) empty.push(env);
    else if (v === version) same.push(env);
    else running.set(v, [...(running.get(v) ?? []), env]);
  }
  const wanted = [version, ...running.keys()];
  const results = useQueries({ queries: wanted.map((v) => versionQuery(property, v)) });
  const documentOf = (v: number) => results[wanted.indexOf(v)];
  const selected = documentOf(version);
  const names = (envs: readonly string[]) => (envs.length === 1 ? envs[0]! : `${envs.slice(0, -1).join(', ')} and ${envs[envs.length - 1]}`);
  return (
    <>
      {same.length ? <p>{capitalise(names(same))} {same.length === 1 ? 'runs' : 'run'} this version: no changes.</p> : null}
      {empty.length ? (
        <p>
          Nothing published on {names(empty)} yet: version {version} would be {empty.length === 1 ? 'its' : 'their'} first container.
        </p>
      ) : null}
      {[...running].map(([v, envs]) => {
        const other = documentOf(v);
        let body;
        if (selected?.isPending || other?.isPending) body = <Loading label={`Comparing with version ${v}`} />;
        else if (selected?.isError || other?.isError) body = <ErrorMessage error={selected?.error ?? other?.error ?? null} />;
        else if (selected?.data && other?.data)
          body = <DiffTable entries={diffDocuments(other.data.document, selected.data.document)} beforeLabel={`Version ${v} (${names(envs)})`} afterLabel={`Version ${version}`} before={other.data.document} after={selected.data.document} />;
        return (
          <section key={v} aria-labelledby={`diff-${v}`}>
            <h4 id={`diff-${v}`}>
              Against version {v}, which {names(envs)} {envs.length === 1 ? 'runs' : 'run'}
            </h4>
            {body}
          </section>
        );
      })}
    </>
  );
}
