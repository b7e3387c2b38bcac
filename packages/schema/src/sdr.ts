import type { Property } from './property';
import { personalises } from './activities';
import { MEDIA_CONTEXT_DATA } from './media';
import { NOT_RESOLVED, RECORDS, TOKEN } from './validate';
import { queryKey } from './variables';

// The solution design reference (SDR), generated from the property so that it can never
// drift from what the container sends (SDR.md).

export interface SdrEntry {
  /** AppMeasurement's long name (`eVar88`), the event name (`event1`) or the context-data key. */
  name: string;
  /** The key in the image request (`v88`, `events`, `c.tool.name`). */
  query: string;
  description: string;
  /** Every rule that sets it, with the expression it sets. */
  setBy: Array<{ rule: string; value: string }>;
  /** The expression it holds on every hit (settings.everyHit), when it goes on every hit. */
  everyHit?: string;
}

export interface Sdr {
  property: string;
  currency: string;
  variables: SdrEntry[];
  events: SdrEntry[];
  contextData: SdrEntry[];
  /** Query keys every hit may carry that no rule sets: protocol and browser fields. */
  automatic: Array<{ query: string; description: string }>;
}

export const AUTOMATIC_KEYS: Array<{ query: string; description: string }> = [
  { query: 'AQB', description: 'start of the hit' },
  { query: 'ndh', description: 'hit sent without document.write' },
  { query: 't', description: 'local time of the hit: d/m/yyyy h:m:s weekday offset' },
  { query: 'mid', description: 'visitor id (38 digits) from the identity service, only with the Statistics choice on (docs/IDENTITY.md)' },
  { query: 'ce', description: 'character encoding' },
  { query: 'pageName', description: 'page name' },
  { query: 'g', description: 'page URL, with denied query parameters removed' },
  { query: 'r', description: 'referrer URL, with denied query parameters removed' },
  { query: 'cc', description: 'currency code' },
  { query: 'pe', description: 'link type of a link hit: lnk_o, lnk_d or lnk_e' },
  { query: 'pev1', description: 'link URL of a link hit' },
  { query: 'pev2', description: 'link name of a link hit' },
  { query: 's', description: 'screen resolution' },
  { query: 'c', description: 'colour depth' },
  { query: 'k', description: 'cookies enabled (Y/N)' },
  { query: 'bw', description: 'browser width' },
  { query: 'bh', description: 'browser height' },
  { query: 'AQE', description: 'end of the hit' },
];

/** Sent by a property that personalises (runtime personalisation/analytics.ts, docs/PERSONALISATION.md). */
export const PERSONALISATION_KEYS: Array<{ query: string; description: string }> = [
  {
    query: 'tnta',
    description:
      'the activities and experiences the page showed, as Analytics for Target logs them (`<activity>:<experience>:0|2`, comma-separated), on a link hit of its own named Personalisation display; an in-app message followed or dismissed names its own on a link hit named Personalisation message interact (`<activity>:<experience>:0|32767`) or Personalisation message dismiss (`<activity>:<experience>:0`)',
  },
];

const FIXED_ORDER = ['pageName', 'pageURL', 'referrer', 'channel', 'server', 'pageType', 'campaign', 'products', 'purchaseID', 'transactionID', 'state', 'zip'];
/** Fixed variables in AppMeasurement's order, then props, eVars, hiers and lists by number, link fields last. */
const variableOrder = (name: string): [number, number] => {
  const m = /^(prop|eVar|hier|list)(\d+)$/.exec(name);
  if (m) return [['prop', 'eVar', 'hier', 'list'].indexOf(m[1]!) + 1, Number(m[2])];
  const fixed = FIXED_ORDER.indexOf(name);
  return fixed >= 0 ? [0, fixed] : [5, 0];
};
const byVariable = (a: SdrEntry, b: SdrEntry) => {
  const [ga, na] = variableOrder(a.name);
  const [gb, nb] = variableOrder(b.name);
  return ga - gb || na - nb || a.name.localeCompare(b.name);
};
const byEvent = (a: SdrEntry, b: SdrEntry) =>
  (Number(a.name.replace(/\D/g, '')) || 0) - (Number(b.name.replace(/\D/g, '')) || 0) || a.name.localeCompare(b.name);

export function buildSdr(property: Property): Sdr {
  const variables = new Map<string, SdrEntry>();
  const events = new Map<string, SdrEntry>();
  const context = new Map<string, SdrEntry>();
  const entry = (map: Map<string, SdrEntry>, name: string, query: string) => {
    let e = map.get(name);
    if (!e) map.set(name, (e = { name, query, description: property.sdr[name] ?? '', setBy: [] }));
    return e;
  };
  for (const [name, value] of Object.entries(property.settings.everyHit ?? {})) entry(variables, name, queryKey(name) ?? name).everyHit = value;
  for (const rule of property.rules) {
    for (const action of rule.actions) {
      if (action.type === 'set-variables') {
        for (const [name, value] of Object.entries(action.settings.variables ?? {}))
          entry(variables, name, queryKey(name) ?? name).setBy.push({ rule: rule.name, value });
        for (const event of action.settings.events ?? [])
          entry(events, event.name, 'events').setBy.push({ rule: rule.name, value: event.value ?? event.id ?? '' });
        for (const [key, value] of Object.entries(action.settings.contextData ?? {}))
          entry(context, key, `c.${key}`).setBy.push({ rule: rule.name, value });
      } else if (action.type === 'send-beacon' && action.settings.type === 'link') {
        entry(variables, 'linkName', 'pev2').setBy.push({ rule: rule.name, value: action.settings.linkName });
      }
    }
  }
  // Issue 16: media hits are link hits with context data of their own (runtime media/, docs/MEDIA.md).
  if (property.settings.streamingMedia) {
    const media = { rule: 'streaming media (settings.streamingMedia)', value: '' };
    for (const { name, description } of MEDIA_CONTEXT_DATA) {
      const e = entry(context, name, `c.${name}`);
      e.description ||= description;
      e.setBy.push(media);
    }
    entry(variables, 'linkName', 'pev2').setBy.push({ ...media, value: 'Media <event>' });
  }
  return {
    property: property.name,
    currency: property.settings.currency,
    variables: [...variables.values()].sort(byVariable),
    events: [...events.values()].sort(byEvent),
    contextData: [...context.values()].sort((a, b) => a.name.localeCompare(b.name)),
    // The last key stays last: AQE ends the hit.
    automatic: personalises(property) ? [...AUTOMATIC_KEYS.slice(0, -1), ...PERSONALISATION_KEYS, AUTOMATIC_KEYS.at(-1)!] : AUTOMATIC_KEYS,
  };
}

/** Every query key a hit from this property may carry. */
export function allowedQueryKeys(sdr: Sdr): Set<string> {
  return new Set([...sdr.automatic.map((a) => a.query), ...sdr.variables.map((v) => v.query), 'events']);
}

/** `_satellite.getVar('Name')` in custom code: the name read. */
const GET_VAR = /getVar\(\s*(['"`])(.+?)\1\s*[,)]/g;

/**
 * The text of custom code kept in a file, by the document path of its settings
 * (`dataElements[3].settings`, `rules[2].actions[0].settings`); undefined when unknown.
 */
export type CustomCodeText = (settingsPath: string) => string | undefined;

/** Every data element name a component's settings read: `%Name%` tokens where the runtime resolves them, and getVar in custom code. */
function namesRead(value: unknown, path: string, code: CustomCodeText | undefined, out: Set<string>, isRecord = false): void {
  if (typeof value === 'string') {
    for (const [, name] of value.matchAll(TOKEN)) if (name !== undefined) out.add(name);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => namesRead(v, `${path}[${i}]`, code, out));
  } else if (value && typeof value === 'object') {
    const settings = value as Record<string, unknown>;
    // Custom code: inline source, or the file's text as the caller read it.
    const body = isRecord ? undefined : typeof settings.source === 'string' ? settings.source : typeof settings.file === 'string' ? code?.(path) : undefined;
    if (body !== undefined) for (const [, , name] of body.matchAll(GET_VAR)) if (name !== undefined) out.add(name);
    for (const [key, v] of Object.entries(settings)) if (isRecord || !NOT_RESOLVED.has(key)) namesRead(v, `${path}.${key}`, code, out, !isRecord && RECORDS.has(key));
  }
}

/**
 * The data elements nothing uses, in document order. A data element is used when a rule reads it
 * (a data-element-change event, a condition, an exception or an action: `%Name%` tokens and
 * `_satellite.getVar('Name')` in custom code), when the settings name it (consent) or hold its
 * token (everyHit), or when a data element that is used reads it. Anything else is read from the
 * page and never reported. Custom code in files is searched only as far as `code` gives its text.
 */
export function unusedDataElements(property: Property, code?: CustomCodeText): string[] {
  const used = new Set<string>();
  property.rules.forEach((rule, i) => {
    for (const event of rule.events) if (event.type === 'data-element-change') used.add(event.settings.name);
    for (const part of ['conditions', 'exceptions', 'actions'] as const)
      rule[part].forEach((component, j) => namesRead(component.settings, `rules[${i}].${part}[${j}].settings`, code, used));
  });
  if (property.settings.consent) used.add(property.settings.consent.status).add(property.settings.consent.statistics);
  for (const [name, value] of Object.entries(property.settings.everyHit ?? {})) namesRead(value, `settings.everyHit.${name}`, code, used);
  const reads = new Map<string, Set<string>>();
  property.dataElements.forEach((element, i) => {
    const names = new Set<string>();
    namesRead(element.settings, `dataElements[${i}].settings`, code, names);
    reads.set(element.name, names);
  });
  const pending = [...used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const read of reads.get(name) ?? []) {
      if (used.has(read)) continue;
      used.add(read);
      pending.push(read);
    }
  }
  return property.dataElements.map((e) => e.name).filter((name) => !used.has(name));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The SDR as Markdown, for docs/; `unused` (unusedDataElements) adds a section that lists them. */
export function renderSdrMarkdown(sdr: Sdr, unused: readonly string[] = []): string {
  const rows = (entries: SdrEntry[]) =>
    entries
      .map((e) => {
        const set = [...new Set(e.setBy.map((s) => `${s.rule}: \`${s.value || '(set)'}\``))].join('<br>');
        return `| ${e.name} | \`${e.query}\` | ${cell(e.description)} | ${cell(set)} |`;
      })
      .join('\n');
  const head = '| variable | query | meaning | set by (rule: value) |\n| --- | --- | --- | --- |';
  const everyHit = sdr.variables.filter((v) => v.everyHit !== undefined);
  return [
    `# Solution design reference: ${sdr.property}`,
    '',
    'Generated from the property document by `tagwell sdr`; do not edit by hand.',
    '',
    `Currency: \`${sdr.currency}\` (\`cc\` on every hit).`,
    '',
    ...(everyHit.length
      ? [
          '## Variables on every hit',
          'Page views and link hits alike carry these (link filters do not apply), read when the hit is sent, so they describe the page it happens on. A value a rule sets for a hit replaces the one here.',
          '',
          '| variable | query | meaning | value |\n| --- | --- | --- | --- |',
          everyHit.map((e) => `| ${e.name} | \`${e.query}\` | ${cell(e.description)} | ${cell(`\`${e.everyHit}\``)} |`).join('\n'),
          '',
        ]
      : []),
    '## Variables',
    head,
    rows(sdr.variables.filter((v) => v.setBy.length)),
    '',
    '## Events',
    '| event | query | meaning | set by (rule: value) |\n| --- | --- | --- | --- |',
    rows(sdr.events),
    ...(sdr.contextData.length ? ['', '## Context data', head, rows(sdr.contextData)] : []),
    ...(unused.length
      ? ['', '## Data elements nothing uses', 'Read from the page and never reported: send each in a documented variable, or remove it.', '', unused.map((name) => `- ${name}`).join('\n')]
      : []),
    '',
    '## Sent on every hit by the tracker',
    '| query | meaning |\n| --- | --- |',
    sdr.automatic.map((a) => `| \`${a.query}\` | ${cell(a.description)} |`).join('\n'),
    '',
  ].join('\n');
}
