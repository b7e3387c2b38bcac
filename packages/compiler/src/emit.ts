/** JavaScript source to be emitted as it is, not as a JSON value (module references, compiled custom code). */
export class Code {
  constructor(readonly code: string) {}
}

/**
 * An object whose keys are the author's own (data element names, context-data keys): they are
 * emitted quoted, so the minifier's property mangling never touches them.
 */
export class UserKeys {
  constructor(readonly value: Record<string, unknown>) {}
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A JavaScript literal for plain data with embedded Code. Structural keys are written bare, so
 * they are mangled together with the runtime's own accesses; keys under UserKeys stay quoted. Key order is kept and undefined
 * properties are left out, as JSON.stringify does, so the output depends only on the value.
 */
export function literal(value: unknown, indent = '', quoteKeys = false): string {
  if (value instanceof Code) return value.code;
  if (value instanceof UserKeys) return literal(value.value, indent, true);
  const key = (k: string) => (!quoteKeys && IDENTIFIER.test(k) ? k : JSON.stringify(k));
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => !isComposite(v))) return `[${value.map((v) => literal(v)).join(', ')}]`;
    return `[\n${value.map((v) => inner + literal(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    if (entries.every(([, v]) => !isComposite(v))) return `{ ${entries.map(([k, v]) => `${key(k)}: ${literal(v)}`).join(', ')} }`;
    return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${literal(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`cannot emit ${typeof value} as a literal`);
  return json;
}

const isComposite = (v: unknown) => v instanceof Code || (v !== null && typeof v === 'object');
