import type { Proposition, RenderEnv } from '../types';

/** What one rendered proposition reports clicks on. */
type Tracked = [proposition: Proposition, rendered: Element[], clickTracked: Element[], env: RenderEnv];

const tracked: Tracked[] = [];
/** The data attributes that decorate an element for `decoratedElementsOnly` (the vendor's names, so offers built for it keep working). */
const DECORATED = '[data-aep-click-label],[data-aep-click-token]';

/**
 * Reports a click to every rendered proposition it concerns, once each (SPEC §4, §5):
 * - the answer's click metrics (trackClick actions and the activity's click goals) and the elements
 *   of trackClick actions are reported in every mode: they are the activity's own measurement, and
 *   `never` (Target's default, SPEC §5) turns off only the automatic collection, as Target does;
 * - `always` adds any click inside content the proposition rendered;
 * - `decoratedElementsOnly` adds clicks inside rendered content on an element decorated with a
 *   click label or token attribute.
 */
function onClick(event: Event) {
  const target = event.target as Element;
  for (const [proposition, rendered, clickTracked, env] of tracked) {
    try {
      const inside = (elements: Element[]) => elements.find((el) => el.contains(target));
      const within = inside(rendered);
      // Quoted: the compiler shortens the runtime's own `selector` property, not the wire's (internal-properties.ts).
      const metric = proposition.metrics.find((m) => m.type == 'click' && m['selector'] && target.closest(m['selector']));
      const auto = env.autoCollect;
      if (metric || inside(clickTracked) || (within && (auto == 'always' || (auto == 'decoratedElementsOnly' && within.contains(target.closest(DECORATED))))))
        env.onClick(proposition, metric);
    } catch {
      // A metric selector the browser cannot parse, or a failing callback: the next proposition still counts.
    }
  }
}

/** Reports clicks on a rendered proposition's content from now on; one capturing, passive listener serves all. */
export function trackClicks(proposition: Proposition, rendered: Element[], clickTracked: Element[], env: RenderEnv) {
  if (!tracked.length) document.addEventListener('click', onClick, { capture: true, passive: true });
  tracked.push([proposition, rendered, clickTracked, env]);
}
