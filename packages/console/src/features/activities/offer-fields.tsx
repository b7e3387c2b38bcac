/**
 * The fields of one offer (issue 14 item 1, SPEC §3): a DOM action's CSS selector and content, an
 * HTML or JSON offer, a redirect, an in-app message (message-fields.tsx). Each field is bound to its document path, so the schema's checks
 * (the selector the browser must parse, no scripts in markup, http(s) redirects) show under it.
 */
import type { Path, PropertyDocument } from '../properties/document';
import { CheckboxField, NumberField, RecordField, SelectField, TextField } from '../properties/editor/fields';
import { isDomAction, newOffer, OFFER_LABELS, OFFER_TYPES, type OfferInput, type OfferType } from './activity-form';
import { JsonContent } from './json-content';
import { MessageFields } from './message-fields';

/** The rule editor's words for a selector: one field, one validation (the schema's cssSelector). */
export const SELECTOR_HINT = 'A CSS selector, e.g. main h1, .nhsuk-card__link';
const MARKUP_HINT = 'HTML without scripts, javascript: URLs or on... attributes: offers run no code.';

export function OfferFields({
  offer,
  path,
  viewOnly,
  document,
  onChange,
}: {
  offer: OfferInput;
  path: Path;
  /** A view shows DOM actions only (SPEC §5). */
  viewOnly: boolean;
  document: PropertyDocument;
  onChange: (offer: OfferInput) => void;
}) {
  const types = OFFER_TYPES.filter((type) => !viewOnly || isDomAction(type) || type === offer.type);
  return (
    <>
      <SelectField
        path={[...path, 'type']}
        label="Offer type"
        hint={
          viewOnly
            ? 'A view shows DOM actions only.'
            : 'A DOM action changes the page; HTML and JSON offers are read by the page at the location; a redirect sends the visitor elsewhere; an in-app message opens as a dialog when its rule set holds.'
        }
        options={types.map((type) => [type, OFFER_LABELS[type]] as const)}
        value={offer.type}
        onChange={(type) => type && onChange(newOffer(type as OfferType, offer))}
      />
      {'selector' in offer ? (
        <TextField path={[...path, 'selector']} label="CSS selector" hint={SELECTOR_HINT} value={offer.selector} onChange={(selector) => onChange({ ...offer, selector: selector ?? '' })} />
      ) : null}
      {/* Keyed by type: a new type starts its fields (and their kept rows) afresh. */}
      <OfferContent key={offer.type} offer={offer} path={path} document={document} onChange={onChange} />
    </>
  );
}

function OfferContent({ offer, path, document, onChange }: { offer: OfferInput; path: Path; document: PropertyDocument; onChange: (offer: OfferInput) => void }) {
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
    case 'inAppMessage':
      return <MessageFields offer={offer} path={path} document={document} onChange={onChange} />;
    case 'remove':
    case 'trackClick':
      return null;
  }
}
