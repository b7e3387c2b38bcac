import { parse } from 'css-what';

// CSS selectors in the document (click, custom-event and element-exists events, the
// dispatch-event target) are checked here, at validation, so a selector the browser cannot
// parse never reaches a container: `querySelector` would throw in the page and the rule would
// stop without a word. The page's runtime does not parse selectors itself.
//
// Two passes: a scan of the text that finds what the browser refuses and says where
// (positions count from 1), then css-what for what the scan does not look into (attribute
// bodies). Pseudo-classes are checked against those the browser knows; vendor-prefixed ones
// (`:-webkit-autofill`) are let through.

const PSEUDO_CLASSES = new Set([
  'active', 'any-link', 'autofill', 'buffering', 'checked', 'default', 'defined', 'disabled', 'empty', 'enabled',
  'first-child', 'first-of-type', 'focus', 'focus-visible', 'focus-within', 'fullscreen', 'future', 'hover',
  'in-range', 'indeterminate', 'invalid', 'last-child', 'last-of-type', 'link', 'modal', 'muted', 'only-child',
  'only-of-type', 'open', 'optional', 'out-of-range', 'past', 'paused', 'picture-in-picture', 'placeholder-shown',
  'playing', 'popover-open', 'read-only', 'read-write', 'required', 'root', 'scope', 'seeking', 'stalled', 'target',
  'user-invalid', 'user-valid', 'valid', 'visited', 'volume-locked', 'host',
]);
/** Pseudo-classes that take an argument; `host` may take one or not. */
const FUNCTIONAL = new Set(['not', 'is', 'where', 'has', 'nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type', 'lang', 'dir', 'host', 'host-context', 'state']);
/** Functional pseudo-classes whose argument is a selector list. */
const SELECTOR_ARGUMENT = new Set(['not', 'is', 'where', 'has', 'host', 'host-context']);
const NTH = new Set(['nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type']);
/** Pseudo-elements the browser still takes with one colon. */
const LEGACY_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter']);
const AN_PLUS_B = /^\s*(?:even|odd|[+-]?\d*n(?:\s*[+-]\s*\d+)?|[+-]?\d+)(?:\s+of\s+\S[\s\S]*)?\s*$/i;

const IDENT = String.raw`-?(?:[A-Za-z_\u0080-\uffff-]|\\[\s\S])(?:[\w\u0080-\uffff-]|\\[\s\S])*`;
const STRING = String.raw`"(?:[^"\\\n]|\\[\s\S])*"|'(?:[^'\\\n]|\\[\s\S])*'`;
/** The inside of `[...]`: an optional namespace, a name, and an operator, value and case flag. */
const ATTRIBUTE = new RegExp(String.raw`^\s*(?:(?:${IDENT}|\*)?\|)?${IDENT}\s*(?:[~|^$*]?=\s*(?:${STRING}|${IDENT})\s*(?:[iIsS]\s*)?)?$`);
const NAME_CHAR = /[\w\u0080-\uffff-]/;
const COMBINATOR = new Set(['>', '+', '~']);
/** Characters a selector may hold outside strings, attribute brackets and arguments, besides names. */
const SELECTOR_PUNCTUATION = new Set(['.', '#', ':', '[', ']', '(', ')', ',', '>', '+', '~', '*', '|', '\\', '/']);

type Open = { char: '[' | '('; at: number; pseudo?: string };

const at = (i: number) => `at position ${i + 1}`;
const quoted = (c: string) => JSON.stringify(c);

/** What the browser finds wrong with the selector, or undefined when it is valid. */
export function selectorProblem(selector: string): string | undefined {
  if (selector.trim() === '') return 'must not be empty';
  const problem = scan(selector) ?? parserProblem(selector);
  return problem === undefined ? undefined : `not a valid CSS selector: ${problem}`;
}

function startsName(s: string, i: number): boolean {
  const c = s[i] ?? '';
  if (c === '\\') return true;
  if (c === '-') return /[A-Za-z_\u0080-\uffff\\-]/.test(s[i + 1] ?? '');
  return /[A-Za-z_\u0080-\uffff]/.test(c);
}

function scan(s: string): string | undefined {
  const stack: Open[] = [];
  // Per selector list (the document's, or a selector argument's): where the current selector
  // started and the last significant character in it.
  let last: { char: string; at: number } | undefined;
  const context = (): 'selector' | 'attribute' | 'argument' => {
    const top = stack[stack.length - 1];
    if (!top) return 'selector';
    if (top.char === '[') return 'attribute';
    return top.pseudo !== undefined && SELECTOR_ARGUMENT.has(top.pseudo) ? 'selector' : 'argument';
  };
  /** At a comma, a closing parenthesis or the end: the selector that ends there must be whole. */
  const endSelector = (i: number): string | undefined => {
    if (!last) return i >= s.length ? 'the selector list ends with an empty selector' : `empty selector ${at(i)}`;
    if (COMBINATOR.has(last.char)) return `the combinator ${quoted(last.char)} ${at(last.at)} has nothing after it`;
    return undefined;
  };
  const lastStack: Array<typeof last> = [];

  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const where = context();
    if (c === '\\') {
      if (i + 1 >= s.length) return `the escape "\\" ${at(i)} has nothing after it`;
      if (where === 'selector') last = { char: 'a', at: i };
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      if (where === 'selector') return `unexpected ${quoted(c)} ${at(i)}`;
      let j = i + 1;
      while (j < s.length && s[j] !== c && s[j] !== '\n') j += s[j] === '\\' ? 2 : 1;
      if (j >= s.length || s[j] !== c) return `missing ${c} to close the string ${at(i)}`;
      i = j;
      continue;
    }
    if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      if (end < 0) return `missing "*/" to close the comment ${at(i)}`;
      i = end + 1;
      continue;
    }
    if (c === ']' || c === ')') {
      const top = stack[stack.length - 1];
      const opener = c === ']' ? '[' : '(';
      if (!top) return `unexpected ${quoted(c)} ${at(i)}: nothing to close`;
      if (top.char !== opener) return missing(top);
      if (where === 'selector' && c === ')') {
        const problem = endSelector(i);
        if (problem) return problem;
      }
      if (top.pseudo !== undefined && NTH.has(top.pseudo) && !AN_PLUS_B.test(s.slice(top.at + 1, i)))
        return `":${top.pseudo}" ${at(top.at - top.pseudo.length - 1)} needs an argument like 2n+1, odd or even`;
      if (c === ']' && !ATTRIBUTE.test(s.slice(top.at + 1, i)))
        return `the attribute ${at(top.at)} must be a name, or a name, an operator (=, ~=, |=, ^=, $=, *=) and a value`;
      stack.pop();
      if (top.pseudo !== undefined && SELECTOR_ARGUMENT.has(top.pseudo)) last = lastStack.pop();
      if (context() === 'selector') last = { char: c, at: i };
      continue;
    }
    if (c === '[' || c === '(') {
      if (where === 'attribute') return `unexpected ${quoted(c)} ${at(i)} inside the attribute ${at(stack[stack.length - 1]!.at)}`;
      if (c === '[') {
        stack.push({ char: '[', at: i });
        continue;
      }
      if (where === 'argument') {
        stack.push({ char: '(', at: i });
        continue;
      }
      const pseudo = /::?((?:[\w\u0080-\uffff-])+)$/.exec(s.slice(0, i))?.[1]?.toLowerCase();
      if (pseudo === undefined) return `unexpected "(" ${at(i)}: only a pseudo-class takes an argument`;
      stack.push({ char: '(', at: i, pseudo });
      if (SELECTOR_ARGUMENT.has(pseudo)) {
        lastStack.push(last);
        last = undefined;
      }
      continue;
    }
    if (where !== 'selector') continue;

    if (/\s/.test(c)) continue;
    if (c === ',') {
      const problem = endSelector(i);
      if (problem) return problem;
      last = undefined;
      continue;
    }
    if (COMBINATOR.has(c)) {
      const relative = stack[stack.length - 1]?.pseudo === 'has';
      if (!last && !relative) return `the selector starts with the combinator ${quoted(c)} ${at(i)}`;
      if (last && COMBINATOR.has(last.char)) return `two combinators in a row ${at(last.at)} and ${at(i)}`;
      last = { char: c, at: i };
      continue;
    }
    if (c === '.' || c === '#') {
      if (!startsName(s, i + 1)) return `${quoted(c)} ${at(i)} must be followed by ${c === '.' ? 'a class name' : 'an id'}`;
      last = { char: c, at: i };
      continue;
    }
    if (c === ':') {
      const element = s[i + 1] === ':';
      const start = i + (element ? 2 : 1);
      let end = start;
      while (end < s.length && NAME_CHAR.test(s[end]!)) end++;
      const name = s.slice(start, end).toLowerCase();
      const written = s.slice(i, end);
      if (!startsName(s, start)) return `${quoted(element ? '::' : ':')} ${at(i)} must be followed by a ${element ? 'pseudo-element' : 'pseudo-class'} name`;
      if (element || LEGACY_PSEUDO_ELEMENTS.has(name)) return `the pseudo-element ${quoted(written)} ${at(i)} never matches an element`;
      if (!name.startsWith('-webkit-') && !name.startsWith('-moz-')) {
        if (!PSEUDO_CLASSES.has(name) && !FUNCTIONAL.has(name)) return `unknown pseudo-class ${quoted(written)} ${at(i)}`;
        const call = s[end] === '(';
        if (call && !FUNCTIONAL.has(name)) return `${quoted(written)} ${at(i)} takes no argument`;
        if (!call && !PSEUDO_CLASSES.has(name)) return `${quoted(written)} ${at(i)} needs an argument in parentheses`;
      }
      last = { char: 'a', at: i };
      i = end - 1;
      continue;
    }
    if (/[0-9]/.test(c) && !NAME_CHAR.test(s[i - 1] ?? ' ')) return `an element name cannot start with a digit ${at(i)}`;
    if (NAME_CHAR.test(c) || SELECTOR_PUNCTUATION.has(c)) {
      last = { char: c, at: i };
      continue;
    }
    return `unexpected ${quoted(c)} ${at(i)}`;
  }
  const open = stack[stack.length - 1];
  if (open) return missing(open);
  return endSelector(s.length);
}

function missing(open: Open): string {
  return open.char === '['
    ? `missing "]" to close the attribute ${at(open.at)}`
    : `missing ")" to close the parenthesis ${at(open.at)}`;
}

/** css-what's verdict, for what the scan does not check (the inside of attribute brackets). */
function parserProblem(selector: string): string | undefined {
  try {
    parse(selector.replace(/\/\*[\s\S]*?\*\//g, ' '));
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // These two carry the rest of the selector from where it stopped: that gives the position.
    const rest = /^(?:Unmatched selector|Expected name, found): ([\s\S]*)$/.exec(message);
    if (rest) {
      const i = selector.length - rest[1]!.length;
      return i < selector.length ? `unexpected ${quoted(selector[i]!)} ${at(i)}` : 'a name is missing at the end';
    }
    const reasons: Record<string, string> = {
      'Expected `=`': 'an attribute needs "=" (or ~=, |=, ^=, $=, *=) between its name and value',
      "Attribute value didn't end": 'an attribute value is not closed',
      "Attribute selector didn't terminate": 'an attribute is missing its "]"',
      'Empty sub-selector': 'an empty selector in the list',
      'Did not expect successive traversals.': 'two combinators in a row',
      'Parenthesis not matched': 'a parenthesis is not matched',
    };
    return reasons[message] ?? message.charAt(0).toLowerCase() + message.slice(1);
  }
}
