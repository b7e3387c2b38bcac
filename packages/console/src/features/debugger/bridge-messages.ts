// The runtime's debug bridge (packages/runtime, development and staging containers only): plain
// objects the opened page posts to `window.opener`, and the one request the console posts back.

export type RedactionKind = 'postcode' | 'email' | 'nhs-number' | 'query-parameter';

export type BridgeMessage =
  | { type: 'ready'; property: string; environment: string; buildId: string; url: string }
  | { type: 'log'; level: string; message: string; time: string | number | undefined }
  | { type: 'rule'; rule: string; event: string; fired: true }
  | { type: 'rule'; rule: string; event: string; fired: false; failed: string; component?: string }
  | { type: 'redaction'; field: string; kind: RedactionKind; parameter?: string; query?: string }
  | { type: 'data-elements'; values: Record<string, string> }
  /** The rule whose action sent the hit that left with `query`, and the data elements' values then. */
  | { type: 'sent'; rule: string; event: string; query: string; values: Record<string, string> };

/** What the console posts to the page to ask for the data elements' values. */
export const DATA_ELEMENTS_REQUEST = { source: 'tagwell-console', type: 'data-elements' } as const;

const KINDS: readonly string[] = ['postcode', 'email', 'nhs-number', 'query-parameter'];
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
/** An event may come as its type or as `{ type }`. */
const eventText = (value: unknown): string => (isRecord(value) ? str(value.type ?? value.name) : str(value));

/** Every value as text, as the data-elements panel shows it. */
function textValues(values: Record<string, unknown>): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) text[name] = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  return text;
}

/**
 * The bridge message in `data`, or undefined when it is not one (anything else a page posts, or a
 * malformed message: the page is not trusted to send well-formed data).
 */
export function parseBridgeMessage(data: unknown): BridgeMessage | undefined {
  if (!isRecord(data) || data.source !== 'tagwell') return undefined;
  switch (data.type) {
    case 'ready':
      return { type: 'ready', property: str(data.property), environment: str(data.environment), buildId: str(data.buildId), url: str(data.url) };
    case 'log':
      return { type: 'log', level: str(data.level) || 'log', message: str(data.message), time: typeof data.time === 'number' || typeof data.time === 'string' ? data.time : undefined };
    case 'rule':
      if (typeof data.rule !== 'string') return undefined;
      if (data.fired === true) return { type: 'rule', rule: data.rule, event: eventText(data.event), fired: true };
      return {
        type: 'rule',
        rule: data.rule,
        event: eventText(data.event),
        fired: false,
        failed: str(data.failed),
        ...(data.component !== undefined ? { component: str(data.component) } : {}),
      };
    case 'redaction':
      if (typeof data.field !== 'string' || !KINDS.includes(str(data.kind))) return undefined;
      return {
        type: 'redaction',
        field: data.field,
        kind: data.kind as RedactionKind,
        ...(typeof data.parameter === 'string' ? { parameter: data.parameter } : {}),
        ...(typeof data.query === 'string' ? { query: data.query } : {}),
      };
    case 'data-elements':
      return isRecord(data.values) ? { type: 'data-elements', values: textValues(data.values) } : undefined;
    case 'sent':
      if (typeof data.rule !== 'string' || typeof data.query !== 'string') return undefined;
      return { type: 'sent', rule: data.rule, event: eventText(data.event), query: data.query, values: isRecord(data.values) ? textValues(data.values) : {} };
    default:
      return undefined;
  }
}
