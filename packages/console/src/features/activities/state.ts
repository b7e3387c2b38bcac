import { ENVIRONMENT_LABELS, ENVIRONMENTS, type EnvironmentName, type ListedActivity } from './types';

const names = (environments: readonly EnvironmentName[]) =>
  [...environments].sort((a, b) => ENVIRONMENTS.indexOf(a) - ENVIRONMENTS.indexOf(b)).map((e) => ENVIRONMENT_LABELS[e]).join(', ');

/** "Running in Production, Staging", "Paused in Staging", "Draft: not published". */
export function stateText(a: ListedActivity): string {
  if (a.state === 'draft') return 'Draft: not published';
  const parts: string[] = [];
  if (a.runningIn.length) parts.push(`Running in ${names(a.runningIn)}`);
  if (a.pausedIn.length) parts.push(`paused in ${names(a.pausedIn)}`);
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The environment whose results to show first: where it runs, production first; else where it is published. */
export function firstEnvironment(a: ListedActivity): EnvironmentName | undefined {
  return ENVIRONMENTS.find((e) => a.runningIn.includes(e)) ?? ENVIRONMENTS.find((e) => a.pausedIn.includes(e));
}
