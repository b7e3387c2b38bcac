/**
 * An A/B test's experiences (issue 14 item 1): each a name, its share of the traffic and the offers
 * it shows. The split's total is shown as it is typed (SPEC §4: the splits sum to 100).
 */
import type { Path, PropertyDocument } from '../properties/document';
import { NumberField, TextField } from '../properties/editor/fields';
import { evenSplits, newOffer, splitTotal, type ExperienceInput, type OfferInput } from './activity-form';
import { ItemList } from './activity-form-list';
import { OfferFields } from './offer-fields';

export function ExperienceFields({
  experiences,
  path,
  viewOnly,
  document,
  onChange,
}: {
  experiences: ExperienceInput[];
  path: Path;
  viewOnly: boolean;
  /** The document as edited: a message's rule set names its data elements. */
  document: PropertyDocument;
  onChange: (experiences: ExperienceInput[]) => void;
}) {
  return (
    <>
      <ItemList
        path={path}
        title="Experiences"
        noun="Experience"
        hint="The first is the control. Keep the order once the test runs: an experience is known by its position."
        none="No experiences yet: an A/B test needs at least two."
        items={experiences}
        min={2}
        create={() => ({ name: `Variant ${String.fromCharCode(65 + experiences.length)}`, split: 0, offers: [newOffer('setText')] })}
        onChange={onChange}
      >
        {(experience, i, update) => <Experience experience={experience} path={[...path, i]} viewOnly={viewOnly} document={document} onChange={update} />}
      </ItemList>
      <SplitTotal experiences={experiences} onEven={() => onChange(experiences.map((e, i) => ({ ...e, split: evenSplits(experiences.length)[i] })))} />
    </>
  );
}

function Experience({ experience, path, viewOnly, document, onChange }: { experience: ExperienceInput; path: Path; viewOnly: boolean; document: PropertyDocument; onChange: (experience: ExperienceInput) => void }) {
  return (
    <>
      <TextField path={[...path, 'name']} label="Experience name" value={experience.name} onChange={(name) => onChange({ ...experience, name: name ?? '' })} />
      <NumberField path={[...path, 'split']} label="Traffic split (%)" min={0} max={100} step={1} hint="The percentage of the test's visitors who see this experience." value={experience.split} onChange={(split) => onChange({ ...experience, split })} />
      <ItemList<OfferInput>
        path={[...path, 'offers']}
        title={`Offers of ${experience.name || 'this experience'}`}
        heading="h4"
        noun="Offer"
        hint="Applied in order. A redirect is the only offer of its experience; an in-app message opens over the page once it is shown."
        none="No offers yet: an experience shows at least one (a control can track clicks only)."
        items={experience.offers}
        min={1}
        create={() => newOffer('setText')}
        onChange={(offers) => onChange({ ...experience, offers })}
      >
        {(offer, j, update) => <OfferFields offer={offer} path={[...path, 'offers', j]} viewOnly={viewOnly} document={document} onChange={update} />}
      </ItemList>
    </>
  );
}

/** The live total: announced politely as it changes, so a screen reader hears it while typing. */
function SplitTotal({ experiences, onEven }: { experiences: ExperienceInput[]; onEven: () => void }) {
  const { total, complete } = splitTotal(experiences);
  const ok = complete && total === 100;
  return (
    <div className="field split-total">
      <p role="status" aria-live="polite" className={ok ? undefined : 'field-error'}>
        Traffic split total: {total}%{ok ? '.' : complete ? ` — must be 100% (${total < 100 ? `${100 - total} to add` : `${total - 100} too many`}).` : ' — every experience needs a split.'}
      </p>
      <button type="button" className="secondary" onClick={onEven}>
        Split evenly
      </button>
    </div>
  );
}
