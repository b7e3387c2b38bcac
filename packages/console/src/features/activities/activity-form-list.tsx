/**
 * A list of the A/B test form (experiences, offers, goals, audience conditions): each item a group
 * with its own legend and remove button, added with a button; focus goes to the new item or to
 * the one that took a removed item's place (keyboard first, as the rule editor's lists).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { fieldId, pathText, type Path } from '../properties/document';
import { FieldMessages, useIssuesAt } from '../properties/editor/issues';

let nextKey = 1;

export function ItemList<T>({
  path,
  title,
  noun,
  hint,
  none,
  items,
  min = 0,
  heading = 'h3',
  onChange,
  create,
  addControls,
  children,
}: {
  path: Path;
  title: string;
  /** "Offer": the legend of each item is "Offer 1". */
  noun: string;
  hint?: ReactNode;
  none: string;
  items: readonly T[];
  /** The schema's minimum: the remove buttons stop there. */
  min?: number;
  heading?: 'h3' | 'h4' | 'h5';
  onChange: (items: T[]) => void;
  create: () => T;
  /** Shown before the add button (the type of the new item). */
  addControls?: ReactNode;
  children: (item: T, index: number, update: (item: T) => void, legend: string) => ReactNode;
}) {
  const [keys, setKeys] = useState<number[]>(() => items.map(() => nextKey++));
  const stableKeys = keys.length === items.length ? keys : items.map((_, i) => keys[i] ?? nextKey++);
  const focus = useRef<string | null>(null);
  const listRef = useRef<HTMLElement>(null);
  const messages = useIssuesAt(path);
  const id = fieldId(pathText(path));
  const Heading = heading;

  useEffect(() => {
    if (!focus.current) return;
    const target = listRef.current?.querySelector<HTMLElement>(`[data-focus="${focus.current}"]`);
    focus.current = null;
    target?.focus();
  });

  const remove = (i: number) => {
    const next = stableKeys[i + 1] ?? stableKeys[i - 1];
    focus.current = next === undefined ? 'add' : `${next}`;
    setKeys(stableKeys.filter((_, j) => j !== i));
    onChange(items.filter((_, j) => j !== i));
  };
  const add = () => {
    const key = nextKey++;
    focus.current = `${key}`;
    setKeys([...stableKeys, key]);
    onChange([...items, create()]);
  };

  return (
    // Focusable by id: a message about the list as a whole (`at least one goal`) links here.
    <section className="component-list" aria-labelledby={`${id}-heading`} ref={listRef} id={id} tabIndex={-1}>
      <Heading id={`${id}-heading`}>{title}</Heading>
      {hint ? <p className="hint">{hint}</p> : null}
      <FieldMessages id={`${id}-error`} messages={messages} />
      {items.length === 0 ? <p>{none}</p> : null}
      <ol className="components">
        {items.map((item, i) => {
          const legend = `${noun} ${i + 1}`;
          return (
            <li key={stableKeys[i]}>
              <fieldset className="component" data-focus={stableKeys[i]} tabIndex={-1}>
                <legend>{legend}</legend>
                {children(item, i, (next) => onChange(items.map((old, j) => (j === i ? next : old))), legend)}
                <div className="actions">
                  <button type="button" className="secondary" disabled={items.length <= min} onClick={() => remove(i)}>
                    Remove {legend.toLowerCase()}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="add-component">
        {addControls}
        <button type="button" className="secondary" data-focus="add" onClick={add}>
          Add {noun.toLowerCase()}
        </button>
      </div>
    </section>
  );
}
