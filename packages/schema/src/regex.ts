// Regular expressions in the document (path, host, query-parameter, cookie and value-comparison
// patterns, the identity's path exclusions) are compiled by the JavaScript engine at
// validation. Its SyntaxError gives the reason but no position; a scan of the pattern finds the
// place the reason speaks of (positions count from 1). Where the scan cannot tell, the message
// gives the reason only.

/** The engine's reason the pattern does not compile, with its position where it can be found; undefined when it compiles. */
export function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    const reason = engineReason(pattern, error instanceof Error ? error.message : String(error));
    const position = positionOf(reason, scanPattern(pattern), pattern);
    return position === undefined
      ? `invalid regular expression: ${reason}`
      : `invalid regular expression at position ${position + 1}: ${reason}`;
  }
}

export function isValidRegex(pattern: string): boolean {
  return regexProblem(pattern) === undefined;
}

/** `Invalid regular expression: /a[/: Unterminated character class` -> `unterminated character class`. */
function engineReason(pattern: string, message: string): string {
  const echoed = `Invalid regular expression: /${pattern}/`;
  let reason = message;
  if (message.startsWith(echoed)) reason = message.slice(echoed.length).replace(/^[a-z]*: /, '');
  else reason = message.replace(/^Invalid regular expression:\s*/i, '');
  return reason.charAt(0).toLowerCase() + reason.slice(1);
}

/** Places in a pattern where the engine's usual complaints arise (indexes from 0). */
interface Found {
  openClass?: number;
  openGroup?: number;
  unmatchedClose?: number;
  nothingToRepeat?: number;
  trailingEscape?: number;
  braceOrder?: number;
  rangeOrder?: number;
  badGroup?: number;
  badName?: number;
  duplicateName?: number;
  badReference?: number;
}

function positionOf(reason: string, found: Found, pattern: string): number | undefined {
  const r = reason.toLowerCase();
  if (/character class|missing terminating \]/.test(r) && /unterminated|missing|unclosed/.test(r)) return found.openClass;
  if (/range out of order|invalid range/.test(r)) return found.rangeOrder;
  if (/unmatched '?\)|unbalanced parenthes|unmatched parenthes/.test(r)) return found.unmatchedClose;
  if (/unterminated group|missing \)|unclosed group|unterminated parenthe/.test(r)) return found.openGroup;
  if (/nothing to repeat/.test(r)) return found.nothingToRepeat;
  if (/\\ at end of pattern|trailing \\|escape at end/.test(r)) return found.trailingEscape ?? (pattern.endsWith('\\') ? pattern.length - 1 : undefined);
  if (/out of order in \{\}|numbers out of order/.test(r)) return found.braceOrder;
  if (/duplicate capture group name/.test(r)) return found.duplicateName;
  if (/invalid capture group name/.test(r)) return found.badName;
  if (/invalid group|invalid regexp group/.test(r)) return found.badGroup;
  if (/^invalid quantifier/.test(r)) return found.nothingToRepeat;
  if (/invalid named (capture )?reference/.test(r)) return found.badReference;
  return undefined;
}

const NAME = /^[$_\p{ID_Start}][$\u200c\u200d\p{ID_Continue}]*$/u;

/** The value of a class atom at `i` (undefined for \d, \w, \s and the like), and where it ends. */
function classAtom(p: string, i: number): { value: number | undefined; end: number } {
  if (p[i] !== '\\') return { value: p.codePointAt(i), end: i + 1 };
  const e = p[i + 1] ?? '';
  const hex = e === 'x' ? /^[0-9a-f]{2}/i.exec(p.slice(i + 2)) : e === 'u' ? /^[0-9a-f]{4}/i.exec(p.slice(i + 2)) : null;
  if (hex) return { value: parseInt(hex[0], 16), end: i + 2 + hex[0].length };
  if (/[dDwWsS]/.test(e)) return { value: undefined, end: i + 2 };
  const controls: Record<string, number> = { n: 10, t: 9, r: 13, f: 12, v: 11, b: 8, '0': 0 };
  return { value: controls[e] ?? e.codePointAt(0), end: i + 2 };
}

/** Reads a pattern as the engine does without flags (Annex B), noting the first place of each kind of problem. */
function scanPattern(p: string): Found {
  const found: Found = {};
  const groups: Array<{ at: number; lookbehind: boolean }> = [];
  const names = new Set<string>();
  const references: Array<{ name: string; at: number }> = [];
  let canRepeat = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '\\') {
      if (i + 1 >= p.length) {
        found.trailingEscape ??= i;
        break;
      }
      canRepeat = p[i + 1] !== 'b' && p[i + 1] !== 'B';
      const reference = p[i + 1] === 'k' ? /^<([^>]*)>/.exec(p.slice(i + 2)) : null;
      if (reference) references.push({ name: reference[1]!, at: i });
      i++;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      if (p[j] === '^') j++;
      let closed = false;
      while (j < p.length) {
        if (p[j] === ']') {
          closed = true;
          break;
        }
        const from = classAtom(p, j);
        if (p[from.end] === '-' && from.end + 1 < p.length && p[from.end + 1] !== ']') {
          const to = classAtom(p, from.end + 1);
          if (from.value !== undefined && to.value !== undefined && from.value > to.value) found.rangeOrder ??= j;
          j = to.end;
        } else j = from.end;
      }
      if (!closed) {
        found.openClass ??= i;
        break;
      }
      i = j;
      canRepeat = true;
      continue;
    }
    if (c === '(') {
      const start = i;
      let lookbehind = false;
      if (p[i + 1] === '?') {
        const rest = p.slice(i + 2);
        const named = /^<([^>=!]*)>/.exec(rest);
        if (/^[:=!]/.test(rest)) i += 2;
        else if (/^<[=!]/.test(rest)) {
          lookbehind = true;
          i += 3;
        } else if (named) {
          if (!NAME.test(named[1]!)) found.badName ??= i;
          else if (names.has(named[1]!)) found.duplicateName ??= i;
          names.add(named[1]!);
          groups.push({ at: i, lookbehind });
          i += 1 + named[0].length;
          canRepeat = false;
          continue;
        } else {
          if (rest.startsWith('<')) found.badName ??= i;
          found.badGroup ??= i;
          i += 1;
        }
        groups.push({ at: start, lookbehind });
      } else groups.push({ at: i, lookbehind });
      canRepeat = false;
      continue;
    }
    if (c === ')') {
      const group = groups.pop();
      if (!group) found.unmatchedClose ??= i;
      canRepeat = group !== undefined && !group.lookbehind;
      continue;
    }
    if (c === '|' || c === '^' || c === '$') {
      canRepeat = false;
      continue;
    }
    if (c === '*' || c === '+' || c === '?') {
      if (!canRepeat) found.nothingToRepeat ??= i;
      if (p[i + 1] === '?') i++;
      canRepeat = false;
      continue;
    }
    if (c === '{') {
      const braces = /^\{(\d+)(?:,(\d*))?\}/.exec(p.slice(i));
      if (braces) {
        if (!canRepeat) found.nothingToRepeat ??= i;
        else if (braces[2] !== undefined && braces[2] !== '' && Number(braces[2]) < Number(braces[1])) found.braceOrder ??= i;
        i += braces[0].length - 1;
        if (p[i + 1] === '?') i++;
        canRepeat = false;
        continue;
      }
    }
    canRepeat = true;
  }
  if (groups.length > 0) found.openGroup = groups[groups.length - 1]!.at;
  found.badReference = references.find((r) => !names.has(r.name))?.at;
  return found;
}
