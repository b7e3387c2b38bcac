import type { Proposition, WireAction } from '../types';

/**
 * An HTML offer as the DOM action that renders it: into the element the page marks for an mbox
 * (`<div data-mbox="conditions-banner">`, its default content replaced); for the global location
 * and views, appended to <head> as Target's applyOffer does without a selector, so only its style
 * elements take effect. Undefined for an offer without content (SPEC §8: `Invalid HTML content data`).
 */
export const htmlAction = (proposition: Proposition, content: unknown): WireAction | undefined =>
  typeof content == 'string' && content
    ? proposition.scopeType == 'mbox'
      ? { type: 'setHtml', cssSelector: `[data-mbox=${JSON.stringify(proposition.scope)}]`, content }
      : { type: 'appendHtml', cssSelector: 'head', content }
    : undefined;
