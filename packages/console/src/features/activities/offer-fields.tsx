/**
 * The fields of one offer (issue 14 item 1, SPEC §3): a DOM action's CSS selector and content, an
 * HTML or JSON offer, a redirect. Each field is bound to its document path, so the schema's checks
 * (the selector the browser must parse, no scripts in markup, http(s) redirects) show under it.
 */
import { useState } from 'react';
import { fieldId, pathText, type Path } from '../properties/document';
import { CheckboxField, NumberField, RecordField, SelectField, TextField } from '../properties/editor/fields';
import { FieldMessages, useIssuesAt } from '../properties/editor/issues';
import { isDomAction, newOffer, OFFER_LABELS, OFFER_TYPES, type OfferInput, type OfferType } from './activity-form';

/** The rule editor's words for a selector: one field, one validation (the schema's cssSelector). */
export const SELECTOR_HINT = 'A CSS selector, e.g. main h1, .nhsuk-card__link';
const MARKUP_HINT = 'HTML without scripts, javascript: URLs or on... attributes: offers run no code.';

export function OfferFields({ offer, path, viewOnly, onChange }: { offer: OfferInput; path: Path; /** A view shows DOM actions only (SPEC §5). */ viewOnly: boolean; onChange: (offer: OfferInput) => void }) {
  const types = OFFER_TYPES.filter((type) => !viewOnly || isDomAction(type) || type === offer.type);
  return (
    <>
      <SelectField
        path={[...path, 'type']}
        label="Offer type"
        hint={viewOnly ? 'A view shows DOM actions only.' : 'A DOM action changes the page; HTML and JSON offers are read by the page at the location; a redirect sends the visitor elsewhere.'}
        options={types.map((type) => [type, OFFER_LABELS[type]] as const)}
        value={offer.type}
        onChange={(type) => type && onChange(newOffer(type as OfferType, offer))}
      />
      {'selector' in offer ? (
        <TextField path={[...path, 'selector']} label="CSS selector" hint={SELECTOR_HINT} value={offer.selector} onChange={(selector) => onChange({ ...offer, selector: selector ?? '' })} />
      ) : null}
      {/* Keyed by type: a new type starts its fields (and their kept rows) afresh. */}
      <OfferContent key={offer.type} offer={offer} path={path} onChange={onChange} />
    </>
  );
}

function OfferContent({ offer, path, onChange }: { offer: OfferInput; path: Path; onChange: (offer: OfferInput) => void }) {
  const content = [...path, 'content'];
  switch (offer.type) {
    case 'setText':
      return <TextField path={content} label="Text" hint="Shown as text: markup is not interpreted." value={offer.content} onChange={(v) => onChange({ ...offer, content: v ?? '' })} />;
    case 'setHtml':
    case 'insertBefore':
    case 'insertAfter':
    case 'appendHtml':
    case 'prependHtml':
    case 'html':
      return <TextField path={content} label="HTML" multiline hint={MARKUP_HINT} value={offer.content} onChange={(v) => onChange({ ...offer, content: v ?? '' })} />;
    case 'setImageSource':
      return <TextField path={content} label="Image source" hint="An http(s) URL or a path starting with /." value={offer.content} onChange={(v) => onChange({ ...offer, content: v ?? '' })} />;
    case 'setAttribute':
      return (
        <RecordField
          path={content}
          label="Attributes"
          keyLabel="Attribute"
          addLabel="Add attribute"
          hint="Attribute names such as class or data-variant; no on... event attributes and no style (use Set style)."
          value={offer.content as Record<string, string>}
          onChange={(v) => onChange({ ...offer, content: v ?? {} })}
        />
      );
    case 'setStyle':
      return (
        <>
          <RecordField
            path={content}
            label="Styles"
            keyLabel="CSS property"
            addLabel="Add style"
            hint="CSS properties such as color or background-color, one value each."
            value={offer.content as Record<string, string>}
            onChange={(v) => onChange({ ...offer, content: v ?? {} })}
          />
          <CheckboxField
            path={[...path, 'priority']}
            label="Important"
            hint="Applied with !important, over the page's own styles."
            value={offer.priority === 'important'}
            onChange={(v) => {
              const { priority: _old, ...rest } = offer;
              onChange(v ? { ...rest, priority: 'important' } : rest);
            }}
          />
        </>
      );
    case 'rearrange':
      return (
        <>
          <NumberField path={[...content, 'from']} label="Move child at position" min={0} step={1} hint="0 is the element's first child." value={offer.content.from} onChange={(v) => onChange({ ...offer, content: { ...offer.content, from: v ?? 0 } })} />
          <NumberField path={[...content, 'to']} label="To position" min={0} step={1} value={offer.content.to} onChange={(v) => onChange({ ...offer, content: { ...offer.content, to: v ?? 0 } })} />
        </>
      );
    case 'json':
      return <JsonContent path={content} value={offer.content} onChange={(v) => onChange({ ...offer, content: v as Record<string, never> })} />;
    case 'redirect':
      return <TextField path={[...path, 'url']} label="Redirect to" type="url" hint="An absolute http:// or https:// URL." value={offer.url} onChange={(v) => onChange({ ...offer, url: v ?? '' })} />;
    case 'remove':
    case 'trackClick':
      return null;
  }
}

/**
 * A JSON offer's content: the object the page reads at the location, typed as JSON. Text that does
 * not parse is kept as typed (and fails the schema, so it is never saved) with the parser's reason.
 */
function JsonContent({ path, value, onChange }: { path: Path; value: unknown; onChange: (value: unknown) => void }) {
  const [text, setText] = useState(() => JSON.stringify(value ?? {}, null, 2));
  const [problem, setProblem] = useState<string | undefined>();
  const schemaMessages = useIssuesAt(path);
  // The parser's reason says more than the schema's "expected record" for text that is not JSON.
  const messages = problem ? [problem] : schemaMessages;
  const id = fieldId(pathText(path));
  return (
    <div className="field">
      <label htmlFor={id}>JSON content</label>
      <p className="hint" id={`${id}-hint`}>
        A JSON object, such as {'{ "headline": "Get your flu vaccine" }'}.
      </p>
      <textarea
        id={id}
        rows={6}
        spellCheck={false}
        value={text}
        aria-invalid={messages.length > 0 ? true : undefined}
        aria-describedby={[`${id}-hint`, messages.length ? `${id}-error` : ''].filter(Boolean).join(' ')}
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseObject(e.target.value);
          setProblem(parsed.problem);
          onChange(parsed.problem ? e.target.value : parsed.value);
        }}
      />
      <FieldMessages id={`${id}-error`} messages={messages} />
    </div>
  );
}

function parseObject(text: string): { value?: unknown; problem?: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { problem: 'must be a JSON object: { "name": value, … }' };
    return { value };
  } catch (error) {
    return { problem: `not JSON: ${(error as Error).message}` };
  }
}
