/**
 * `/activities/property/:name/new` and `/activities/property/:name/:activity/edit` (editor role and up): an A/B
 * test as a form, never raw JSON (issue 14 item 4). It saves a draft of the whole property through
 * the rule and data element editors' frame (EditorForm: the compiler's validation, the issue
 * summary, the save), and asks before it is left with unsaved changes.
 */
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLeaveGuard } from '../../components/leave-guard';
import type { Version } from '../../lib/types';
import { clone, sameContent, setIn } from '../properties/document';
import { useEditSession } from '../properties/editor/edit-session';
import { EditorForm } from '../properties/editor/editor-form';
import { SelectField, TextField } from '../properties/editor/fields';
import { activitiesOf, activityPaths, newActivity, withActivity, type ActivityInput, type PersonalisationInput } from './activity-form';
import { AudienceFields } from './activity-form-audience';
import { ExperienceFields } from './activity-form-experiences';
import { GoalFields } from './activity-form-goals';

export function ActivityEditorPage() {
  const param = useParams().activity;
  const { name, base, session, reload } = useEditSession();
  const activities = activitiesOf(base.document);
  const index = param === undefined ? activities.length : activities.findIndex((a) => String(a.id) === param);
  if (index < 0)
    return (
      <>
        <h2>Activity not found</h2>
        <p role="alert">
          Version {base.version} has no activity with id {param}. <Link to={activityPaths.list()}>All activities</Link>
        </p>
      </>
    );
  return <ActivityEditor key={session} property={name} base={base} index={index} original={activities[index]} onReload={reload} />;
}

type Setup = Pick<PersonalisationInput, 'client' | 'organizationId'>;

function ActivityEditor({ property, base, index, original, onReload }: { property: string; base: Version; index: number; original: ActivityInput | undefined; onReload: () => void }) {
  const navigate = useNavigate();
  const start = useMemo(() => original ?? newActivity(base.document), [original, base.document]);
  const [activity, setActivity] = useState<ActivityInput>(() => clone(start));
  const [setup, setSetup] = useState<Setup>({ client: '', organizationId: '' });
  const [note, setNote] = useState('');
  const leave = useLeaveGuard(!sameContent(activity, start) || note.trim() !== '', 'activity');
  const edited = useMemo(() => withActivity(base.document, index, activity, setup), [base.document, index, activity, setup]);
  const path = ['personalisation', 'activities', index] as const;
  const update = (key: keyof ActivityInput, value: unknown) => setActivity((old) => setIn(old, [key], value));
  const isView = activity.location.type === 'view';

  if (activity.type !== 'ab')
    return (
      <>
        <h2>{activity.name}</h2>
        <p role="alert">This form edits A/B tests; “{activity.name}” is an experience targeting activity, which it cannot edit yet.</p>
      </>
    );

  return (
    <>
      <h2>{original ? `Edit A/B test ${original.name}` : 'New A/B test'}</h2>
      <EditorForm
        property={property}
        base={base}
        edited={edited}
        editing={path}
        what="A/B test"
        cancelTo={activityPaths.list()}
        onReload={onReload}
        onNoteChange={setNote}
        onSaved={(version) => {
          leave.allow();
          navigate(activityPaths.list(), { state: { saved: version.version } });
        }}
      >
        {base.document.personalisation ? null : (
          <section aria-labelledby="setup-heading">
            <h3 id="setup-heading">Decision service</h3>
            <p className="hint">The property has no activities yet: say which client code and organisation the decision service answers to (CONTRACT §5).</p>
            <TextField path={['personalisation', 'client']} label="Client code" hint="Lower-case, such as health." value={setup.client} onChange={(client) => setSetup((s) => ({ ...s, client: client ?? '' }))} />
            <TextField path={['personalisation', 'organizationId']} label="Organisation id" hint="Such as 0123456789ABCDEF@AdobeOrg." value={setup.organizationId} onChange={(id) => setSetup((s) => ({ ...s, organizationId: id ?? '' }))} />
          </section>
        )}
        <TextField path={[...path, 'name']} label="Test name" hint="Unique in the property; results are listed by it." value={activity.name} onChange={(v) => update('name', v ?? '')} />
        <SelectField
          path={[...path, 'state']}
          label="State"
          hint="A paused test stays in the property but no visitor is put in it."
          options={[
            ['active', 'Active'],
            ['paused', 'Paused'],
          ]}
          value={activity.state ?? 'active'}
          onChange={(v) => update('state', v === 'paused' ? 'paused' : undefined)}
        />
        <section aria-labelledby="location-heading">
          <h3 id="location-heading">Location</h3>
          <p className="hint">Where the test decides: a named location (mbox) such as target-global-mbox, or a single-page view (views are lower-cased).</p>
          <SelectField
            path={[...path, 'location', 'type']}
            label="Location type"
            options={[
              ['mbox', 'Named location (mbox)'],
              ['view', 'View'],
            ]}
            value={activity.location.type}
            onChange={(type) => update('location', type === 'view' ? { type: 'view', name: activity.location.name.toLowerCase() } : { type: 'mbox', name: activity.location.name })}
          />
          <TextField
            path={[...path, 'location', 'name']}
            label={isView ? 'View name' : 'Location name'}
            hint={isView ? 'Lower-cased as typed (SPEC §5).' : 'Letters, digits, _, ., : and -, matched as written.'}
            value={activity.location.name}
            onChange={(v) => update('location', { ...activity.location, name: isView ? (v ?? '').toLowerCase() : (v ?? '') })}
          />
        </section>
        <AudienceFields audience={activity.audience} path={[...path, 'audience']} document={edited} onChange={(audience) => update('audience', audience)} />
        <ExperienceFields experiences={activity.experiences} path={[...path, 'experiences']} viewOnly={isView} document={edited} onChange={(experiences) => update('experiences', experiences)} />
        <GoalFields goals={activity.goals} path={[...path, 'goals']} onChange={(goals) => update('goals', goals)} />
      </EditorForm>
      {leave.prompt}
    </>
  );
}
