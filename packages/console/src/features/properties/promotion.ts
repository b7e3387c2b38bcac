/**
 * What the publish buttons offer (docs/ADMIN-API.md "Publishing"): development -> staging ->
 * production; a version reaches staging only once it has run on development, production only once
 * it has run on staging. Publishing an earlier version than an environment runs is a rollback.
 */
import { ENVIRONMENT_ORDER, type Deployments, type EnvironmentName, type Publication } from '../../lib/types';

export interface PublishOption {
  environment: EnvironmentName;
  kind: 'publish' | 'rollback';
  /** The button's name: "Publish version 7 to production", "Roll back production to version 5". */
  label: string;
  allowed: boolean;
  /** Why not, when not allowed. */
  reason?: string;
  /** The version the environment runs now. */
  current?: number;
}

export function hasRunOn(environment: EnvironmentName, version: number, deployments: Deployments, publications: readonly Publication[]): boolean {
  return deployments[environment]?.version === version || publications.some((p) => p.environment === environment && p.version === version);
}

export function publishOptions(version: number, deployments: Deployments, publications: readonly Publication[]): PublishOption[] {
  return ENVIRONMENT_ORDER.map((environment, i) => {
    const current = deployments[environment]?.version;
    const rollback = current !== undefined && version < current;
    const label = rollback ? `Roll back ${environment} to version ${version}` : `Publish version ${version} to ${environment}`;
    const option: PublishOption = { environment, kind: rollback ? 'rollback' : 'publish', label, allowed: true, current };
    const previous = ENVIRONMENT_ORDER[i - 1];
    if (current === version) return { ...option, allowed: false, reason: `Version ${version} already runs on ${environment}.` };
    if (previous && !hasRunOn(previous, version, deployments, publications))
      return { ...option, allowed: false, reason: `Version ${version} has not run on ${previous} yet: publish it to ${previous} first.` };
    return option;
  });
}
