import type { DataElementModule } from '../core/types';

/** The content of `<meta name="...">` (or `property="..."`), matched without building a selector. */
const metaTag: DataElementModule = (settings) => {
  const wanted = (settings.name as string).toLowerCase();
  const metas = document.getElementsByTagName('meta');
  for (let i = 0; i < metas.length; i++) {
    const meta = metas[i]!;
    if ((meta.getAttribute('name') || meta.getAttribute('property') || '').toLowerCase() === wanted) return meta.getAttribute('content') ?? undefined;
  }
  return undefined;
};
export default metaTag;
