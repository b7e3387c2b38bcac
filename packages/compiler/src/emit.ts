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

/**
 * The same value as `literal`, as JSON text for `JSON.parse` in the page, which costs the browser far
 * less than compiling the same object literal (docs/PERFORMANCE.md, "Start-up"). Structural keys are
 * written as the minifier renamed them (`renamed`: esbuild's mangle cache from a first build), keys
 * under UserKeys as they are. Code may only stand as a component's `module` or as `settings.fn` (custom
 * code): it is written as its index in `codes`, and `linkCodes` puts it back. Null for any other shape,
 * which only `literal` can write.
 */
export function jsonLiteral(value: unknown, renamed: Record<string, string | false>): { json: string; codes: Code[] } | null {
  const texts = jsonLiterals([value], renamed);
  return texts && { json: texts.json[0]!, codes: texts.codes };
}

/** jsonLiteral for several values that share one list of codes. */
export function jsonLiterals(values: readonly unknown[], renamed: Record<string, string | false>): { json: string[]; codes: Code[] } | null {
  const codes: Code[] = [];
  // One index per distinct code: the same module everywhere is the same number, which compresses well.
  const index = new Map<string, number>();
  let other = false;
  const plain = (v: unknown, userKeys: boolean, key?: string): unknown => {
    if (v instanceof Head) {
      // Positional: the name, then each event's module and settings (linkCodes reads them back).
      const events = v.events.flatMap((e) => {
        if (Object.keys(e).some((k) => !HEAD_EVENT_KEYS.has(k) && e[k] !== undefined)) other = true;
        return [plain(e.module, false, 'module'), e.settings === undefined ? 0 : plain(e.settings, false)];
      });
      return [v.name, ...events];
    }
    // A reviver would cost more than compiling the literal; the linking code knows where codes are.
    const codeKey = !userKeys && (key === 'module' || key === 'fn');
    if (v instanceof Code) {
      if (!codeKey) return void (other = true);
      if (!index.has(v.code)) index.set(v.code, codes.push(v) - 1);
      return index.get(v.code);
    }
    if (codeKey) other = true;
    if (v instanceof UserKeys) return plain(v.value, true);
    if (Array.isArray(v)) return v.map((x) => plain(x, false));
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const name = !userKeys && IDENTIFIER.test(k) ? renamed[k] : undefined;
      out[typeof name === 'string' ? name : k] = plain(x, false, userKeys ? undefined : k);
    }
    return out;
  };
  const json = values.map((value) => JSON.stringify(plain(value, false)));
  return other ? null : { json, codes };
}

/**
 * A waiting rule's head (packRules): written as `[name, module, settings, module, settings...]`, one pair an
 * event, rather than as objects whose keys would repeat in every rule: start-up scans and parses every head.
 */
class Head {
  constructor(
    readonly name: unknown,
    readonly events: ReadonlyArray<{ type: string; [key: string]: unknown }>,
  ) {}
}
const HEAD_EVENT_KEYS = new Set(['type', 'module', 'settings']);

/** Rule bodies a JSON text holds, as a power of 2: the first run of a rule parses its neighbours' too, about 4 KB for the health site's. */
const BODY_CHUNK_BITS = 5;
export const BODY_CHUNK = 1 << BODY_CHUNK_BITS;

interface RuleShape {
  name: unknown;
  events: ReadonlyArray<{ type: string; module?: unknown }>;
  [part: string]: unknown;
}

/**
 * `[dataElements, rules]` as JSON texts for a large container (generate.ts). A `waiting` rule (one that does not
 * run as the page loads: a click, a custom event, a direct call...; features.ts waitingRules) goes as its head, its
 * name and events as one array (Head); the rest (its conditions, exceptions and actions) waits as JSON text,
 * BODY_CHUNK bodies a text in the order of those rules, until the rule first runs (`loadBodies`): start-up parses
 * and links only what the page's load runs and what the event modules register. A rule that is an array is one
 * whose body waits; linkCodes numbers those in order. The heads of `whole` rules (features.ts lazyClickRules) wait
 * too, as the one text `lazy`, which the page parses on the rules' first event (ContainerConfig.lazyRules). `types`:
 * the event type of each code a head names, by the code's index (null for the others). Null where jsonLiteral gives null.
 */
export function packRules(
  dataElements: unknown,
  rules: readonly RuleShape[],
  renamed: Record<string, string | false>,
  waiting: ReadonlySet<RuleShape>,
  whole: ReadonlySet<RuleShape> = new Set(),
): { json: string; lazy: string | null; bodies: string[]; codes: Code[]; types: Array<string | null> } | null {
  // The bodies of the rules whose heads wait too (`whole`, features.ts lazyClickRules) come after the others': their
  // heads are numbered after every other waiting rule's, when they are parsed.
  const bodies: unknown[] = [];
  const later: unknown[] = [];
  const lazy: Head[] = [];
  const typeOf = new Map<string, string>();
  const heads = rules.flatMap((rule) => {
    if (!waiting.has(rule)) return [rule];
    const { name, events, ...body } = rule;
    for (const e of events) if (e.module instanceof Code) typeOf.set(e.module.code, e.type);
    if (whole.has(rule)) return (later.push(body), lazy.push(new Head(name, events)), []);
    bodies.push(body);
    return [new Head(name, events)];
  });
  bodies.push(...later);
  const chunks: unknown[][] = [];
  for (let i = 0; i < bodies.length; i += BODY_CHUNK) chunks.push(bodies.slice(i, i + BODY_CHUNK));
  const texts = jsonLiterals([[dataElements, heads], lazy, ...chunks], renamed);
  return (
    texts && {
      json: texts.json[0]!,
      lazy: lazy.length ? texts.json[1]! : null,
      bodies: texts.json.slice(2),
      codes: texts.codes,
      types: texts.codes.map((c) => typeOf.get(c.code) ?? null),
    }
  );
}

/**
 * Page code that puts the codes back into `[dataElements, rules]` parsed from jsonLiteral's text, and with `types`
 * (the name of packRules' types in the page) makes each waiting rule's head the rule object the runtime reads. Its
 * property names are the runtime's, so the minifier renames them as it renames the runtime's own.
 */
export const linkCodes = (packed: string, codes: string, types?: string) =>
  [
    `const tw_link = (c) => { c.module = ${codes}[c.module]; if (c.settings && c.settings.fn !== undefined) c.settings.fn = ${codes}[c.settings.fn]; };`,
    `for (const k in ${packed}[0]) tw_link(${packed}[0][k]);`,
    ...(types
      ? [
          `const tw_link_body = (r) => { for (const list of [r.conditions, r.exceptions, r.actions]) if (list) list.forEach(tw_link); };`,
          // A rule whose body waits as JSON text (packRules) is its head, and gets its place among those texts.
          `let tw_waiting = 0;`,
          `const tw_head = (h) => {`,
          `  const events = [];`,
          `  for (let i = 1; i < h.length; i += 2) events.push({ type: ${types}[h[i]], module: ${codes}[h[i]], settings: h[i + 1] || undefined });`,
          `  return { name: h[0], events, bodyIndex: tw_waiting++ };`,
          `};`,
          `${packed}[1] = ${packed}[1].map((r) => (Array.isArray(r) ? tw_head(r) : (r.events.forEach(tw_link), tw_link_body(r), r)));`,
        ]
      : [`for (const r of ${packed}[1]) for (const list of [r.events, r.conditions, r.exceptions, r.actions]) if (list) list.forEach(tw_link);`]),
  ].join('\n');

/**
 * Page code for the runtime's `loadBody` (core/rules.ts), after linkCodes with `types`: parses the text that
 * holds a rule's body (packRules) on the first run of any of its rules, links the body's codes as linkCodes does,
 * and puts it on the rule.
 */
export const loadBodies = (name: string, texts: string) =>
  [
    `const tw_parsed = [];`,
    `const ${name} = (r) => {`,
    `  const chunk = r.bodyIndex >> ${BODY_CHUNK_BITS};`,
    `  const body = (tw_parsed[chunk] || (tw_parsed[chunk] = JSON.parse(${texts}[chunk])))[r.bodyIndex & ${BODY_CHUNK - 1}];`,
    `  tw_link_body(body);`,
    `  Object.assign(r, body);`,
    `};`,
  ].join('\n');
