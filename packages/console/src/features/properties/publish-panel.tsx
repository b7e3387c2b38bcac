import { useRef, useState } from 'react';
import { Confirm } from '../../components/confirm';
import { formatBytes } from '../../components/format';
import { ErrorMessage } from '../../components/status';
import type { Deployments, EnvironmentName, Publication } from '../../lib/types';
import { usePublish } from './api';
import { publishOptions, type PublishOption } from './promotion';
import { ProductionConfirm } from './publish-confirm';

/**
 * A button per environment, in promotion order (development -> staging -> production). Publishing
 * takes a second or two while the server compiles the container; a rollback asks first, and so
 * does anything for production, with its changes and a note (ProductionConfirm).
 */
export function PublishPanel({ property, version, deployments, publications }: { property: string; version: number; deployments: Deployments; publications: readonly Publication[] }) {
  const publish = usePublish(property);
  const [confirming, setConfirming] = useState<EnvironmentName | null>(null);
  const triggers = useRef(new Map<EnvironmentName, HTMLButtonElement | null>());
  const options = publishOptions(version, deployments, publications);
  const run = (option: PublishOption, note?: string) => {
    setConfirming(null);
    publish.mutate({ environment: option.environment, version, ...(note ? { note } : {}) });
  };
  const cancel = (option: PublishOption) => {
    setConfirming(null);
    setTimeout(() => triggers.current.get(option.environment)?.focus());
  };
  const done = publish.isSuccess ? publish.data : undefined;
  const target = publish.variables;
  return (
    <>
      <ul className="publish-options">
        {options.map((option) => {
          const reasonId = `publish-reason-${option.environment}`;
          return (
            <li key={option.environment}>
              <button
                type="button"
                ref={(el) => {
                  triggers.current.set(option.environment, el);
                }}
                className={option.kind === 'rollback' ? 'secondary' : undefined}
                disabled={!option.allowed || publish.isPending}
                aria-describedby={reasonId}
                aria-expanded={option.environment === 'production' || option.kind === 'rollback' ? confirming === option.environment : undefined}
                onClick={() => (option.environment === 'production' || option.kind === 'rollback' ? setConfirming(option.environment) : run(option))}
              >
                {option.label}
              </button>
              <p className="hint" id={reasonId}>
                {option.reason ?? (option.current === undefined ? `Nothing runs on ${option.environment} yet.` : `${option.environment} runs version ${option.current} now.`)}
              </p>
              {confirming === option.environment && option.environment === 'production' ? (
                <ProductionConfirm property={property} version={version} option={option} onConfirm={(note) => run(option, note)} onCancel={() => cancel(option)} />
              ) : confirming === option.environment ? (
                <Confirm confirmLabel={`Yes, roll back ${option.environment} to version ${version}`} onConfirm={() => run(option)} onCancel={() => cancel(option)}>
                  Roll back {option.environment} from version {option.current} to version {version}? Visitors get version {version}’s container from their next page.
                </Confirm>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div role="status" aria-live="polite" className={done && target?.version === version ? 'success' : undefined}>
        {publish.isPending && target ? (
          <p className="loading">
            <span className="spinner" aria-hidden="true" /> Building and publishing version {target.version} to {target.environment}…
          </p>
        ) : done && target ? (
          <p>
            Version {done.deployment.version} now runs on {target.environment}: build <code>{done.deployment.buildId}</code>, {formatBytes(done.deployment.bytes)} ({formatBytes(done.deployment.gzipBytes)} gzipped),
            served at <a href={done.deployment.url}>{done.deployment.url}</a>.
          </p>
        ) : null}
      </div>
      {publish.isError ? <ErrorMessage error={publish.error} /> : null}
    </>
  );
}
