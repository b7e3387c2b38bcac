// Test-only helpers for render/ (never imported by the runtime itself).
import { createLogger } from '../../core/logger';
import type { AutoCollect, DeliveryMetric, DeliveryOption, Proposition, RenderEnv } from '../types';

export type Clicked = Array<[scope: string, metric: string | undefined]>;

/** A render env with a real logger; clicks are recorded as [scope, metric selector]. */
export function makeEnv(partial: Partial<RenderEnv> = {}): RenderEnv & { clicked: Clicked; messages(): string[] } {
  const log = createLogger();
  const clicked: Clicked = [];
  return {
    log,
    autoCollect: 'always' as AutoCollect,
    onClick: (proposition, metric) => void clicked.push([proposition.scope, metric?.selector]),
    selectorTimeout: 5000,
    clicked,
    messages: () => log.history.map(([, message]) => message),
    ...partial,
  };
}

export const actions = (...content: unknown[]): DeliveryOption => ({ type: 'actions', content });

export const proposition = (options: DeliveryOption[], extra: Partial<Proposition> = {}): Proposition => ({
  scope: 'target-global-mbox',
  scopeType: 'page',
  options,
  metrics: [] as DeliveryMetric[],
  executed: true,
  ...extra,
});

export const $ = (selector: string) => document.querySelector(selector) as HTMLElement;

export const click = (selector: string) => $(selector).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
