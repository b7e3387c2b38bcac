import { WINDOW_LOADED, lifecycleEvent } from '../core/lifecycle';

export default lifecycleEvent(WINDOW_LOADED);
