import { isEmpty, readPath, toText } from './read-path';
import type { Context, DataElementConfig, RuleEvent } from './types';

/** SPEC §9: data-element circular reference depth limit. */
export const MAX_DEPTH = 10;
const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
/** `%event.…%` and `%this.…%`: the rule's event and its element (TW_EVENT_TOKENS). */
const special = (name: string) => /^(event|this)\./.exec(name);

/** Data elements and custom variables: getVar, setVar and `%Name%` token resolution. */
export function createVars(ctx: Context) {
  const custom: Record<string, unknown> = Object.create(null);
  const elements = ctx.config.dataElements;
  // Storage durations come with their own module, only in containers that use them.
  const store = ctx.config.storage ? ctx.config.storage() : () => undefined;
  let depth = 0;

  const read = (name: string, element: DataElementConfig, event?: RuleEvent): unknown => {
    if (depth >= MAX_DEPTH) return ctx.log.error(`Data element circular reference stopped at depth ${MAX_DEPTH}: "${name}"`);
    depth++;
    let value: unknown;
    try {
      value = ctx.safe(`Data element "${name}"`, () => element.module(element.settings, ctx, event), undefined);
    } finally {
      depth--;
    }
    if (element.cleanText && typeof value == 'string') value = value.trim().replace(/\s+/g, ' ');
    value = isEmpty(value) ? store(element, name) : (store(element, name, value), value);
    if (isEmpty(value)) value = element.default;
    return element.forceLowerCase && typeof value == 'string' ? value.toLowerCase() : value;
  };

  const getVar = (name: string, event?: RuleEvent): unknown => {
    if (name in custom) return custom[name];
    if (own(elements, name)) return read(name, elements[name]!, event);
    if (TW_EVENT_TOKENS && event) {
      const head = special(name);
      if (head) return ctx.safe(`Token %${name}%`, () => readNode(head[1] == 'event' ? event : event.element, name.slice(head[0].length)), undefined);
    }
  };

  const known = (name: string) => name in custom || own(elements, name) || (TW_EVENT_TOKENS && !!special(name));

  const resolve = (value: unknown, event?: RuleEvent): unknown => {
    if (typeof value != 'string') return value;
    const parts = value.split('%');
    // A string that is one whole token keeps the value's own type.
    if (parts.length == 3 && !parts[0] && !parts[2] && known(parts[1]!)) return getVar(parts[1]!, event);
    // Unknown tokens stay as written: `%20` in a URL is not a data element, and its closing `%`
    // may open a real token (`?q=a%20b&p=%Page Name%`).
    let out = parts[0]!;
    for (let i = 1; i < parts.length; i++) {
      if (i + 1 < parts.length && known(parts[i]!)) out += toText(getVar(parts[i]!, event)) + parts[++i];
      else out += '%' + parts[i];
    }
    return out;
  };

  const setVar = (name: unknown, value?: unknown) => {
    if (typeof name == 'string') custom[name] = value;
    else if (name && typeof name == 'object') Object.assign(custom, name);
  };

  return { getVar, setVar, resolve };
}

/** `%this.href%` reads the property, else the attribute; `%this.@text%` the element's text. */
function readNode(root: unknown, path: string): unknown {
  const element = root as Element;
  if (element && element.getAttribute && path.indexOf('.') < 0) {
    if (path == '@text') return (element.textContent || '').trim().replace(/\s+/g, ' ');
    const value = (element as unknown as Record<string, unknown>)[path];
    return value === undefined ? element.getAttribute(path) ?? undefined : value;
  }
  return readPath(root, path);
}
