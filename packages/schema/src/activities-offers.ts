import { z } from 'zod';
import { inAppMessageSchema } from './activities-messages';
import { markup, text } from './activities-markup';
import { cssSelector } from './components';

// The offers an experience shows (issue 14 item 1, SPEC §3 "schemas for DOM action, HTML,
// redirect"): DOM actions in the shapes the Target page library applies them, HTML and JSON
// offers, redirects and in-app messages (activities-messages.ts). Checked here so that no offer the
// page cannot apply safely is published.

/** An absolute http(s) URL, or a path on the page's own site. */
const imageUrl = text.refine((value) => /^(https?:\/\/[^\s/]+|\/(?!\/))\S*$/i.test(value), 'an http(s) URL or a path starting with /');

/** Redirects leave only to http(s) pages (a javascript: or data: URL would run code). */
export const redirectUrl = text.refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'an absolute http:// or https:// URL');

const attributeName = z
  .string()
  .regex(/^[A-Za-z_:][\w:.-]*$/, 'an attribute name such as class or data-variant')
  .refine((name) => !/^on/i.test(name), 'event handler attributes (on...) run code and are not allowed')
  .refine((name) => name.toLowerCase() !== 'style', 'use setStyle for style');
const attributeValue = z.string().refine((value) => !/^\s*javascript\s*:/i.test(value), 'must not be a javascript: URL');
const cssProperty = z.string().regex(/^(--[\w-]+|-?[a-z][a-z-]*)$/, 'a CSS property such as color or background-color');
const cssValue = z.string().refine((value) => !/[;{}]|url\s*\(\s*['"]?\s*javascript:|expression\s*\(/i.test(value), 'one CSS value, without ; { } or expression()');

const withSelector = { selector: cssSelector };

/** DOM actions, by the names the Target page library uses on the wire. */
export const domActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('setHtml'), ...withSelector, content: markup }),
  z.strictObject({ type: z.literal('setText'), ...withSelector, content: z.string() }),
  z.strictObject({
    type: z.literal('setAttribute'),
    ...withSelector,
    content: z.record(attributeName, attributeValue).refine((attrs) => Object.keys(attrs).length > 0, 'at least one attribute'),
  }),
  z.strictObject({
    type: z.literal('setStyle'),
    ...withSelector,
    content: z.record(cssProperty, cssValue).refine((styles) => Object.keys(styles).length > 0, 'at least one style'),
    priority: z.literal('important').optional(),
  }),
  z.strictObject({ type: z.literal('setImageSource'), ...withSelector, content: imageUrl }),
  z.strictObject({ type: z.literal('remove'), ...withSelector }),
  z.strictObject({ type: z.literal('insertBefore'), ...withSelector, content: markup }),
  z.strictObject({ type: z.literal('insertAfter'), ...withSelector, content: markup }),
  z.strictObject({ type: z.literal('appendHtml'), ...withSelector, content: markup }),
  z.strictObject({ type: z.literal('prependHtml'), ...withSelector, content: markup }),
  z.strictObject({
    type: z.literal('rearrange'),
    ...withSelector,
    /** Moves the selected element's child at `from` to position `to` (0-based). */
    content: z
      .strictObject({ from: z.number().int().min(0), to: z.number().int().min(0) })
      .refine((move) => move.from !== move.to, 'from and to must differ'),
  }),
  /** Reports a click on the element (a click metric in the answer). */
  z.strictObject({ type: z.literal('trackClick'), ...withSelector }),
]);

export const DOM_ACTION_TYPES = domActionSchema.options.map((option) => option.shape.type.value);

export const offerSchema = z.discriminatedUnion('type', [
  ...domActionSchema.options,
  z.strictObject({ type: z.literal('html'), content: markup }),
  z.strictObject({
    type: z.literal('json'),
    content: z.record(z.string(), z.json()),
  }),
  z.strictObject({ type: z.literal('redirect'), url: redirectUrl }),
  inAppMessageSchema,
]);

export type DomAction = z.output<typeof domActionSchema>;
export type Offer = z.output<typeof offerSchema>;
