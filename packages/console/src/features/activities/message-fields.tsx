/**
 * An in-app message offer's fields (issue 16 item 2; SPEC §3, §5, §9): its HTML or JSON content, the
 * container's display settings within the schema's bounds, the rule set the page evaluates, and a
 * live preview of the dialog. Each field is bound to its document path, so the schema's messages
 * (a missing heading, a width under 50 %, a colour that is not one) show under it.
 */
import { Fragment, useState } from 'react';
import { EVENT_HISTORY_DAYS, IN_APP_MESSAGE_DEFAULTS, IN_APP_MESSAGE_LIMITS } from '@tagwell/schema';
import type { Path, PropertyDocument } from '../properties/document';
import { CheckboxField, NumberField, SelectField, TextField } from '../properties/editor/fields';
import { CONDITION_LABELS, newCondition, type ConditionInput, type OfferInput } from './activity-form';
import { ConditionFields } from './activity-form-audience';
import { ItemList } from './activity-form-list';
import { MessagePreview } from './message-preview';
import { JsonContent } from './json-content';

export type MessageInput = Extract<OfferInput, { type: 'inAppMessage' }>;
type Display = NonNullable<Extract<MessageInput, { contentType: 'text/html' }>['webParameters']>;
type RuleSetInput = NonNullable<MessageInput['ruleSet']>;
type RuleConditionInput = NonNullable<RuleSetInput['conditions']>[number];
type MessageCondition = Extract<RuleConditionInput, { type: 'message' }>;

/** What a rule set can read in the page: the audience's conditions but new or repeat, and the message's own history. */
const RULE_TYPES = [...(Object.keys(CONDITION_LABELS) as Array<ConditionInput['type']>).filter((t) => t !== 'visitor'), 'message'] as const;
const RULE_LABELS: Record<RuleConditionInput['type'], string> = { ...CONDITION_LABELS, message: 'This message (shown, followed, dismissed)' };
const MESSAGE_EVENT_LABELS = [
  ['display', 'was shown'],
  ['interact', 'was followed'],
  ['dismiss', 'was dismissed'],
] as const;

/** The message's HTML and display settings, wherever its content type keeps them. */
export function messageParts(offer: MessageInput): { html: string; display: Display } {
  return offer.contentType === 'application/json' ? { html: offer.content.html, display: offer.content.webParameters } : { html: offer.content, display: offer.webParameters ?? {} };
}

export function MessageFields({ offer, path, document, onChange }: { offer: MessageInput; path: Path; document: PropertyDocument; onChange: (offer: MessageInput) => void }) {
  const { html, display } = messageParts(offer);
  const json = offer.contentType === 'application/json';
  const htmlPath = json ? [...path, 'content', 'html'] : [...path, 'content'];
  const displayPath = json ? [...path, 'content', 'webParameters'] : [...path, 'webParameters'];
  const setHtml = (value: string) => onChange(offer.contentType === 'application/json' ? { ...offer, content: { ...offer.content, html: value } } : { ...offer, content: value });
  const setDisplay = (next: Display) => {
    const kept = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as Display;
    if (offer.contentType === 'application/json') onChange({ ...offer, content: { ...offer.content, webParameters: kept } });
    else {
      const { webParameters: _old, ...rest } = offer;
      onChange(Object.keys(kept).length ? { ...rest, webParameters: kept } : rest);
    }
  };
  return (
    <>
      <SelectField
        path={[...path, 'contentType']}
        label="Content type"
        hint="HTML for the website; JSON when the same message also serves apps, which read its mobile parameters."
        options={[
          ['text/html', 'HTML (text/html)'],
          ['application/json', 'JSON for apps and the website (application/json)'],
        ]}
        value={offer.contentType}
        onChange={(type) =>
          onChange(
            type === 'application/json'
              ? { type: 'inAppMessage', contentType: 'application/json', content: { html, mobileParameters: {}, webParameters: display }, ...(offer.ruleSet && { ruleSet: offer.ruleSet }) }
              : { type: 'inAppMessage', contentType: 'text/html', content: html, ...(Object.keys(display).length && { webParameters: display }), ...(offer.ruleSet && { ruleSet: offer.ruleSet }) },
          )
        }
      />
      <TextField
        path={htmlPath}
        label="Message HTML"
        multiline
        hint="Start with a heading (h1 to h6): it names the dialog for screen readers. A link or a button in it counts as the message followed. No scripts, javascript: URLs or on... attributes."
        value={html}
        onChange={(v) => setHtml(v ?? '')}
      />
      {offer.contentType === 'application/json' ? (
        <JsonContent path={[...path, 'content', 'mobileParameters']} label="Mobile parameters" value={offer.content.mobileParameters} onChange={(v) => onChange({ ...offer, content: { ...offer.content, mobileParameters: v as Record<string, never> } })} />
      ) : null}
      <fieldset className="message-display">
        <legend>Display</legend>
        <NumberField
          path={[...displayPath, 'width']}
          label="Width (% of the screen)"
          min={IN_APP_MESSAGE_LIMITS.minWidth}
          max={100}
          step={1}
          hint={`${IN_APP_MESSAGE_LIMITS.minWidth} to 100; empty: ${IN_APP_MESSAGE_DEFAULTS.width}. Never narrower than 320 px on a phone.`}
          value={display.width}
          onChange={(width) => setDisplay({ ...display, width })}
        />
        <NumberField
          path={[...displayPath, 'height']}
          label="Height (% of the screen)"
          min={IN_APP_MESSAGE_LIMITS.minHeight}
          max={100}
          step={1}
          hint={`${IN_APP_MESSAGE_LIMITS.minHeight} to 100; empty: ${IN_APP_MESSAGE_DEFAULTS.height}.`}
          value={display.height}
          onChange={(height) => setDisplay({ ...display, height })}
        />
        <TextField
          path={[...displayPath, 'backdropColor']}
          label="Backdrop colour"
          optional
          hint={`#rrggbb or rgba(…); empty: ${IN_APP_MESSAGE_DEFAULTS.backdropColor}.`}
          value={display.backdropColor}
          onChange={(backdropColor) => setDisplay({ ...display, backdropColor })}
        />
        <NumberField
          path={[...displayPath, 'backdropOpacity']}
          label="Backdrop opacity"
          min={0}
          max={1}
          step={0.05}
          hint={`0 to 1; empty: ${IN_APP_MESSAGE_DEFAULTS.backdropOpacity}.`}
          value={display.backdropOpacity}
          onChange={(backdropOpacity) => setDisplay({ ...display, backdropOpacity })}
        />
      </fieldset>
      <RuleSetFields ruleSet={offer.ruleSet} path={[...path, 'ruleSet']} document={document} onChange={(ruleSet) => onChange(withRuleSet(offer, ruleSet))} />
      <MessagePreview html={html} display={display} />
    </>
  );
}

function withRuleSet(offer: MessageInput, ruleSet: RuleSetInput | undefined): MessageInput {
  const { ruleSet: _old, ...rest } = offer;
  return ruleSet ? { ...rest, ruleSet } : rest;
}

/** SPEC §3 rule set: all or any of its conditions, evaluated in the page; none: every page the activity decides. */
function RuleSetFields({ ruleSet, path, document, onChange }: { ruleSet: RuleSetInput | undefined; path: Path; document: PropertyDocument; onChange: (ruleSet: RuleSetInput | undefined) => void }) {
  const [newType, setNewType] = useState<RuleConditionInput['type']>('event-history');
  const conditions = ruleSet?.conditions ?? [];
  const set = (next: RuleSetInput) => onChange((next.conditions?.length ?? 0) === 0 && (next.match ?? 'all') === 'all' ? undefined : next);
  return (
    <fieldset className="rule-set">
      <legend>When the page shows it (rule set)</legend>
      <p className="hint">Evaluated in the visitor&apos;s browser, against the page and the visitor&apos;s event history. No conditions: on every page of the activity.</p>
      <SelectField
        path={[...path, 'match']}
        label="Show when"
        options={[
          ['all', 'All of the conditions hold'],
          ['any', 'Any of the conditions holds'],
        ]}
        value={ruleSet?.match ?? 'all'}
        onChange={(match) => set({ ...ruleSet, match: match === 'any' ? 'any' : undefined })}
      />
      <ItemList<RuleConditionInput>
        path={[...path, 'conditions']}
        title="Rule set conditions"
        heading="h5"
        noun="Rule"
        none="No conditions: shown on every page of the activity."
        items={conditions}
        create={() => (newType === 'message' ? { type: 'message', event: 'display', withinDays: 7, negate: true } : newCondition(newType))}
        onChange={(items) => set({ ...ruleSet, conditions: items.length ? items : undefined })}
        addControls={
          <SelectField
            path={[...path, 'new-condition']}
            label="Type of the new rule"
            options={RULE_TYPES.map((type) => [type, RULE_LABELS[type]] as const)}
            value={newType}
            onChange={(type) => setNewType((type as RuleConditionInput['type']) ?? 'event-history')}
          />
        }
      >
        {(condition, i, update) =>
          condition.type === 'message' ? (
            <MessageConditionFields condition={condition} path={[...path, 'conditions', i]} onChange={update} />
          ) : (
            <ConditionFields condition={condition} path={[...path, 'conditions', i]} document={document} types={RULE_TYPES.filter((t) => t !== 'message') as Array<ConditionInput['type']>} onChange={update} />
          )
        }
      </ItemList>
    </fieldset>
  );
}

/** "has (not) been shown / followed / dismissed this message at least N times in N days". */
function MessageConditionFields({ condition, path, onChange }: { condition: MessageCondition; path: Path; onChange: (condition: MessageCondition) => void }) {
  const at = (key: string) => [...path, key];
  return (
    <Fragment>
      <SelectField path={at('event')} label="This message" options={MESSAGE_EVENT_LABELS} value={condition.event ?? 'display'} onChange={(v) => onChange({ ...condition, event: (v as MessageCondition['event']) ?? 'display' })} />
      <NumberField path={at('atLeast')} label="At least this many times" min={1} step={1} value={condition.atLeast ?? 1} onChange={(v) => onChange({ ...condition, atLeast: v })} />
      <NumberField path={at('withinDays')} label="Within days" min={1} max={EVENT_HISTORY_DAYS} step={1} hint={`At most ${EVENT_HISTORY_DAYS}: history is kept ${EVENT_HISTORY_DAYS} days.`} value={condition.withinDays ?? EVENT_HISTORY_DAYS} onChange={(v) => onChange({ ...condition, withinDays: v })} />
      <CheckboxField path={at('negate')} label="Show only when this has not happened" hint="For example: not shown in the last 7 days." value={condition.negate} onChange={(v) => onChange({ ...condition, negate: v })} />
    </Fragment>
  );
}
