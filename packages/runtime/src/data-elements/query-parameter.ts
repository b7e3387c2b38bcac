import { queryParam } from '../core/match';
import type { DataElementModule } from '../core/types';

/** SPEC §3: query-string parameters are read case-insensitively. */
const queryParameter: DataElementModule = (settings) => queryParam(settings.name as string);
export default queryParameter;
