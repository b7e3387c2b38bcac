import { scrubText } from '../privacy/scrub-text';
import type { DataElementConfig, DataElementStore } from './types';

const PREFIX = 'tw.de.';

/**
 * Remembers a data element's last non-empty value for its storage duration: the page view
 * (memory), the session (sessionStorage) or the visitor (localStorage). The compiler includes
 * this module only when some data element asks for storage. What goes to the browser's storage has
 * been through the privacy guard's text rules (SPEC §5): it outlives the page, and no hit may carry it.
 */
export function createStore(): DataElementStore {
  const pageview: Record<string, unknown> = Object.create(null);
  return (element: DataElementConfig, name: string, value?: unknown): unknown => {
    const storage = element.storage;
    if (!storage || storage === 'none') return undefined;
    if (storage === 'pageview') return value === undefined ? pageview[name] : (pageview[name] = value);
    try {
      const area = storage === 'session' ? sessionStorage : localStorage;
      if (value === undefined) {
        const saved = area.getItem(PREFIX + name);
        return saved === null ? undefined : JSON.parse(saved);
      }
      area.setItem(PREFIX + name, scrubText(JSON.stringify(value)));
    } catch {
      // Blocked storage or an unserialisable value: the element simply is not remembered.
    }
    return undefined;
  };
}
export default createStore;
