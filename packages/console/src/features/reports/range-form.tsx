import { useId, useState, type FormEvent } from 'react';
import { lastDays, PRESETS, rangeProblem, type DayRange } from './date-range';

/** The report range: two dates and the presets. Mount it with a key per range to follow the URL. */
export function RangeForm({ range, onChange }: { range: DayRange; onChange(range: DayRange): void }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<string | undefined>(() => rangeProblem(range));
  const ids = { from: useId(), to: useId(), error: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = { from, to };
    const found = rangeProblem(next);
    setProblem(found);
    if (!found) onChange(next);
  }

  const invalid = problem ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {};
  return (
    <form className="reports-range" onSubmit={submit} noValidate>
      <div className="reports-dates">
        <div>
          <label htmlFor={ids.from}>From</label>
          <input id={ids.from} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} {...invalid} />
        </div>
        <div>
          <label htmlFor={ids.to}>To</label>
          <input id={ids.to} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} {...invalid} />
        </div>
        <button type="submit">Show reports</button>
      </div>
      {problem && (
        <p className="field-error" id={ids.error} role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        {PRESETS.map((preset) => (
          <button key={preset.days} type="button" className="secondary" onClick={() => onChange(lastDays(preset.days))}>
            {preset.label}
          </button>
        ))}
      </div>
    </form>
  );
}
