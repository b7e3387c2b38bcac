import { readPath } from '../core/read-path';
import type { DataElementModule } from '../core/types';

/** SPEC §3: the analytics data layer is read under the page's `window.digitalData`. */
const dataLayer: DataElementModule = (settings) => readPath((window as unknown as { digitalData?: unknown }).digitalData, settings.path as string);
export default dataLayer;
