import { formatDateTime } from './format';

/** A machine-readable <time> that reads as `12 Nov 2026, 10:04 UTC`. */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}
