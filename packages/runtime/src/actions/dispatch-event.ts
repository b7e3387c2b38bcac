import type { ActionModule } from '../core/types';

/** Dispatches a bubbling CustomEvent on the document or the first element matching `target`. */
const dispatchEvent: ActionModule = (settings, event, ctx) => {
  const raw = (settings.detail as Record<string, string>) || {};
  const detail: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) detail[key] = ctx.resolve(raw[key], event);
  const target = settings.target ? document.querySelector(settings.target as string) : document;
  if (!target) throw new Error(`no element matches ${settings.target}`);
  target.dispatchEvent(new CustomEvent(settings.eventType as string, { bubbles: true, detail }));
};
export default dispatchEvent;
