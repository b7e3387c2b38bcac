/**
 * Who an activity is for (issue 14 item 1): conditions on what the container knows (host, path,
 * query parameter, data element value, new or repeat visitor, event history), all or any of them.
 */
import { Fragment, useState } from 'react';
import { EVENT_HISTORY_DAYS } from '@tagwell/schema';
import { dataElementsOf, type Path, type PropertyDocument } from '../properties/document';
import { CheckboxField, ListField, NumberField, SelectField, TextField } from '../properties/editor/fields';
import { CONDITION_LABELS, newCondition, type AudienceInput, type ConditionInput } from './activity-form';
import { ItemList } from './activity-form-list';

const CONDITION_TYPES = Object.keys(CONDITION_LABELS) as Array<ConditionInput['type']>;
const lower = (value: string | undefined) => value?.toLowerCase();

export function AudienceFields({ audience, path, document, onChange }: { audience: AudienceInput | undefined; path: Path; document: PropertyDocument; onChange: (audience: AudienceInput | undefined) => void }) {
  const [newType, setNewType] = useState<ConditionInput['type']>('path');
  const conditions = audience?.conditions ?? [];
  // No conditions and the default match: the audience is left out (every visitor).
  const set = (next: AudienceInput) => onChange((next.conditions?.length ?? 0) === 0 && (next.match ?? 'all') === 'all' ? undefined : next);
  return (
    <section className="audience" aria-labelledby="audience-heading">
      <h3 id="audience-heading">Audience</h3>
      <p className="hint">Who takes part. Text is compared lower-cased; no conditions: every visitor.</p>
      <SelectField
        path={[...path, 'match']}
        label="Visitors who match"
        options={[
          ['all', 'All of the conditions'],
          ['any', 'Any of the conditions'],
        ]}
        value={audience?.match ?? 'all'}
        onChange={(match) => set({ ...audience, match: match === 'any' ? 'any' : undefined })}
      />
      <ItemList
        path={[...path, 'conditions']}
        title="Conditions"
        heading="h4"
        noun="Condition"
        none="No conditions: every visitor."
        items={conditions}
        create={() => newCondition(newType)}
        onChange={(items) => set({ ...audience, conditions: items.length ? items : undefined })}
        addControls={
          <SelectField
            path={[...path, 'new-condition']}
            label="Type of the new condition"
            options={CONDITION_TYPES.map((type) => [type, CONDITION_LABELS[type]] as const)}
            value={newType}
            onChange={(type) => setNewType((type as ConditionInput['type']) ?? 'path')}
          />
        }
      >
        {(condition, i, update) => <ConditionFields condition={condition} path={[...path, 'conditions', i]} document={document} onChange={update} />}
      </ItemList>
    </section>
  );
}

/** One condition's fields; `types` are those the condition may become (a rule set's, an audience's). */
export function ConditionFields({
  condition,
  path,
  document,
  onChange,
  types = CONDITION_TYPES,
}: {
  condition: ConditionInput;
  path: Path;
  document: PropertyDocument;
  onChange: (condition: ConditionInput) => void;
  types?: ReadonlyArray<ConditionInput['type']>;
}) {
  const at = (key: string) => [...path, key];
  const typeField = (
    <SelectField
      path={at('type')}
      label="Condition on"
      options={types.map((type) => [type, CONDITION_LABELS[type]] as const)}
      value={condition.type}
      onChange={(type) => type && onChange({ ...newCondition(type as ConditionInput['type']), ...(condition.negate ? { negate: true } : {}) })}
    />
  );
  const negate = (
    <CheckboxField
      path={at('negate')}
      label="Exclude visitors who match"
      hint="The visitor takes part when this condition does not hold."
      value={condition.negate}
      onChange={(v) => onChange({ ...condition, negate: v })}
    />
  );
  const fields = (() => {
    switch (condition.type) {
      case 'host':
        return <ListField path={at('values')} label="Host names" hint="Without the port, separated by commas, e.g. www.health.localhost." value={condition.values} onChange={(v) => onChange({ ...condition, values: (v ?? []).map((h) => h.toLowerCase()) })} />;
      case 'path':
        return (
          <>
            <SelectField
              path={at('operator')}
              label="Path"
              options={[
                ['startsWith', 'starts with'],
                ['equals', 'equals'],
                ['contains', 'contains'],
              ]}
              value={condition.operator ?? 'startsWith'}
              onChange={(v) => onChange({ ...condition, operator: v as 'equals' | 'startsWith' | 'contains' })}
            />
            <ListField path={at('values')} label="Paths" hint="Separated by commas, e.g. /conditions/, /vaccinations/." value={condition.values} onChange={(v) => onChange({ ...condition, values: v ?? [] })} />
          </>
        );
      case 'query':
      case 'data-element': {
        const operators = condition.type === 'query' ? (['exists', 'equals'] as const) : (['equals', 'contains', 'exists'] as const);
        const operator = condition.operator ?? (condition.type === 'query' ? 'exists' : 'equals');
        const elements = dataElementsOf(document).map((e) => [e.name, e.name] as const);
        return (
          <>
            {condition.type === 'query' ? (
              <TextField path={at('name')} label="Query parameter" hint="Read case-insensitively, e.g. utm_campaign." value={condition.name} onChange={(v) => onChange({ ...condition, name: lower(v) ?? '' })} />
            ) : (
              <SelectField path={at('name')} label="Data element" options={elements} value={condition.name || undefined} onChange={(v) => onChange({ ...condition, name: v ?? '' })} />
            )}
            <SelectField
              path={at('operator')}
              label="Test"
              options={operators.map((op) => [op, op === 'exists' ? 'has a value' : op] as const)}
              value={operator}
              onChange={(v) => {
                const { value: _old, ...rest } = condition;
                onChange((v === 'exists' ? { ...rest, operator: v } : { ...rest, operator: v, value: condition.value ?? '' }) as ConditionInput);
              }}
            />
            {operator === 'exists' ? null : <TextField path={at('value')} label="Value" hint="Compared lower-cased." value={condition.value} onChange={(v) => onChange({ ...condition, value: lower(v) ?? '' })} />}
          </>
        );
      }
      case 'visitor':
        return (
          <SelectField
            path={at('is')}
            label="Visitor"
            hint="A repeat visitor has been on the site before, more than 30 minutes ago."
            options={[
              ['new', 'New visitor'],
              ['repeat', 'Repeat visitor'],
            ]}
            value={condition.is}
            onChange={(v) => onChange({ ...condition, is: v === 'repeat' ? 'repeat' : 'new' })}
          />
        );
      case 'event-history':
        return (
          <>
            <TextField path={at('event')} label="Event" hint="An analytics event such as event15, or a custom event name." value={condition.event} onChange={(v) => onChange({ ...condition, event: v ?? '' })} />
            <NumberField path={at('atLeast')} label="At least this many times" min={1} step={1} value={condition.atLeast ?? 1} onChange={(v) => onChange({ ...condition, atLeast: v })} />
            <NumberField path={at('withinDays')} label="Within days" min={1} max={EVENT_HISTORY_DAYS} step={1} hint={`At most ${EVENT_HISTORY_DAYS}: history is kept ${EVENT_HISTORY_DAYS} days.`} value={condition.withinDays ?? EVENT_HISTORY_DAYS} onChange={(v) => onChange({ ...condition, withinDays: v })} />
          </>
        );
    }
  })();
  return (
    <>
      {typeField}
      {/* Keyed by type: a new type starts its fields (and the kept text of its lists) afresh. */}
      <Fragment key={condition.type}>{fields}</Fragment>
      {negate}
    </>
  );
}
