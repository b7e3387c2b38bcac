/**
 * A rule's events, conditions, exceptions or actions: each a group of labelled fields, added,
 * removed and moved with buttons (keyboard first; focus follows the moved component).
 */
import { useEffect, useRef, useState } from 'react';
import { ACTION_TYPES, CONDITION_TYPES, EVENT_TYPES } from '@tagwell/schema';
import { describeAction, describeCondition, describeEvent } from '../describe-rule';
import { fieldId, pathText, type ActionInput, type ConditionInput, type EventInput, type Path, type PropertyDocument } from '../document';
import { CheckboxField, SelectField } from './fields';
import { FieldMessages, useIssuesAt } from './issues';
import { ACTION_FIELDS, CONDITION_FIELDS, EVENT_FIELDS, SendBeaconFields, SettingsFields } from './settings-fields';
import { newComponent, type ComponentKind } from './templates';

type Component = EventInput | ConditionInput | ActionInput;

const TEXT: Record<ComponentKind, { title: string; noun: string; hint: string; none: string; types: readonly string[] }> = {
  event: { title: 'Events', noun: 'event', hint: 'Any one of them runs the rule.', none: 'No events yet: a rule needs at least one.', types: EVENT_TYPES },
  condition: { title: 'Conditions', noun: 'condition', hint: 'All of them must hold.', none: 'No conditions: the rule runs on every event.', types: CONDITION_TYPES },
  exception: { title: 'Exceptions', noun: 'exception', hint: 'The rule does not run when any of them holds.', none: 'No exceptions.', types: CONDITION_TYPES },
  action: { title: 'Actions', noun: 'action', hint: 'They run in order; one that fails stops the rule.', none: 'No actions yet: a rule needs at least one.', types: ACTION_TYPES },
};

let nextKey = 1;

export function ComponentList({ kind, items, path, document, onChange }: { kind: ComponentKind; items: Component[]; path: Path; document: PropertyDocument; onChange: (items: Component[]) => void }) {
  const text = TEXT[kind];
  const [keys, setKeys] = useState<number[]>(() => items.map(() => nextKey++));
  const stableKeys = keys.length === items.length ? keys : items.map((_, i) => keys[i] ?? nextKey++);
  const [newType, setNewType] = useState(text.types[0] ?? '');
  const focus = useRef<string | null>(null);
  const listRef = useRef<HTMLElement>(null);
  const messages = useIssuesAt(path);
  const headingId = `${fieldId(pathText(path))}-heading`;

  useEffect(() => {
    if (!focus.current) return;
    const [wanted, ...fallbacks] = focus.current.split('|');
    focus.current = null;
    for (const target of [wanted, ...fallbacks]) {
      const element = listRef.current?.querySelector<HTMLElement>(`[data-focus="${target}"]`);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        return;
      }
    }
  });

  const move = (i: number, delta: -1 | 1) => {
    const j = i + delta;
    const nextItems = [...items];
    const nextKeys = [...stableKeys];
    [nextItems[i], nextItems[j]] = [nextItems[j]!, nextItems[i]!];
    [nextKeys[i], nextKeys[j]] = [nextKeys[j]!, nextKeys[i]!];
    const key = stableKeys[i]!;
    focus.current = `${key}-${delta < 0 ? 'up' : 'down'}|${key}-${delta < 0 ? 'down' : 'up'}`;
    setKeys(nextKeys);
    onChange(nextItems);
  };
  const remove = (i: number) => {
    const next = stableKeys[i + 1] ?? stableKeys[i - 1];
    focus.current = next === undefined ? 'add-type' : `${next}-remove|add-type`;
    setKeys(stableKeys.filter((_, j) => j !== i));
    onChange(items.filter((_, j) => j !== i));
  };
  const add = () => {
    const key = nextKey++;
    focus.current = `${key}-type`;
    setKeys([...stableKeys, key]);
    onChange([...items, newComponent(kind, newType)]);
  };

  return (
    // Focusable by id: the issue summary's link for the list as a whole (`a rule needs at least one event`).
    <section className="component-list" aria-labelledby={headingId} ref={listRef} id={fieldId(pathText(path))} tabIndex={-1}>
      <h3 id={headingId}>{text.title}</h3>
      <p className="hint">{text.hint}</p>
      <FieldMessages id={`${headingId}-error`} messages={messages} />
      {items.length === 0 ? <p>{text.none}</p> : null}
      <ol className="components">
        {items.map((item, i) => (
          <li key={stableKeys[i]}>
            <ComponentEditor
              kind={kind}
              focusKey={stableKeys[i]!}
              item={item}
              index={i}
              count={items.length}
              path={[...path, i]}
              document={document}
              onChange={(next) => onChange(items.map((c, j) => (j === i ? next : c)))}
              onMove={(delta) => move(i, delta)}
              onRemove={() => remove(i)}
            />
          </li>
        ))}
      </ol>
      <div className="add-component">
        <SelectField path={[...path, 'new']} label={`Type of the new ${text.noun}`} options={text.types.map((t) => [t, t] as const)} value={newType} onChange={(v) => setNewType(v ?? text.types[0] ?? '')} />
        <button type="button" className="secondary" data-focus="add-type" onClick={add}>
          Add {text.noun}
        </button>
      </div>
    </section>
  );
}

function ComponentEditor({
  kind,
  focusKey,
  item,
  index,
  count,
  path,
  document,
  onChange,
  onMove,
  onRemove,
}: {
  kind: ComponentKind;
  focusKey: number;
  item: Component;
  index: number;
  count: number;
  path: Path;
  document: PropertyDocument;
  onChange: (item: Component) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const text = TEXT[kind];
  const name = `${text.noun} ${index + 1}`;
  const settings = item.settings as Record<string, unknown> | undefined;
  const settingsPath = [...path, 'settings'];
  const messages = [...useIssuesAt(path), ...useIssuesAt(settingsPath)];
  const isCondition = kind === 'condition' || kind === 'exception';
  const setSettings = (next: Record<string, unknown> | undefined) => {
    const copy: Record<string, unknown> = { ...item };
    if (next === undefined) delete copy.settings;
    else copy.settings = next;
    onChange(copy as Component);
  };
  const specs = kind === 'event' ? EVENT_FIELDS[item.type] : kind === 'action' ? ACTION_FIELDS[item.type] : CONDITION_FIELDS[item.type];
  return (
    <fieldset className="component">
      <legend>{name.charAt(0).toUpperCase() + name.slice(1)}</legend>
      <FieldMessages id={`${fieldId(pathText(path))}-error`} messages={messages} />
      <TypeSelect
        path={[...path, 'type']}
        focusKey={focusKey}
        types={text.types}
        value={item.type}
        onChange={(type) => {
          const next = newComponent(kind, type) as Component & { negate?: boolean };
          if (isCondition && (item as ConditionInput).negate) next.negate = true;
          onChange(next);
        }}
      />
      {isCondition ? (
        <CheckboxField
          path={[...path, 'negate']}
          label="Negate"
          hint="The condition holds when this does not match."
          value={(item as ConditionInput).negate}
          onChange={(negate) => {
            const copy: Record<string, unknown> = { ...item };
            if (negate === undefined) delete copy.negate;
            else copy.negate = negate;
            onChange(copy as Component);
          }}
        />
      ) : null}
      {item.type === 'send-beacon' ? (
        <SendBeaconFields settings={settings} path={settingsPath} onChange={setSettings} />
      ) : specs ? (
        // Keyed by type: a new type starts its fields (and their kept rows) afresh.
        <SettingsFields key={item.type} specs={specs} settings={settings} path={settingsPath} onChange={setSettings} />
      ) : null}
      <p className="reads">
        <span className="reads-label">Reads: </span>
        {readComponent(kind, item, document)}
      </p>
      <div className="actions">
        <button type="button" className="secondary" data-focus={`${focusKey}-up`} disabled={index === 0} onClick={() => onMove(-1)}>
          Move {name} up
        </button>
        <button type="button" className="secondary" data-focus={`${focusKey}-down`} disabled={index === count - 1} onClick={() => onMove(1)}>
          Move {name} down
        </button>
        <button type="button" className="secondary" data-focus={`${focusKey}-remove`} onClick={onRemove}>
          Remove {name}
        </button>
      </div>
    </fieldset>
  );
}

function TypeSelect({ path, focusKey, types, value, onChange }: { path: Path; focusKey: number; types: readonly string[]; value: string; onChange: (type: string) => void }) {
  const id = fieldId(pathText(path));
  const messages = useIssuesAt(path);
  return (
    <div className="field">
      <label htmlFor={id}>Type</label>
      <select id={id} data-focus={`${focusKey}-type`} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={messages.length > 0 ? true : undefined} aria-describedby={messages.length ? `${id}-error` : undefined}>
        {types.includes(value) ? null : <option value={value}>{value} (unknown)</option>}
        {types.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <FieldMessages id={`${id}-error`} messages={messages} />
    </div>
  );
}

function readComponent(kind: ComponentKind, item: Component, document: PropertyDocument): string {
  try {
    if (kind === 'event') return describeEvent(item as EventInput, document);
    if (kind === 'action') return describeAction(item as ActionInput, document);
    return describeCondition(item as ConditionInput, document);
  } catch {
    // A half-filled component (a missing setting) cannot be read yet.
    return '(incomplete)';
  }
}
