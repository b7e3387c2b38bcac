import type { ConditionModule } from '../core/types';

/** SPEC §4: page tracking skips addresses that contain a hash. */
const noHash: ConditionModule = () => location.href.indexOf('#') < 0;
export default noHash;
