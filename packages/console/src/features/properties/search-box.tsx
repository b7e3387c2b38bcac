import { useSearchParams } from 'react-router';
import { plural } from '../../components/format';

/** A labelled search field kept in the address (`?q=`), so a filtered list can be linked to. */
export function useSearch(): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('q') ?? '';
  return [
    value,
    (next) =>
      setParams(
        (old) => {
          const copy = new URLSearchParams(old);
          if (next) copy.set('q', next);
          else copy.delete('q');
          return copy;
        },
        { replace: true },
      ),
  ];
}

export function SearchBox({ id, label, hint, value, onChange, shown, total, noun }: { id: string; label: string; hint: string; value: string; onChange: (value: string) => void; shown: number; total: number; /** Singular: `rule`. */ noun: string }) {
  return (
    <div className="search" role="search">
      <label htmlFor={id}>{label}</label>
      <p className="hint" id={`${id}-hint`}>
        {hint} Escape clears it.
      </p>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          // Escape clears the search (and nothing else: the field keeps focus).
          if (e.key === 'Escape' && value) {
            e.preventDefault();
            e.stopPropagation();
            onChange('');
          }
        }}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
      />
      <p aria-live="polite" className="count">
        {value ? `Showing ${shown} of ${plural(total, noun)}.` : `${plural(total, noun)}.`}
      </p>
    </div>
  );
}
