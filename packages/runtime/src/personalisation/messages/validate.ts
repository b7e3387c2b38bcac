import type { Logger } from '../../core/types';

// SPEC §5, §8: an in-app message needs content and contentType; JSON content also needs
// mobileParameters, webParameters and html. A message missing one logs
// `Invalid in-app message data: missing property X` and is not shown.

/** The container's display settings (schema activities-messages.ts; SPEC §9's defaults when left out). */
export interface Display {
  width?: number;
  height?: number;
  backdropColor?: string;
  backdropOpacity?: number;
}

/** A message ready to show: its markup, its display settings and its rule set. */
export interface Message {
  html: string;
  display: Display;
  ruleSet: unknown;
}

const has = (value: unknown, key: string) => !!value && typeof value == 'object' && Object.prototype.hasOwnProperty.call(value, key);

/** The message of an `inAppMessage` option's data, or undefined (logged) when it cannot be shown. Never throws. */
export function messageOf(data: unknown, log: Logger): Message | undefined {
  try {
    const missing = (property: string): undefined => {
      log.warn('Invalid in-app message data: missing property ' + property);
      return undefined;
    };
    for (const property of ['content', 'contentType']) if (!has(data, property)) return missing(property);
    const message = data as Record<string, unknown>;
    let html = message.content;
    let display = message.webParameters;
    let property = 'content';
    if (message.contentType == 'application/json') {
      for (const key of ['mobileParameters', 'webParameters', 'html']) if (!has(html, key)) return missing(key);
      display = (html as Record<string, unknown>).webParameters;
      html = (html as Record<string, unknown>).html;
      property = 'html';
    } else if (message.contentType != 'text/html') {
      log.warn('Invalid in-app message data: unknown contentType ' + message.contentType);
      return undefined;
    }
    // Empty or not text: nothing to show, as if it were missing.
    if (typeof html != 'string' || !html) return missing(property);
    return { html, display: display && typeof display == 'object' ? (display as Display) : {}, ruleSet: message.ruleSet };
  } catch {
    log.warn('Invalid in-app message data: missing property content');
    return undefined;
  }
}
