/**
 * The A/B test form's model (issue 14 item 4): the activity as the property document holds it (the
 * schema's input form, so saving adds no defaults the author did not write), new items for each
 * list of the form, and the addresses of the editor pages.
 */
import { DOM_ACTION_TYPES } from '@tagwell/schema';
import type { PropertyDocument } from '../properties/document';

export type PersonalisationInput = NonNullable<PropertyDocument['personalisation']>;
export type ActivityInput = NonNullable<PersonalisationInput['activities']>[number];
export type ExperienceInput = ActivityInput['experiences'][number];
export type OfferInput = ExperienceInput['offers'][number];
export type OfferType = OfferInput['type'];
export type GoalInput = ActivityInput['goals'][number];
export type AudienceInput = NonNullable<ActivityInput['audience']>;
export type ConditionInput = NonNullable<AudienceInput['conditions']>[number];

const enc = encodeURIComponent;
/** The editor's pages: under /activities (activities/index.tsx), inside the property they save into. */
export const activityPaths = {
  list: () => '/activities',
  create: (property: string) => `/activities/property/${enc(property)}/new`,
  edit: (property: string, id: number) => `/activities/property/${enc(property)}/${id}/edit`,
};

export const activitiesOf = (document: PropertyDocument): ActivityInput[] => document.personalisation?.activities ?? [];

/** Activity ids are part of every visitor's allocation, so a new activity takes an id no other has had. */
export const nextActivityId = (document: PropertyDocument): number => activitiesOf(document).reduce((max, a) => Math.max(max, a.id), 1000) + 1;

/** Offers by the words the analyst knows (SPEC §3: DOM actions, HTML, JSON, redirect). */
export const OFFER_LABELS: Record<OfferType, string> = {
  setText: 'Set text',
  setHtml: 'Set HTML',
  setAttribute: 'Set attribute',
  setStyle: 'Set style',
  setImageSource: 'Set image source',
  remove: 'Remove',
  insertBefore: 'Insert before',
  insertAfter: 'Insert after',
  appendHtml: 'Append HTML',
  prependHtml: 'Prepend HTML',
  rearrange: 'Rearrange',
  trackClick: 'Track clicks',
  html: 'HTML offer',
  json: 'JSON offer',
  redirect: 'Redirect',
  inAppMessage: 'In-app message',
};
export const OFFER_TYPES = Object.keys(OFFER_LABELS) as OfferType[];
/** True for the offers that act on a selected element of the page. */
export const isDomAction = (type: OfferType): boolean => (DOM_ACTION_TYPES as readonly string[]).includes(type);

/** A new offer of `type`, keeping the selector of the offer it replaces (changing the action keeps the place). */
export function newOffer(type: OfferType, from?: OfferInput): OfferInput {
  const selector = from && 'selector' in from ? from.selector : '';
  switch (type) {
    case 'setText':
    case 'setHtml':
    case 'insertBefore':
    case 'insertAfter':
    case 'appendHtml':
    case 'prependHtml':
    case 'setImageSource':
      return { type, selector, content: '' };
    case 'setAttribute':
    case 'setStyle':
      return { type, selector, content: {} };
    case 'remove':
    case 'trackClick':
      return { type, selector };
    case 'rearrange':
      return { type, selector, content: { from: 0, to: 1 } };
    case 'html':
      return { type, content: '' };
    case 'json':
      return { type, content: {} };
    case 'redirect':
      return { type, url: '' };
    case 'inAppMessage':
      return { type, contentType: 'text/html', content: NEW_MESSAGE_HTML };
  }
}

/** A new message's content: a heading names the dialog (the schema requires one). */
export const NEW_MESSAGE_HTML = '<h2>Heading</h2>\n<p>Message</p>';

export const GOAL_LABELS: Record<GoalInput['type'], string> = {
  'page-view': 'Page view of a path',
  click: 'Click on a selector',
  'analytics-event': 'Analytics event',
  message: 'In-app message followed or dismissed',
};

export function newGoal(type: GoalInput['type'], name = ''): GoalInput {
  if (type === 'page-view') return { type, name, path: '/' };
  if (type === 'click') return { type, name, selector: '' };
  if (type === 'message') return { type, name, event: 'interact' };
  return { type, name, event: 'event15' };
}

export const CONDITION_LABELS: Record<ConditionInput['type'], string> = {
  host: 'Host',
  path: 'Path',
  query: 'Query parameter',
  'data-element': 'Data element value',
  visitor: 'New or repeat visitor',
  'event-history': 'Event history',
};

export function newCondition(type: ConditionInput['type']): ConditionInput {
  switch (type) {
    case 'host':
      return { type, values: [] };
    case 'path':
      return { type, operator: 'startsWith', values: [] };
    case 'query':
      return { type, name: '', operator: 'exists' };
    case 'data-element':
      return { type, name: '', operator: 'equals', value: '' };
    case 'visitor':
      return { type, is: 'new' };
    case 'event-history':
      return { type, event: 'event15' };
  }
}

/** Splits that sum to 100 for `count` experiences: even, the remainder to the first ones. */
export function evenSplits(count: number): number[] {
  const share = Math.floor(100 / count);
  return Array.from({ length: count }, (_, i) => share + (i < 100 - share * count ? 1 : 0));
}

/** The traffic split as typed: its total and whether it can be saved (SPEC §4: the splits sum to 100). */
export function splitTotal(experiences: readonly ExperienceInput[]): { total: number; complete: boolean } {
  const complete = experiences.every((e) => typeof e.split === 'number');
  return { total: experiences.reduce((sum, e) => sum + (e.split ?? 0), 0), complete };
}

export function newActivity(document: PropertyDocument): ActivityInput {
  const [a, b] = evenSplits(2);
  return {
    id: nextActivityId(document),
    name: '',
    type: 'ab',
    location: { type: 'mbox', name: document.personalisation?.globalLocation ?? 'target-global-mbox' },
    experiences: [
      { name: 'Control', split: a, offers: [newOffer('trackClick')] },
      { name: 'Variant B', split: b, offers: [newOffer('setText')] },
    ],
    goals: [newGoal('page-view', 'Page view')],
  };
}

/** The document with activity `index` replaced (or appended), and the personalisation block started when there is none. */
export function withActivity(document: PropertyDocument, index: number, activity: ActivityInput, setup: Pick<PersonalisationInput, 'client' | 'organizationId'>): PropertyDocument {
  const personalisation: PersonalisationInput = document.personalisation ?? { ...setup, activities: [] };
  const activities = [...(personalisation.activities ?? [])];
  activities[index] = activity;
  return { ...document, personalisation: { ...personalisation, activities } };
}
