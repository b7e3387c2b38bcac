import { LIBRARY_LOADED, lifecycleEvent } from '../core/lifecycle';

export default lifecycleEvent(LIBRARY_LOADED);
