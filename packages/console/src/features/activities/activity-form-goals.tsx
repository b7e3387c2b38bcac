/**
 * What an activity measures (issue 14 item 1, SPEC §9): a page view of a path, a click on a
 * selector, an analytics event such as event15 (tool completion) or event17 (link click), or an
 * in-app message followed or dismissed (issue 16 item 2, SPEC §4).
 */
import { useState } from 'react';
import type { Path } from '../properties/document';
import { SelectField, TextField } from '../properties/editor/fields';
import { GOAL_LABELS, newGoal, type GoalInput } from './activity-form';
import { ItemList } from './activity-form-list';
import { SELECTOR_HINT } from './offer-fields';

const GOAL_TYPES = Object.keys(GOAL_LABELS) as Array<GoalInput['type']>;

export function GoalFields({ goals, path, onChange }: { goals: GoalInput[]; path: Path; onChange: (goals: GoalInput[]) => void }) {
  const [newType, setNewType] = useState<GoalInput['type']>('analytics-event');
  return (
    <ItemList
      path={path}
      title="Goals"
      noun="Goal"
      hint="What the test measures: results show the conversions of each goal per experience."
      none="No goals yet: an activity measures at least one."
      items={goals}
      min={1}
      create={() => newGoal(newType)}
      onChange={onChange}
      addControls={
        <SelectField
          path={[...path, 'new']}
          label="Type of the new goal"
          options={GOAL_TYPES.map((type) => [type, GOAL_LABELS[type]] as const)}
          value={newType}
          onChange={(type) => setNewType((type as GoalInput['type']) ?? 'analytics-event')}
        />
      }
    >
      {(goal, i, update) => <Goal goal={goal} path={[...path, i]} onChange={update} />}
    </ItemList>
  );
}

function Goal({ goal, path, onChange }: { goal: GoalInput; path: Path; onChange: (goal: GoalInput) => void }) {
  const at = (key: string) => [...path, key];
  return (
    <>
      <TextField path={at('name')} label="Goal name" hint="How the results name it." value={goal.name} onChange={(name) => onChange({ ...goal, name: name ?? '' })} />
      <SelectField
        path={at('type')}
        label="Goal type"
        options={GOAL_TYPES.map((type) => [type, GOAL_LABELS[type]] as const)}
        value={goal.type}
        onChange={(type) => type && onChange(newGoal(type as GoalInput['type'], goal.name))}
      />
      {goal.type === 'page-view' ? (
        <TextField path={at('path')} label="Page path" hint="A path starting with /, e.g. /nhs-services/gps/." value={goal.path} onChange={(v) => onChange({ ...goal, path: v ?? '' })} />
      ) : goal.type === 'click' ? (
        <TextField path={at('selector')} label="CSS selector" hint={SELECTOR_HINT} value={goal.selector} onChange={(v) => onChange({ ...goal, selector: v ?? '' })} />
      ) : goal.type === 'message' ? (
        <SelectField
          path={at('event')}
          label="Message event"
          hint="Followed: the visitor used the message's link or button. Dismissed: closed it (the close button, Escape or outside it)."
          options={[
            ['interact', 'Followed'],
            ['dismiss', 'Dismissed'],
          ]}
          value={goal.event}
          onChange={(v) => onChange({ ...goal, event: v === 'dismiss' ? 'dismiss' : 'interact' })}
        />
      ) : (
        <TextField path={at('event')} label="Analytics event" hint="event15 (tool completion), event17 (link click) or another eventN." value={goal.event} onChange={(v) => onChange({ ...goal, event: v ?? '' })} />
      )}
    </>
  );
}
