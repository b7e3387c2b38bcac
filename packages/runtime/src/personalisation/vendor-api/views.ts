import { propositionsOf } from '../render/propositions';
import { VIEW_NAME, VIEWS_DISABLED } from './messages';
import type { Target } from './target';
import { viewName } from './validate';

// triggerView (CONTRACT §5): the site's single-page views, prefetched once and rendered from the cache.

/** Views prefetched (once, by the first triggerView, unless applyOffers brought them). */
const loaded = new WeakMap<Target, Promise<unknown>>();

export function triggerView(t: Target, name: unknown, options?: { page?: unknown }): void {
  const { deps, views } = t;
  const view = viewName(name);
  if (t.refuse(!view ? VIEW_NAME : deps.viewsEnabled ? undefined : VIEWS_DISABLED, true)) return;
  let loading = loaded.get(t);
  if (!loading) {
    loading = views.size
      ? Promise.resolve()
      : deps.client.deliver({ prefetch: { views: [{}] } }).then((response) => {
          for (const p of propositionsOf(response, deps.globalLocation)) if (p.scopeType == 'view') views.set(p.scope.toLowerCase(), p);
        });
    // A failed prefetch is asked again by the next triggerView.
    loaded.set(t, loading.catch(() => loaded.delete(t)));
  }
  loading
    .then(() => {
      const decided = views.get(view!);
      if (!decided) return;
      const { scope, scopeType, options: offered, metrics, executed } = decided;
      // A fresh proposition each time: a view shown again (a single-page app coming back to it) renders again.
      // at.js: `page: false` re-renders a component: no display notification, nothing counted.
      return t.show([{ scope, scopeType, options: offered, metrics, executed }], !options || options.page !== false);
    })
    .catch((error) => deps.ctx.log.error('adobe.target.triggerView failed:', error));
}
