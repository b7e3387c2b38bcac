import { toText } from '../core/read-path';
import type { DataElementModule } from '../core/types';

/** Maps an input to an output by table; no row matched gives the element's default. */
const lookupTable: DataElementModule = (settings, ctx, event) => {
  let input = toText(ctx.resolve(settings.input, event));
  if (settings.caseInsensitive) input = input.toLowerCase();
  for (const row of settings.table as Array<{ in: string; out: string }>) {
    if ((settings.caseInsensitive ? row.in.toLowerCase() : row.in) === input) return row.out;
  }
  return undefined;
};
export default lookupTable;
