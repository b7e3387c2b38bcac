import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its box on narrow screens (360 px). Focusable and named,
 * so a keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
