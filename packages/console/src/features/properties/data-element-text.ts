/** Short readings of a data element for lists: where its value comes from and its options. */
import type { DataElementInput } from './document';

export function sourceSummary(element: DataElementInput): string {
  switch (element.type) {
    case 'data-layer':
      return `digitalData.${element.settings.path}`;
    case 'cookie':
      return `cookie “${element.settings.name}”`;
    case 'query-parameter':
      return `query parameter “${element.settings.name}”`;
    case 'meta-tag':
      return `meta tag “${element.settings.name}”`;
    case 'page-info':
      return `page ${element.settings.attribute}`;
    case 'lookup-table':
      return `${element.settings.input} looked up in ${element.settings.table.length} row${element.settings.table.length === 1 ? '' : 's'}`;
    case 'constant':
      return `“${element.settings.value}”`;
    case 'custom-code':
      return element.settings.file ? `custom code in ${element.settings.file}` : 'inline custom code';
    case 'new-repeat':
      return `new or repeat visitor${element.settings?.cookie ? ` (cookie “${element.settings.cookie}”)` : ''}`;
    case 'previous-value':
      return `previous value of ${element.settings.input} (cookie “${element.settings.cookie}”)`;
    default:
      return String((element as { type: unknown }).type);
  }
}

export const STORAGE_TEXT: Record<string, string> = {
  none: 'not remembered',
  pageview: 'remembered for the page view',
  session: 'remembered for the session',
  visitor: 'remembered for the visitor',
};

/** `lower case, clean text, remembered for the session` */
export function optionsSummary(element: DataElementInput): string {
  const options = [element.forceLowerCase ? 'lower case' : '', element.cleanText ? 'clean text' : '', element.storage ? (STORAGE_TEXT[element.storage] ?? element.storage) : ''].filter(Boolean);
  return options.join(', ');
}

/** `“N/A”`, `“” (empty)`, or `none`. */
export function defaultText(element: DataElementInput): string {
  if (element.default === undefined) return 'none';
  return element.default === '' ? '“” (empty text)' : `“${element.default}”`;
}
