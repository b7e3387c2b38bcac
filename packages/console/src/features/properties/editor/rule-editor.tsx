import { ItemNotFound } from '../item-not-found';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLeaveGuard } from '../../../components/leave-guard';
import type { Version } from '../../../lib/types';
import { describeRule } from '../describe-rule';
import { clone, replaceItem, rulesOf, sameContent, setIn, type PropertyDocument, type RuleInput } from '../document';
import { paths } from '../paths';
import { ComponentList } from './component-list';
import { Datalists } from './datalists';
import { DeleteItem } from './delete-item';
import { useEditSession } from './edit-session';
import { EditorForm } from './editor-form';
import { CheckboxField, NumberField, TextField } from './fields';

const NEW_RULE: RuleInput = { name: '', events: [{ type: 'dom-ready' }], actions: [] };

/** `/properties/:name/rules/:rule/edit` and `/rules/new` (editor role and up). */
export function RuleEditorPage() {
  const ruleName = useParams().rule;
  const { name, base, session, reload } = useEditSession();
  const rules = rulesOf(base.document);
  const index = ruleName === undefined ? rules.length : rules.findIndex((r) => r.name === ruleName);
  if (index < 0)
    return <ItemNotFound kind="rule" name={ruleName} version={base.version} property={name} />;
  return <RuleEditor key={session} property={name} base={base} index={index} original={rules[index]} onReload={reload} />;
}

function RuleEditor({ property, base, index, original, onReload }: { property: string; base: Version; index: number; original: RuleInput | undefined; onReload: () => void }) {
  const navigate = useNavigate();
  const [rule, setRule] = useState<RuleInput>(() => clone(original ?? NEW_RULE));
  const [note, setNote] = useState('');
  // Leaving asks first while the rule differs from where the edit started, or a note is written.
  const leave = useLeaveGuard(!sameContent(rule, original ?? NEW_RULE) || note.trim() !== '', 'rule');
  const edited = useMemo(() => replaceItem(base.document, 'rules', index, rule), [base.document, index, rule]);
  const without = useMemo<PropertyDocument>(() => replaceItem(base.document, 'rules', index, undefined), [base.document, index]);
  const path = ['rules', index] as const;
  const update = (key: keyof RuleInput, value: unknown) => setRule((old) => setIn(old, [key], value));
  let sentence: string;
  try {
    sentence = describeRule(rule, edited);
  } catch {
    sentence = '(incomplete)';
  }
  return (
    <>
      <h2>{original ? `Edit rule ${original.name}` : 'New rule'}</h2>
      <EditorForm
        property={property}
        base={base}
        edited={edited}
        editing={path}
        what="rule"
        cancelTo={original ? paths.rule(property, original.name) : paths.rules(property)}
        onReload={onReload}
        onNoteChange={setNote}
        onSaved={(version) => {
          leave.allow();
          navigate(paths.rule(property, rule.name), { state: { saved: version.version } });
        }}
      >
        <Datalists document={base.document} />
        <p className="sentence">
          <span className="reads-label">Reads: </span>
          {sentence}
        </p>
        <TextField path={[...path, 'name']} label="Rule name" hint="Unique in the property." value={rule.name} onChange={(v) => update('name', v ?? '')} />
        <TextField path={[...path, 'description']} label="Description" optional hint="Optional: why the rule exists (cite the SPEC section)." value={rule.description} onChange={(v) => update('description', v)} />
        <NumberField path={[...path, 'order']} label="Order" min={0} max={10000} step={1} hint="Lower runs first; empty: 50." value={rule.order} onChange={(v) => update('order', v)} />
        <CheckboxField path={[...path, 'enabled']} label="Enabled" fallback hint="A disabled rule stays in the document but never runs." value={rule.enabled} onChange={(v) => update('enabled', v)} />
        <ComponentList kind="event" items={rule.events} path={[...path, 'events']} document={edited} onChange={(items) => update('events', items)} />
        <ComponentList kind="condition" items={rule.conditions ?? []} path={[...path, 'conditions']} document={edited} onChange={(items) => update('conditions', items.length ? items : undefined)} />
        <ComponentList kind="exception" items={rule.exceptions ?? []} path={[...path, 'exceptions']} document={edited} onChange={(items) => update('exceptions', items.length ? items : undefined)} />
        <ComponentList kind="action" items={rule.actions} path={[...path, 'actions']} document={edited} onChange={(items) => update('actions', items)} />
      </EditorForm>
      {original ? (
        <DeleteItem
          property={property}
          base={base}
          without={without}
          what="rule"
          name={original.name}
          onDeleted={(version) => {
            leave.allow();
            navigate(paths.rules(property), { state: { saved: version.version } });
          }}
        />
      ) : null}
      {leave.prompt}
    </>
  );
}
