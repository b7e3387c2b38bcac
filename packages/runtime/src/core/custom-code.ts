import type { RuleEvent, Settings } from './types';

type Compiled = (this: Element | undefined, event: RuleEvent | undefined) => unknown;

/** Custom code arrives compiled as a function (no eval in the page); `this` is the event's element. */
export function runCode(settings: Settings, event?: RuleEvent): unknown {
  return (settings.fn as Compiled).call(event && event.element ? event.element : undefined, event);
}
