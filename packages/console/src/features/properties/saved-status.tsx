import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from './paths';

/** The "Saved version 7" message an editor leaves for the page it returns to. */
export function SavedStatus({ name }: { name: string }) {
  const saved = (useLocation().state as { saved?: number } | null)?.saved;
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved !== undefined) ref.current?.focus();
  }, [saved]);
  if (saved === undefined) return null;
  return (
    <p role="status" className="success" tabIndex={-1} ref={ref}>
      Saved version {saved}. It is a draft until it is published: <Link to={paths.versions(name)}>review and publish it</Link>.
    </p>
  );
}
