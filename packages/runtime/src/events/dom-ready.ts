import { DOM_READY, lifecycleEvent } from '../core/lifecycle';

export default lifecycleEvent(DOM_READY);
