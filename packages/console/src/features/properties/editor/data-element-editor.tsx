import { ItemNotFound } from '../item-not-found';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DATA_ELEMENT_TYPES } from '@tagwell/schema';
import { useLeaveGuard } from '../../../components/leave-guard';
import type { Version } from '../../../lib/types';
import { STORAGE_TEXT } from '../data-element-text';
import { clone, dataElementsOf, replaceItem, sameContent, setIn, type DataElementInput, type PropertyDocument } from '../document';
import { paths } from '../paths';
import { rulesUsing } from '../usages';
import { Datalists } from './datalists';
import { DeleteItem } from './delete-item';
import { useEditSession } from './edit-session';
import { EditorForm } from './editor-form';
import { CheckboxField, SelectField, TextField } from './fields';
import { DATA_ELEMENT_FIELDS, SettingsFields } from './settings-fields';
import { withDataElementType } from './templates';

const NEW_ELEMENT: DataElementInput = { name: '', type: 'data-layer', settings: { path: '' } };

/** `/properties/:name/data-elements/:element/edit` and `/data-elements/new` (editor role and up). */
export function DataElementEditorPage() {
  const elementName = useParams().element;
  const { name, base, session, reload } = useEditSession();
  const elements = dataElementsOf(base.document);
  const index = elementName === undefined ? elements.length : elements.findIndex((e) => e.name === elementName);
  if (index < 0)
    return <ItemNotFound kind="data element" name={elementName} version={base.version} property={name} />;
  return <DataElementEditor key={session} property={name} base={base} index={index} original={elements[index]} onReload={reload} />;
}

function DataElementEditor({ property, base, index, original, onReload }: { property: string; base: Version; index: number; original: DataElementInput | undefined; onReload: () => void }) {
  const navigate = useNavigate();
  const [element, setElement] = useState<DataElementInput>(() => clone(original ?? NEW_ELEMENT));
  const [note, setNote] = useState('');
  // Leaving asks first while the data element differs from where the edit started, or a note is written.
  const leave = useLeaveGuard(!sameContent(element, original ?? NEW_ELEMENT) || note.trim() !== '', 'data element');
  const edited = useMemo(() => replaceItem(base.document, 'dataElements', index, element), [base.document, index, element]);
  const without = useMemo<PropertyDocument>(() => replaceItem(base.document, 'dataElements', index, undefined), [base.document, index]);
  const path = ['dataElements', index] as const;
  const update = (key: string, value: unknown) => setElement((old) => setIn(old, [key], value));
  const usedBy = original ? rulesUsing(original.name, base.document) : [];
  return (
    <>
      <h2>{original ? `Edit data element ${original.name}` : 'New data element'}</h2>
      <EditorForm
        property={property}
        base={base}
        edited={edited}
        editing={path}
        what="data element"
        cancelTo={original ? paths.dataElement(property, original.name) : paths.dataElements(property)}
        onReload={onReload}
        onNoteChange={setNote}
        onSaved={(version) => {
          leave.allow();
          navigate(paths.dataElement(property, element.name), { state: { saved: version.version } });
        }}
      >
        <Datalists document={base.document} />
        <TextField
          path={[...path, 'name']}
          label="Name"
          hint={
            original && usedBy.length
              ? `Rules read it as %${original.name}%: renaming it means changing them too (${usedBy.length} rule${usedBy.length === 1 ? '' : 's'}).`
              : 'Read in rules as %Name%; must not contain %.'
          }
          value={element.name}
          onChange={(v) => update('name', v ?? '')}
        />
        <TextField path={[...path, 'description']} label="Description" optional hint="Optional." value={element.description} onChange={(v) => update('description', v)} />
        <SelectField
          path={[...path, 'type']}
          label="Type"
          hint="Where the value comes from. Changing it starts the settings afresh."
          options={DATA_ELEMENT_TYPES.map((t) => [t, t] as const)}
          value={element.type}
          onChange={(type) => type && setElement((old) => withDataElementType(old, type))}
        />
        <fieldset className="component">
          <legend>Source settings</legend>
          <SettingsFields
            key={element.type}
            specs={DATA_ELEMENT_FIELDS[element.type] ?? []}
            settings={element.settings as Record<string, unknown> | undefined}
            path={[...path, 'settings']}
            onChange={(settings) => update('settings', settings)}
          />
        </fieldset>
        <fieldset className="component">
          <legend>Options</legend>
          <CheckboxField
            path={[...path, 'hasDefault']}
            label="Use a default value"
            hint="Used when the value is undefined, null or empty."
            value={element.default !== undefined}
            onChange={(on) => update('default', on ? (element.default ?? '') : undefined)}
          />
          {element.default !== undefined ? <TextField path={[...path, 'default']} label="Default value" hint="May be empty text." value={element.default} onChange={(v) => update('default', v ?? '')} /> : null}
          <CheckboxField path={[...path, 'forceLowerCase']} label="Force lower case" value={element.forceLowerCase} onChange={(v) => update('forceLowerCase', v)} />
          <CheckboxField path={[...path, 'cleanText']} label="Clean text" hint="Trims and collapses white space." value={element.cleanText} onChange={(v) => update('cleanText', v)} />
          <SelectField
            path={[...path, 'storage']}
            label="Storage duration"
            hint="How long the last non-empty value is remembered when the source is empty."
            unset="not set"
            options={Object.entries(STORAGE_TEXT).map(([value, text]) => [value, `${value}: ${text}`] as const)}
            value={element.storage}
            onChange={(v) => update('storage', v)}
          />
        </fieldset>
      </EditorForm>
      {original ? (
        <DeleteItem
          property={property}
          base={base}
          without={without}
          what="data element"
          name={original.name}
          onDeleted={(version) => {
            leave.allow();
            navigate(paths.dataElements(property), { state: { saved: version.version } });
          }}
        />
      ) : null}
      {leave.prompt}
    </>
  );
}
