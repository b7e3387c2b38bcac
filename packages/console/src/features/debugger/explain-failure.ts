import type { Condition, Property, Rule } from '@tagwell/schema';

export interface FailureExplanation {
  /** "conditions[1] (path matches, negated) was false". */
  reason: string;
  /** The failing component's settings in words ("pattern ^/conditions/"), when the document has it. */
  settings?: string;
}

const TYPE_LABELS: Record<Condition['type'], string> = {
  path: 'path matches',
  host: 'host matches',
  'query-parameter': 'query parameter matches',
  cookie: 'cookie matches',
  'value-comparison': 'value comparison',
  'no-hash': 'no hash in the address',
  'custom-code': 'custom code',
};

const quote = (text: string) => JSON.stringify(text);
const regex = (pattern: string, caseInsensitive?: boolean) => `/${pattern}/${caseInsensitive ? 'i' : ''}`;

/** A condition's settings in one line, as a person would read them in the document. */
export function describeSettings(condition: Condition): string | undefined {
  switch (condition.type) {
    case 'path':
    case 'host':
      return `pattern ${regex(condition.settings.pattern, condition.settings.caseInsensitive)}`;
    case 'query-parameter':
    case 'cookie': {
      const { name, value, pattern, caseInsensitive } = condition.settings;
      const test = value !== undefined ? `equals ${quote(value)}` : pattern !== undefined ? `matches ${regex(pattern, caseInsensitive)}` : 'is present';
      return `${name} ${test}`;
    }
    case 'value-comparison': {
      const { left, operator, right, pattern, caseInsensitive } = condition.settings;
      if (operator === 'matchesRegex') return `${left} matchesRegex ${regex(pattern ?? '', caseInsensitive)}`;
      if (operator === 'isTruthy' || operator === 'isFalsy') return `${left} ${operator}`;
      return `${left} ${operator} ${quote(right ?? '')}${caseInsensitive ? ' (case-insensitive)' : ''}`;
    }
    case 'no-hash':
      return undefined;
    case 'custom-code': {
      if (condition.settings.file) return `file ${condition.settings.file}`;
      const source = (condition.settings.source ?? '').replace(/\s+/g, ' ').trim();
      return source.length > 120 ? source.slice(0, 120) + '…' : source;
    }
  }
}

export const findRule = (document: Property | undefined, name: string): Rule | undefined => document?.rules.find((r) => r.name === name);

/**
 * Why a rule did not run, from the trace's `failed` path (`conditions[1]`, `exceptions[0]`) and the
 * rule in the property document: a condition stops the rule by being false, an exception by being true.
 */
export function explainFailure(rule: Rule | undefined, failed: string, component?: string): FailureExplanation {
  const m = /^(conditions|exceptions)\[(\d+)\]$/.exec(failed);
  if (!m) return { reason: failed ? `${failed} stopped the rule` : 'the rule did not run' };
  const list = m[1] as 'conditions' | 'exceptions';
  const outcome = list === 'conditions' ? 'was false' : 'was true';
  const condition = rule?.[list][Number(m[2])];
  if (!condition) return { reason: component ? `${failed} (${component}) ${outcome}` : `${failed} ${outcome}` };
  const label = TYPE_LABELS[condition.type] + (condition.negate ? ', negated' : '');
  const settings = describeSettings(condition);
  return { reason: `${failed} (${label}) ${outcome}`, ...(settings ? { settings } : {}) };
}
