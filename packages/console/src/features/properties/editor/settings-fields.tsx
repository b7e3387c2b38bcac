/**
 * The settings of each component type (packages/schema/src/components.ts) as labelled fields, one
 * table of field specs per type; docs/PROPERTY.md says what each setting does.
 */
import type { ReactNode } from 'react';
import { fieldId, pathText, setIn, type Path } from '../document';
import { CheckboxField, ListField, NumberField, RecordField, SelectField, TextField } from './fields';
import { useIssuesAt } from './issues';

type Settings = Record<string, unknown> | undefined;

export type FieldSpec =
  | { kind: 'text'; key: string; label: string; hint?: string; optional?: boolean; multiline?: boolean; list?: 'data-elements' | 'variables' | 'events' }
  | { kind: 'checkbox'; key: string; label: string; hint?: string; fallback?: boolean }
  | { kind: 'select'; key: string; label: string; hint?: string; options: ReadonlyArray<readonly [string, string]>; unset?: string }
  | { kind: 'number'; key: string; label: string; hint?: string; min?: number; max?: number }
  | { kind: 'list'; key: string; label: string; hint?: string }
  | { kind: 'record'; key: string; label: string; hint?: string; keyLabel: string; addLabel: string; keyList?: 'variables' }
  | { kind: 'analytics-events' }
  | { kind: 'lookup-rows' }
  | { kind: 'code' };

const TOKENS_HINT = 'Text; %Data Element Name% tokens are replaced by their values.';
const REGEX_HINT = 'A regular expression, e.g. ^/conditions/';
const SELECTOR_HINT = 'A CSS selector, e.g. a[href], .nhsuk-card__link';
const ignoreCase: FieldSpec = { kind: 'checkbox', key: 'caseInsensitive', label: 'Ignore case' };

export const EVENT_FIELDS: Record<string, FieldSpec[]> = {
  'library-loaded': [],
  'page-bottom': [],
  'dom-ready': [],
  'window-loaded': [],
  'data-element-change': [{ kind: 'text', key: 'name', label: 'Data element', hint: 'The rule runs when this data element’s value changes (checked every second).', list: 'data-elements' }],
  click: [
    { kind: 'text', key: 'selector', label: 'CSS selector', hint: SELECTOR_HINT },
    { kind: 'checkbox', key: 'anchorDelay', label: 'Wait 100 ms before following a link', fallback: true, hint: 'So that the hit leaves before a same-window link opens.' },
  ],
  'custom-event': [
    { kind: 'text', key: 'eventType', label: 'Event type', hint: 'The DOM event’s type, e.g. cookie-consent-changed.' },
    { kind: 'text', key: 'selector', label: 'CSS selector', optional: true, hint: 'Optional: only events from elements that match.' },
  ],
  'direct-call': [{ kind: 'text', key: 'id', label: 'Direct call ID', hint: 'The page calls _satellite.track(id).' }],
  'element-exists': [{ kind: 'text', key: 'selector', label: 'CSS selector', hint: 'Checked at start, on DOM ready and every 3 seconds; once per element.' }],
};

const matchValue = (name: string): FieldSpec[] => [
  { kind: 'text', key: 'name', label: name },
  { kind: 'text', key: 'value', label: 'Value', optional: true, hint: 'Optional: the exact value. Leave this and the pattern empty to test that it is present.' },
  { kind: 'text', key: 'pattern', label: 'Value pattern', optional: true, hint: 'Optional: a regular expression the value must match.' },
  ignoreCase,
];

export const OPERATORS = [
  ['equals', 'equals'],
  ['contains', 'contains'],
  ['startsWith', 'starts with'],
  ['endsWith', 'ends with'],
  ['matchesRegex', 'matches the pattern'],
  ['lessThan', 'is less than'],
  ['lessThanOrEqual', 'is at most'],
  ['greaterThan', 'is greater than'],
  ['greaterThanOrEqual', 'is at least'],
  ['isTruthy', 'has a value'],
  ['isFalsy', 'has no value'],
] as const;

export const CONDITION_FIELDS: Record<string, FieldSpec[]> = {
  path: [{ kind: 'text', key: 'pattern', label: 'Path pattern', hint: REGEX_HINT }, ignoreCase],
  host: [{ kind: 'text', key: 'pattern', label: 'Host pattern', hint: 'A regular expression, e.g. ^www\\.health\\.localhost$' }, ignoreCase],
  'query-parameter': matchValue('Parameter name'),
  cookie: matchValue('Cookie name'),
  'value-comparison': [
    { kind: 'text', key: 'left', label: 'Value', hint: 'Usually one data element, e.g. %Consent Statistics%.' },
    { kind: 'select', key: 'operator', label: 'Operator', options: OPERATORS },
    { kind: 'text', key: 'right', label: 'Compare with', optional: true, hint: 'Needed by every operator except “matches the pattern”, “has a value” and “has no value”.' },
    { kind: 'text', key: 'pattern', label: 'Pattern', optional: true, hint: 'Needed by “matches the pattern”: a regular expression.' },
    ignoreCase,
  ],
  'no-hash': [],
  'custom-code': [{ kind: 'code' }],
};

export const ACTION_FIELDS: Record<string, FieldSpec[]> = {
  'set-variables': [
    { kind: 'record', key: 'variables', label: 'Variables', keyLabel: 'Variable', addLabel: 'Add variable', hint: 'pageName, channel, propN, eVarN, …; values may use tokens.', keyList: 'variables' },
    { kind: 'analytics-events' },
    { kind: 'record', key: 'contextData', label: 'Context data', keyLabel: 'Key', addLabel: 'Add context data', hint: 'Keys use letters, digits, _ and .' },
    { kind: 'list', key: 'linkTrackVars', label: 'Variables sent on link hits', hint: 'Optional, separated by commas, e.g. eVar17, eVar18.' },
    { kind: 'list', key: 'linkTrackEvents', label: 'Events sent on link hits', hint: 'Optional, separated by commas, e.g. event17.' },
  ],
  // send-beacon has its own fields: its settings are a union on their `type`.
  'send-beacon': [],
  'clear-variables': [],
  'load-script': [{ kind: 'text', key: 'url', label: 'Script URL', hint: 'Loaded with the page’s nonce; the rule waits for it. Tokens allowed.' }],
  'custom-code': [{ kind: 'code' }],
  'load-survey': [
    { kind: 'text', key: 'brand', label: 'Brand', hint: TOKENS_HINT },
    { kind: 'text', key: 'project', label: 'Project', hint: TOKENS_HINT },
    { kind: 'text', key: 'scriptUrl', label: 'Survey script URL' },
    { kind: 'number', key: 'sampleRate', label: 'Sample rate (%)', min: 0, max: 100, hint: 'Empty: 100.' },
    { kind: 'number', key: 'cookieDays', label: 'Cookie lifetime (days)', min: 0, hint: 'Empty: 7.' },
    { kind: 'text', key: 'cookiesAllowed', label: 'Cookies allowed by', optional: true, hint: 'Optional token; the value off or empty means no cookie.' },
  ],
  'set-cookie': [
    { kind: 'text', key: 'name', label: 'Cookie name' },
    { kind: 'text', key: 'value', label: 'Value', hint: TOKENS_HINT },
    { kind: 'number', key: 'days', label: 'Lifetime (days)', min: 0, hint: 'Empty: a session cookie.' },
    { kind: 'text', key: 'path', label: 'Cookie path', optional: true, hint: 'Empty: /' },
    { kind: 'text', key: 'domain', label: 'Cookie domain', optional: true, hint: 'Optional.' },
  ],
  'remove-query-parameter': [{ kind: 'text', key: 'name', label: 'Parameter name', hint: 'Removed from the address; the page is reloaded once.' }],
  'dispatch-event': [
    { kind: 'text', key: 'eventType', label: 'Event type' },
    { kind: 'text', key: 'target', label: 'Target selector', optional: true, hint: 'Optional CSS selector; empty: the document.' },
    { kind: 'record', key: 'detail', label: 'Event detail', keyLabel: 'Detail field', addLabel: 'Add detail field' },
  ],
};

export const PAGE_ATTRIBUTES = ['url', 'path', 'host', 'hostname', 'port', 'query', 'hash', 'protocol', 'referrer', 'title'] as const;

export const DATA_ELEMENT_FIELDS: Record<string, FieldSpec[]> = {
  'data-layer': [{ kind: 'text', key: 'path', label: 'Data layer path', hint: 'A dotted path under window.digitalData, e.g. page.pageInfo.pageName' }],
  cookie: [{ kind: 'text', key: 'name', label: 'Cookie name' }],
  'query-parameter': [{ kind: 'text', key: 'name', label: 'Parameter name', hint: 'The first parameter with this name, ignoring case.' }],
  'meta-tag': [{ kind: 'text', key: 'name', label: 'Meta tag name', hint: 'The content of <meta name> (or property).' }],
  'page-info': [{ kind: 'select', key: 'attribute', label: 'Page attribute', options: PAGE_ATTRIBUTES.map((a) => [a, a] as const) }],
  'lookup-table': [{ kind: 'text', key: 'input', label: 'Input', hint: 'What is looked up, e.g. %Vaccination Dose Code%.' }, { kind: 'lookup-rows' }, ignoreCase],
  constant: [{ kind: 'text', key: 'value', label: 'Value' }],
  'custom-code': [{ kind: 'code' }],
  'new-repeat': [{ kind: 'text', key: 'cookie', label: 'Cookie name', optional: true, hint: 'Optional: the cookie that remembers the visit.' }],
  'previous-value': [
    { kind: 'text', key: 'input', label: 'Input', hint: 'The value to remember, e.g. %Page Name%.' },
    { kind: 'text', key: 'cookie', label: 'Cookie name', hint: 'Holds the value for 30 minutes.' },
  ],
};

export const DATALISTS = { 'data-elements': 'data-element-names', variables: 'variable-names', events: 'event-names' } as const;

/** The fields of `specs` for the settings at `path`. */
export function SettingsFields({ specs, settings, path, onChange }: { specs: FieldSpec[]; settings: Settings; path: Path; onChange: (settings: Settings) => void }) {
  const set = (key: string, value: unknown) => onChange(setIn(settings ?? {}, [key], value));
  const get = (key: string) => settings?.[key];
  return (
    <>
      {specs.map((spec, i) => {
        switch (spec.kind) {
          case 'text':
            return (
              <TextField
                key={i}
                path={[...path, spec.key]}
                label={spec.label}
                hint={spec.hint}
                optional={spec.optional}
                multiline={spec.multiline}
                list={spec.list ? DATALISTS[spec.list] : undefined}
                value={get(spec.key) as string | undefined}
                onChange={(v) => set(spec.key, v)}
              />
            );
          case 'checkbox':
            return <CheckboxField key={i} path={[...path, spec.key]} label={spec.label} hint={spec.hint} fallback={spec.fallback} value={get(spec.key) as boolean | undefined} onChange={(v) => set(spec.key, v)} />;
          case 'select':
            return <SelectField key={i} path={[...path, spec.key]} label={spec.label} hint={spec.hint} options={spec.options} unset={spec.unset} value={get(spec.key) as string | undefined} onChange={(v) => set(spec.key, v)} />;
          case 'number':
            return <NumberField key={i} path={[...path, spec.key]} label={spec.label} hint={spec.hint} min={spec.min} max={spec.max} value={get(spec.key) as number | undefined} onChange={(v) => set(spec.key, v)} />;
          case 'list':
            return <ListField key={i} path={[...path, spec.key]} label={spec.label} hint={spec.hint} value={get(spec.key) as string[] | undefined} onChange={(v) => set(spec.key, v)} />;
          case 'record':
            return (
              <RecordField
                key={i}
                path={[...path, spec.key]}
                label={spec.label}
                hint={spec.hint}
                keyLabel={spec.keyLabel}
                addLabel={spec.addLabel}
                keyList={spec.keyList ? DATALISTS[spec.keyList] : undefined}
                value={get(spec.key) as Record<string, string> | undefined}
                onChange={(v) => set(spec.key, v)}
              />
            );
          case 'analytics-events':
            return <AnalyticsEventsField key={i} path={[...path, 'events']} value={get('events') as AnalyticsEvent[] | undefined} onChange={(v) => set('events', v)} />;
          case 'lookup-rows':
            return <LookupRowsField key={i} path={[...path, 'table']} value={(get('table') as LookupRow[] | undefined) ?? []} onChange={(v) => set('table', v)} />;
          case 'code':
            return <CodeFields key={i} path={path} settings={settings} onChange={onChange} />;
          default:
            return null;
        }
      })}
    </>
  );
}

interface AnalyticsEvent {
  name: string;
  value?: string;
  id?: string;
}

/** set-variables' `events`: event1..event1000 or a commerce event, with an optional value and ID. */
function AnalyticsEventsField({ path, value, onChange }: { path: Path; value: AnalyticsEvent[] | undefined; onChange: (value: AnalyticsEvent[] | undefined) => void }) {
  const rows = value ?? [];
  const update = (next: AnalyticsEvent[]) => onChange(next.length ? next : undefined);
  const listMessages = useIssuesAt(path);
  return (
    <fieldset className="record" id={fieldId(pathText(path))} tabIndex={-1}>
      <legend>Analytics events</legend>
      <p className="hint">event1 to event1000 or a commerce event (prodView, scAdd, purchase, …).</p>
      {listMessages.length ? <p className="field-error">{listMessages.join('; ')}</p> : null}
      {rows.length === 0 ? <p className="muted">None.</p> : null}
      {rows.map((row, i) => (
        <div className="row" key={i}>
          <TextField path={[...path, i, 'name']} label={`Analytics event ${i + 1}`} list={DATALISTS.events} value={row.name} onChange={(v) => update(rows.map((r, j) => (j === i ? { ...r, name: v ?? '' } : r)))} />
          <TextField path={[...path, i, 'value']} label={`Value of analytics event ${i + 1}`} optional hint="Optional: a number or token." value={row.value} onChange={(v) => update(rows.map((r, j) => (j === i ? (setIn(r, ['value'], v) as AnalyticsEvent) : r)))} />
          <TextField path={[...path, i, 'id']} label={`ID of analytics event ${i + 1}`} optional hint="Optional: counts the event once per ID." value={row.id} onChange={(v) => update(rows.map((r, j) => (j === i ? (setIn(r, ['id'], v) as AnalyticsEvent) : r)))} />
          <button type="button" className="secondary" onClick={() => update(rows.filter((_, j) => j !== i))}>
            Remove analytics event {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="secondary" onClick={() => onChange([...rows, { name: '' }])}>
        Add analytics event
      </button>
    </fieldset>
  );
}

interface LookupRow {
  in: string;
  out: string;
}

function LookupRowsField({ path, value, onChange }: { path: Path; value: LookupRow[]; onChange: (value: LookupRow[]) => void }) {
  const messages = useIssuesAt(path);
  return (
    <fieldset className="record" id={fieldId(pathText(path))} tabIndex={-1}>
      <legend>Lookup table</legend>
      {messages.length ? <p className="field-error">{messages.join('; ')}</p> : null}
      {value.map((row, i) => (
        <div className="row" key={i}>
          <TextField path={[...path, i, 'in']} label={`Row ${i + 1}: when the input is`} value={row.in} onChange={(v) => onChange(value.map((r, j) => (j === i ? { ...r, in: v ?? '' } : r)))} />
          <TextField path={[...path, i, 'out']} label={`Row ${i + 1}: the value is`} value={row.out} onChange={(v) => onChange(value.map((r, j) => (j === i ? { ...r, out: v ?? '' } : r)))} />
          <button type="button" className="secondary" onClick={() => onChange(value.filter((_, j) => j !== i))}>
            Remove row {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="secondary" onClick={() => onChange([...value, { in: '', out: '' }])}>
        Add row
      </button>
    </fieldset>
  );
}

/** Custom code: inline (`source`, the body of a function) or a file beside the property. */
function CodeFields({ path, settings, onChange }: { path: Path; settings: Settings; onChange: (settings: Settings) => void }) {
  const fromFile = typeof settings?.file === 'string';
  return (
    <>
      <SelectField
        path={[...path, 'from']}
        label="Code from"
        options={[
          ['source', 'written here'],
          ['file', 'a file beside the property'],
        ]}
        value={fromFile ? 'file' : 'source'}
        onChange={(v) => onChange(v === 'file' ? { file: '' } : { source: '' })}
      />
      {fromFile ? (
        <TextField path={[...path, 'file']} label="File" hint="e.g. code/site-section.js" value={settings?.file as string} onChange={(v) => onChange({ file: v ?? '' })} />
      ) : (
        <TextField path={[...path, 'source']} label="Code" multiline hint="The body of a function; this is the event’s element. Data elements: return a value; conditions: return true or false." value={(settings?.source as string | undefined) ?? ''} onChange={(v) => onChange({ source: v ?? '' })} />
      )}
    </>
  );
}

export const LINK_TYPES = [
  ['o', 'custom link (o)'],
  ['d', 'download (d)'],
  ['e', 'exit link (e)'],
] as const;

/** send-beacon's settings: a page view, or a link hit with its name. */
export function SendBeaconFields({ settings, path, onChange }: { settings: Settings; path: Path; onChange: (settings: Settings) => void }): ReactNode {
  const type = settings?.type;
  const set = (key: string, value: unknown) => onChange(setIn(settings ?? {}, [key], value));
  return (
    <>
      <SelectField
        path={[...path, 'type']}
        label="Hit type"
        options={[
          ['page', 'page view'],
          ['link', 'link hit'],
        ]}
        value={type as string | undefined}
        onChange={(v) => onChange(v === 'link' ? { type: 'link', linkName: '' } : { type: 'page' })}
      />
      {type === 'link' ? (
        <>
          <SelectField path={[...path, 'linkType']} label="Link type" options={LINK_TYPES} value={(settings?.linkType as string | undefined) ?? 'o'} onChange={(v) => set('linkType', v === 'o' ? undefined : v)} />
          <TextField path={[...path, 'linkName']} label="Link name" hint={TOKENS_HINT} value={settings?.linkName as string | undefined} onChange={(v) => set('linkName', v ?? '')} />
          <TextField path={[...path, 'linkUrl']} label="Link URL" optional hint="Optional; empty: the clicked element’s href." value={settings?.linkUrl as string | undefined} onChange={(v) => set('linkUrl', v)} />
          <CheckboxField path={[...path, 'consentExempt']} label="Send even without Statistics consent" hint="Only for the report of a consent choice; it leaves without the visitor identifier." value={settings?.consentExempt as boolean | undefined} onChange={(v) => set('consentExempt', v)} />
        </>
      ) : null}
    </>
  );
}
