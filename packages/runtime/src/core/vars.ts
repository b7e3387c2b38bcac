import { isEmpty, readPath, toText } from './read-path';
import type { Context, DataElementConfig, RuleEvent } from './types';

/** SPEC §9: data-element circular reference depth limit. */
export const MAX_DEPTH = 10;
const TOKEN = /%([^%]+)%/g;
const WHOLE_TOKEN = /^%([^%]+)%$/;
const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Data elements and custom variables: getVar, setVar and `%Name%` token resolution. */
export function createVars(ctx: Context) {
  const custom: Record<string, unknown> = Object.create(null);
  let depth = 0;

  // Storage durations come with their own module, only in containers that use them.
  const store = ctx.config.storage ? ctx.config.storage() : () => undefined;

  const readElement = (name: string, element: DataElementConfig, event?: RuleEvent): unknown => {
    if (depth >= MAX_DEPTH) {
      ctx.log.error(`Data element circular reference stopped at depth ${MAX_DEPTH}: "${name}"`);
      return undefined;
    }
    depth++;
    let value: unknown;
    try {
      value = ctx.safe(`Data element "${name}"`, () => element.module(element.settings, ctx, event), undefined);
    } finally {
      depth--;
    }
    if (typeof value === 'string' && element.cleanText) value = value.trim().replace(/\s+/g, ' ');
    if (isEmpty(value)) value = store(element, name);
    else store(element, name, value);
    if (isEmpty(value)) value = element.default;
    if (typeof value === 'string' && element.forceLowerCase) value = value.toLowerCase();
    return value;
  };

  const getVar = (name: string, event?: RuleEvent): unknown => {
    if (name in custom) return custom[name];
    const element = own(ctx.config.dataElements, name) ? ctx.config.dataElements[name] : undefined;
    if (element) return readElement(name, element, event);
    const dot = name.indexOf('.');
    const head = name.slice(0, dot);
    if (dot > 0 && event && (head === 'event' || head === 'this')) {
      return ctx.safe(`Token %${name}%`, () => readNode(head === 'event' ? event : event.element, name.slice(dot + 1)), undefined);
    }
    return undefined;
  };

  const known = (name: string) => name in custom || own(ctx.config.dataElements, name) || /^(event|this)\./.test(name);

  const resolve = (value: unknown, event?: RuleEvent): unknown => {
    if (typeof value !== 'string' || value.indexOf('%') < 0) return value;
    const whole = WHOLE_TOKEN.exec(value);
    if (whole && known(whole[1]!)) return getVar(whole[1]!, event);
    // Unknown tokens stay as written: `%20` in a URL is not a data element. Its closing `%` may open
    // a real token (`?q=a%20b&p=%Page Name%`), so the search resumes just after the opening `%`.
    const token = new RegExp(TOKEN.source, 'g');
    let out = '';
    let from = 0;
    for (let match = token.exec(value); match; match = token.exec(value)) {
      if (!known(match[1]!)) {
        token.lastIndex = match.index + 1;
        continue;
      }
      out += value.slice(from, match.index) + toText(getVar(match[1]!, event));
      from = token.lastIndex;
    }
    return out + value.slice(from);
  };

  const setVar = (name: unknown, value?: unknown) => {
    if (typeof name === 'string') custom[name] = value;
    else if (name && typeof name === 'object') for (const key of Object.keys(name)) custom[key] = (name as Record<string, unknown>)[key];
  };

  return { getVar, setVar, resolve };
}

/** `%this.href%` reads the property, else the attribute; `%this.@text%` the element's text. */
function readNode(root: unknown, path: string): unknown {
  if (root && typeof (root as Element).getAttribute === 'function' && path.indexOf('.') < 0) {
    const element = root as Element;
    if (path === '@text') return (element.textContent || '').trim().replace(/\s+/g, ' ');
    const value = (element as unknown as Record<string, unknown>)[path];
    return value === undefined ? element.getAttribute(path) ?? undefined : value;
  }
  return readPath(root, path);
}
