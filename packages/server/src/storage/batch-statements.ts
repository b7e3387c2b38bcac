/**
 * A group commit's statements, built by Kysely once per shape. Building and compiling them was most of
 * what a small batch cost the event loop (docs/PERFORMANCE.md, "Collector"): at 1,000 hits a second a
 * batch holds a hit or two, and each paid for a few multi-row inserts and upserts built node by node.
 *
 * A batch's statements depend on its rows only through how many rows each list holds and which columns
 * they have: every value is a bound parameter. So the first batch of a shape builds its statements from
 * stand-ins, one unique text per row and column, and notes where each stand-in went among the
 * parameters; every later batch of that shape takes the same SQL and binds its own values there. A
 * build that puts a value anywhere but in a parameter (in the SQL text, or changed on the way) is found
 * when its template is made, and refused.
 */
import type { CompiledQuery } from 'kysely';

/** The rows of one statement. `kind` names everything besides the rows that the statement's text depends on. */
export interface RowList {
  kind: string;
  /** Objects of one shape: the same own keys, each defined. */
  rows: readonly object[];
}

/** The statements of some lists, in order, and what the build says of them (`meta`, the same for every batch of a shape). */
export interface Built<M> {
  queries: CompiledQuery[];
  meta: M;
}

interface Template<M> {
  columns: string[][];
  queries: Array<{ query: CompiledQuery; slots: Int32Array }>;
  meta: M;
}

/** Stand-ins start with U+0000, which no text the storage binds holds (text.ts `clean`). */
const STAND_IN = '\u0000batch-statements:';

export class BatchStatements<M> {
  private readonly templates = new Map<string, Template<M>>();

  /**
   * `build` turns lists into statements, and must bind every value as it is given. At most `limit` shapes are
   * kept (a template of 500-row statements holds tens of KB of SQL); a steady rate repeats a few of them.
   */
  constructor(
    private readonly build: (lists: readonly RowList[]) => Built<M>,
    private readonly limit = 128,
  ) {}

  /** What `build(lists)` gives, bound from the template of their shape. Lists with no rows are left out. */
  compile(lists: readonly RowList[]): Built<M> {
    const full = lists.filter((list) => list.rows.length > 0);
    let key = '';
    for (const list of full) key += `${list.kind}\u0000${list.rows.length}\u0000${Object.keys(list.rows[0]!).join(',')}\u0001`;
    let template = this.templates.get(key);
    if (!template) {
      if (this.templates.size >= this.limit) this.templates.clear();
      this.templates.set(key, (template = this.template(full)));
    }
    const values = valuesOf(full, template.columns);
    // A row whose columns differ from the first row's of its list: a shape of its own, built as it is.
    if (!values) return this.build(full);
    return {
      queries: template.queries.map(({ query, slots }) => ({ ...query, parameters: Array.from(slots, (slot, i) => (slot < 0 ? query.parameters[i] : values[slot])) })),
      meta: template.meta,
    };
  }

  private template(lists: readonly RowList[]): Template<M> {
    const columns = lists.map((list) => Object.keys(list.rows[0]!));
    let next = 0;
    const standIns = lists.map((list, l) =>
      list.rows.map(() => Object.fromEntries(columns[l]!.map((column) => [column, STAND_IN + next++]))),
    );
    const built = this.build(lists.map((list, l) => ({ kind: list.kind, rows: standIns[l]! })));
    const seen = new Uint8Array(next);
    const queries = built.queries.map((query) => {
      if (query.sql.includes(STAND_IN)) throw new Error(`batch statement ${lists.map((list) => list.kind).join(', ')}: a value went into the SQL text, not a parameter`);
      const slots = Int32Array.from(query.parameters, (parameter) => {
        if (typeof parameter !== 'string' || !parameter.startsWith(STAND_IN)) return -1;
        const slot = Number(parameter.slice(STAND_IN.length));
        seen[slot] = 1;
        return slot;
      });
      return { query, slots };
    });
    if (seen.includes(0)) throw new Error(`batch statement ${lists.map((list) => list.kind).join(', ')}: a value was not bound as it was given`);
    return { columns, queries, meta: built.meta };
  }
}

/** The lists' values, row by row in the template's column order; undefined when a row has other columns. */
function valuesOf(lists: readonly RowList[], columns: readonly string[][]): unknown[] | undefined {
  const values: unknown[] = [];
  for (let l = 0; l < lists.length; l++) {
    const names = columns[l]!;
    for (const row of lists[l]!.rows as ReadonlyArray<Record<string, unknown>>) {
      let own = 0;
      for (const name in row) if (Object.hasOwn(row, name)) own++;
      if (own !== names.length) return undefined;
      for (const name of names) {
        const value = row[name];
        // Missing, or undefined, which Kysely leaves out of a row: either would change the statement.
        if (value === undefined) return undefined;
        values.push(value);
      }
    }
  }
  return values;
}
