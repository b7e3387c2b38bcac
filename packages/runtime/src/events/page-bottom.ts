// Fires when the page calls _satellite.pageBottom(), else just before DOM ready.
import { PAGE_BOTTOM, lifecycleEvent } from '../core/lifecycle';

export default lifecycleEvent(PAGE_BOTTOM);
