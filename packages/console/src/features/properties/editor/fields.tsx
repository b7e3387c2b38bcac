/**
 * Labelled form fields bound to a document path: each shows its hint and the schema's messages for
 * that path, and marks itself invalid for assistive technology.
 */
import { useState, type ReactNode } from 'react';
import { fieldId, pathText, type Path } from '../document';
import { FieldMessages, useIssuesAt, useIssuesBelow } from './issues';

interface Base {
  path: Path;
  label: string;
  hint?: ReactNode;
}

/** A field's ids, and the attributes that tie its control to its hint and its messages. */
function wiring(path: Path, hint: ReactNode, messages: readonly string[]) {
  const id = fieldId(pathText(path));
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = messages.length > 0;
  const describedBy = [hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, aria: { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy } };
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <p className="hint" id={id}>
      {children}
    </p>
  ) : null;
}

export function TextField({
  path,
  label,
  hint,
  value,
  onChange,
  optional = false,
  multiline = false,
  list,
  type = 'text',
}: Base & { value: string | undefined; onChange: (value: string | undefined) => void; optional?: boolean; multiline?: boolean; list?: string; type?: 'text' | 'url' }) {
  const messages = useIssuesAt(path);
  const { id, hintId, errorId, aria } = wiring(path, hint, messages);
  const common = {
    id,
    value: value ?? '',
    ...aria,
    // An emptied optional setting is left out of the document rather than saved as "".
    onChange: (e: { target: { value: string } }) => onChange(optional && e.target.value === '' ? undefined : e.target.value),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={hintId}>{hint}</Hint>
      {multiline ? <textarea rows={8} spellCheck={false} {...common} /> : <input type={type} list={list} spellCheck={false} autoComplete="off" {...common} />}
      <FieldMessages id={errorId} messages={messages} />
    </div>
  );
}

/** `fallback` is the schema's default: choosing it leaves the option out of the document. */
export function CheckboxField({ path, label, hint, value, fallback = false, onChange }: Base & { value: boolean | undefined; fallback?: boolean; onChange: (value: boolean | undefined) => void }) {
  const messages = useIssuesAt(path);
  const { id, hintId, errorId, aria } = wiring(path, hint, messages);
  return (
    <div className="field checkbox">
      <input
        type="checkbox"
        id={id}
        checked={value ?? fallback}
        onChange={(e) => onChange(e.target.checked === fallback ? undefined : e.target.checked)}
        {...aria}
      />
      <label htmlFor={id}>{label}</label>
      <Hint id={hintId}>{hint}</Hint>
      <FieldMessages id={errorId} messages={messages} />
    </div>
  );
}

export function SelectField({
  path,
  label,
  hint,
  value,
  options,
  onChange,
  unset,
}: Base & { value: string | undefined; options: ReadonlyArray<readonly [value: string, label: string]>; onChange: (value: string | undefined) => void; /** The label of "not set", when the setting is optional. */ unset?: string }) {
  const messages = useIssuesAt(path);
  const { id, hintId, errorId, aria } = wiring(path, hint, messages);
  const known = value === undefined || options.some(([v]) => v === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={hintId}>{hint}</Hint>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        {...aria}
      >
        {unset !== undefined || value === undefined ? <option value="">{unset ?? '(choose)'}</option> : null}
        {known ? null : <option value={value}>{value} (unknown)</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <FieldMessages id={errorId} messages={messages} />
    </div>
  );
}

export function NumberField({ path, label, hint, value, onChange, min, max, step }: Base & { value: number | undefined; onChange: (value: number | undefined) => void; min?: number; max?: number; step?: number | 'any' }) {
  const messages = useIssuesAt(path);
  const { id, hintId, errorId, aria } = wiring(path, hint, messages);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={hintId}>{hint}</Hint>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step ?? 'any'}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' || Number.isNaN(e.target.valueAsNumber) ? undefined : e.target.valueAsNumber)}
        {...aria}
      />
      <FieldMessages id={errorId} messages={messages} />
    </div>
  );
}

/** A list of names typed as `eVar17, eVar18` (the text is kept while typing; the list is what is saved). */
export function ListField({ path, label, hint, value, onChange }: Base & { value: string[] | undefined; onChange: (value: string[] | undefined) => void }) {
  const [text, setText] = useState(() => (value ?? []).join(', '));
  const messages = [...useIssuesAt(path), ...useIssuesBelow(path).map((i) => i.message)];
  const { id, hintId, errorId, aria } = wiring(path, hint, messages);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={hintId}>{hint}</Hint>
      <input
        id={id}
        value={text}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          const items = e.target.value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
          onChange(items.length ? items : undefined);
        }}
        {...aria}
      />
      <FieldMessages id={errorId} messages={messages} />
    </div>
  );
}

interface Row {
  key: string;
  value: string;
  id: number;
}
let nextRowId = 1;

/**
 * A string record (`variables`, `contextData`, `detail`) as rows of name and value. The rows are
 * kept here, so that a half-typed or repeated name does not lose a row.
 */
export function RecordField({
  path,
  label,
  hint,
  keyLabel,
  addLabel,
  value,
  onChange,
  keyList,
}: Base & { keyLabel: string; addLabel: string; value: Record<string, string> | undefined; onChange: (value: Record<string, string> | undefined) => void; keyList?: string }) {
  const [rows, setRows] = useState<Row[]>(() => Object.entries(value ?? {}).map(([key, v]) => ({ key, value: v, id: nextRowId++ })));
  const groupId = fieldId(pathText(path));
  const update = (next: Row[]) => {
    setRows(next);
    onChange(next.length ? Object.fromEntries(next.map((r) => [r.key, r.value])) : undefined);
  };
  const rowKeys = new Set(rows.map((r) => pathText([...path, r.key])));
  const stray = [...useIssuesAt(path).map((message) => ({ path: pathText(path), message })), ...useIssuesBelow(path, (p) => rowKeys.has(p))];
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
  return (
    <fieldset className="record" id={groupId} tabIndex={-1}>
      <legend>{label}</legend>
      {hint ? <p className="hint">{hint}</p> : null}
      <FieldMessages id={`${groupId}-error`} messages={stray.map((s) => (s.path === pathText(path) ? s.message : `${s.path}: ${s.message}`))} />
      {rows.length === 0 ? <p className="muted">None.</p> : null}
      {rows.map((row, i) => {
        const name = row.key || `${keyLabel.toLowerCase()} ${i + 1}`;
        return (
          <div className="row" key={row.id}>
            <RowInput
              path={[...path, row.key]}
              unique={(counts.get(row.key) ?? 0) === 1}
              fallbackId={`${groupId}-k${row.id}`}
              label={`${keyLabel} ${i + 1}`}
              value={row.key}
              list={keyList}
              extra={(counts.get(row.key) ?? 0) > 1 ? [`${row.key || 'An empty name'} is given more than once: only the last value is kept`] : []}
              onChange={(key) => update(rows.map((r) => (r.id === row.id ? { ...r, key } : r)))}
            />
            <div className="field">
              <label htmlFor={`${groupId}-v${row.id}`}>Value of {name}</label>
              <input id={`${groupId}-v${row.id}`} value={row.value} spellCheck={false} autoComplete="off" onChange={(e) => update(rows.map((r) => (r.id === row.id ? { ...r, value: e.target.value } : r)))} />
            </div>
            <button type="button" className="secondary" onClick={() => update(rows.filter((r) => r.id !== row.id))}>
              Remove {name}
            </button>
          </div>
        );
      })}
      <button type="button" className="secondary" onClick={() => setRows([...rows, { key: '', value: '', id: nextRowId++ }])}>
        {addLabel}
      </button>
    </fieldset>
  );
}

function RowInput({ path, unique, fallbackId, label, value, list, extra, onChange }: { path: Path; unique: boolean; fallbackId: string; label: string; value: string; list?: string; extra: string[]; onChange: (value: string) => void }) {
  const id = unique ? fieldId(pathText(path)) : fallbackId;
  const messages = [...useIssuesAt(path), ...extra];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        list={list}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={messages.length > 0 ? true : undefined}
        aria-describedby={messages.length > 0 ? `${id}-error` : undefined}
      />
      <FieldMessages id={`${id}-error`} messages={messages} />
    </div>
  );
}
