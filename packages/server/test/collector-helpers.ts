// Shared by the collector tests: a fixture property whose SDR covers the hand-written hits, and
// those hits as AppMeasurement would send them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseProperty, type Property } from '@tagwell/schema';
import { parseHit, type HitInput, type ParsedHit } from '../src/collector';

export function property(input: unknown): Property {
  const result = parseProperty(input);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.property;
}

/** A property from properties/<name>/property.json. */
export function repoProperty(name: string): Property {
  // path, not `new URL`: under happy-dom the global URL is the DOM's.
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../properties', name, 'property.json');
  return property(JSON.parse(readFileSync(file, 'utf8')));
}

const set = (variables: Record<string, string>, events: Array<{ name: string; value?: string; id?: string }> = [], contextData: Record<string, string> = {}) => ({
  type: 'set-variables',
  settings: { variables, events, contextData },
});

/** Sets every variable, event and context-data key the hand-written hits carry. */
export const fixture: Property = property({
  name: 'fixture',
  settings: { trackingServer: 'metrics.example.test', privacy: { postcodeFields: ['prop2', 'eVar10', 'eVar11'], deniedQueryParams: ['stitchid'] } },
  environments: {
    development: { reportSuites: ['fixdev'] },
    staging: { reportSuites: ['fixstage'] },
    production: { reportSuites: ['nhsukprod', 'nhsukglobal'] },
  },
  rules: [
    {
      name: 'page view',
      events: [{ type: 'library-loaded' }],
      actions: [
        set(
          {
            pageName: 'nhs:page', channel: 'conditions', server: 'www.nhs.uk', products: ';x;1;1', campaign: 'cmp',
            prop1: 'a', prop2: 'b', prop3: 'c', prop4: 'd', prop5: 'e', eVar10: 'x', eVar11: 'y', eVar20: 'z', eVar88: 'v', hier1: 'h',
          },
          [{ name: 'event1' }, { name: 'event5', value: '3' }, { name: 'event12', id: 'x' }, { name: 'event20' }],
          { 'a.Launches': '1', 'tool.step.name': 'start', 'tool.id': 'bmi' },
        ),
        { type: 'send-beacon', settings: { type: 'page' } },
      ],
    },
    {
      name: 'header link',
      events: [{ type: 'click', settings: { selector: 'header a' } }],
      actions: [set({}, [{ name: 'event2' }], { 'tool.name': 'bmi' }), { type: 'send-beacon', settings: { type: 'link', linkName: 'Header:account link' } }],
    },
  ],
});

export const PATH = '/b/ss/nhsukprod,nhsukglobal/1/JS-2.22.0/s81736274562931';
export const HOST = 'metrics.health.localhost';

/** A page view as AppMeasurement 2.x sends it, with the fields it adds that we do not (pf, fid, ns, j, v, mcorgid). */
export const PAGE_VIEW = [
  'AQB=1', 'ndh=1', 'pf=1',
  't=22%2F9%2F2025%2014%3A5%3A12%203%20-60',
  'fid=2F5D3A1B8C7E9F01-0A1B2C3D4E5F6A7B', 'ce=UTF-8', 'ns=nhs',
  'pageName=nhs%3Aconditions%3Ahives',
  'g=https%3A%2F%2Fwww.nhs.uk%2Fconditions%2Fhives%2F%3Futm_source%3Dnewsletter',
  'r=https%3A%2F%2Fwww.google.com%2F',
  'cc=GBP', 'ch=conditions', 'server=www.nhs.uk', 'v0=spring-campaign',
  'events=event1%2Cevent5%3D3%2Cevent12%3Aab12cd%2Cevent20%3Ax9%3D2.50',
  'products=%3Bparacetamol%3B1%3B2.99',
  'c1=conditions', 'c2=hives', 'c3=skin', 'c4=en', 'c5=article%20page',
  'v10=hives%20treatment', 'v88=vaccination%20booking', 'h1=conditions%7Chives',
  'mid=12345678901234567890123456789012345678',
  'c.', 'a.', 'Launches=1', '.a', 'tool.', 'step.', 'name=start', '.step', 'id=bmi', '.tool', '.c',
  's=1920x1080', 'c=24', 'j=1.6', 'v=N', 'k=Y', 'bw=1280', 'bh=720',
  'mcorgid=ABC123%40AdobeOrg',
  'AQE=1',
].join('&');

/** A custom link hit (s.tl(this, 'o', 'Header:account link')). */
export const LINK_HIT = [
  'AQB=1', 'ndh=1', 't=22%2F9%2F2025%2014%3A6%3A0%203%20-60', 'ce=UTF-8',
  'pageName=nhs%3Aconditions%3Ahives', 'g=https%3A%2F%2Fwww.nhs.uk%2Fconditions%2Fhives%2F', 'cc=GBP',
  'events=event2', 'c.', 'tool.', 'name=bmi', '.tool', '.c',
  'pe=lnk_o', 'pev1=https%3A%2F%2Fwww.nhs.uk%2Faccount%2F', 'pev2=Header%3Aaccount%20link',
  's=1920x1080', 'c=24', 'k=Y', 'bw=1280', 'bh=720', 'AQE=1',
].join('&');

export const get = (query: string, path = PATH): HitInput => ({ method: 'GET', path, query, host: HOST });
export const post = (body: string, contentType = 'application/x-www-form-urlencoded', path = PATH): HitInput => ({ method: 'POST', path, query: '', body, contentType, host: HOST });

/** parseHit that must succeed. */
export function parsed(input: HitInput): ParsedHit {
  const hit = parseHit(input);
  if (!hit.ok) throw new Error(`expected the hit to parse: ${hit.detail}`);
  return hit;
}

/** A hit's query with one `key=value` replaced (or removed with `null`, or appended when absent). */
export function withPair(query: string, key: string, value: string | null): string {
  const parts = query.split('&');
  const at = parts.findIndex((p) => p.split('=')[0] === key);
  if (at < 0) {
    if (value !== null) parts.splice(parts.length - 1, 0, `${key}=${value}`);
  } else if (value === null) parts.splice(at, 1);
  else parts[at] = `${key}=${value}`;
  return parts.join('&');
}
