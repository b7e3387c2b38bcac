import type { ActionModule } from '../core/types';
import { hitOf } from './shared/tracker';

interface EventSetting {
  name: string;
  value?: string;
  id?: string;
}

/**
 * Settings arrive with variables already mapped to query keys by the compiler (`prop1` -> `c1`). They are
 * set for the hit of the rule's event occurrence: a hit another rule of it sends, or none.
 */
const setVariables: ActionModule = (settings, event, ctx) => {
  const tracker = hitOf(ctx, event);
  const resolve = (value: unknown) => ctx.resolve(value, event);
  for (const [key, value] of (settings.vars as Array<[string, string]>) || []) tracker.set(key, resolve(value));
  for (const e of (settings.events as EventSetting[]) || []) tracker.addEvent(e.name, resolve(e.value), resolve(e.id));
  const context = (settings.contextData as Record<string, string>) || {};
  for (const key of Object.keys(context)) tracker.setContextData(key, resolve(context[key]));
  if (settings.linkTrackVars) tracker.setLinkTrackVars(settings.linkTrackVars as string[]);
  if (settings.linkTrackEvents) tracker.setLinkTrackEvents(settings.linkTrackEvents as string[]);
};
export default setVariables;
