import { describe, expect, it } from 'vitest';
import { DEFAULT_PREHIDING_STYLE, PERSONALISATION_LIMITS } from './activities';
import { AUTOMATIC_KEYS, allowedQueryKeys, buildSdr, renderSdrMarkdown } from './sdr';
import { doc, errorsOf, parsed, type Json } from './test-documents';

// The page's personalisation settings and the `personalise` action (issue 15 items 1 and 2, SPEC §5):
// every check and its message.

const CONSENT = { status: 'Consent Status', statistics: 'Consent Statistics', changeEvent: 'consent-changed' };
const ELEMENTS = [
  { name: 'Consent Status', type: 'constant', settings: { value: 'complete' } },
  { name: 'Consent Statistics', type: 'constant', settings: { value: 'on' } },
];
const RULE = { name: 'Personalisation', events: [{ type: 'library-loaded' }], actions: [{ type: 'personalise' }] };
const page = (settings: Json = {}, extra: Json = {}) =>
  doc({
    settings: { trackingServer: 'metrics.example.com', consent: CONSENT },
    dataElements: ELEMENTS,
    rules: [RULE],
    personalisation: { client: 'health', organizationId: 'HEALTH0123456789@AdobeOrg', server: 'decisions.example.com', ...settings },
    ...extra,
  });

describe('the page settings', () => {
  it('default as SPEC §5 and §9 say: body hidden with opacity 0, no migration, clicks never collected, no history storage', () => {
    expect(parsed(page()).personalisation).toMatchObject({
      server: 'decisions.example.com',
      prehidingStyle: 'body { opacity: 0 !important }',
      targetMigrationEnabled: false,
      autoCollectPropositionInteractions: 'never',
      personalizationStorageEnabled: false,
    });
    expect(DEFAULT_PREHIDING_STYLE).toMatch(/opacity: 0/);
    expect(PERSONALISATION_LIMITS).toMatchObject({ requestTimeoutMs: 3000, sessionMs: 1_860_000, urlMaxLength: 2048 });
  });

  it('takes every valid value', () => {
    for (const auto of ['always', 'never', 'decoratedElementsOnly'])
      expect(parsed(page({ autoCollectPropositionInteractions: auto, targetMigrationEnabled: true, personalizationStorageEnabled: true, prehidingStyle: '#hero { visibility: hidden }' })).personalisation)
        .toMatchObject({ autoCollectPropositionInteractions: auto, targetMigrationEnabled: true, personalizationStorageEnabled: true, prehidingStyle: '#hero { visibility: hidden }' });
    expect(parsed(page({ server: 'localhost:8080' })).personalisation!.server).toBe('localhost:8080');
  });

  it.each([
    [{ prehidingStyle: '' }, 'personalisation.prehidingStyle: prehidingStyle must be a non-empty string'],
    [{ prehidingStyle: '   ' }, 'personalisation.prehidingStyle: prehidingStyle must be a non-empty string'],
    [{ prehidingStyle: 0 }, 'personalisation.prehidingStyle: prehidingStyle must be a non-empty string'],
    [{ targetMigrationEnabled: 'yes' }, 'personalisation.targetMigrationEnabled: targetMigrationEnabled must be a boolean'],
    [{ personalizationStorageEnabled: 1 }, 'personalisation.personalizationStorageEnabled: personalizationStorageEnabled must be a boolean'],
    [{ autoCollectPropositionInteractions: 'sometimes' }, 'personalisation.autoCollectPropositionInteractions: autoCollectPropositionInteractions must be always, never or decoratedElementsOnly'],
    [{ server: 'https://decisions.example.com' }, 'personalisation.server: a host name, optionally with :port'],
  ])('refuses %j', (settings, message) => {
    expect(errorsOf(page(settings))).toContainEqual(expect.stringContaining(message));
  });
});

describe('the personalise action', () => {
  it('needs the personalisation section', () => {
    expect(errorsOf(page({}, { personalisation: undefined }))).toContain("rules[0].actions[0]: a personalise action needs the property's personalisation section (client, activities and server)");
  });

  it('needs the decision server; a personalisation section without one is fine while no rule personalises', () => {
    expect(errorsOf(page({ server: undefined }))).toContain('personalisation.server: required when a rule has a personalise action: the decision service the page asks (host[:port])');
    expect(parsed(page({ server: undefined }, { rules: [] })).personalisation!.server).toBeUndefined();
  });

  it('needs the consent gate', () => {
    expect(errorsOf(page({}, { settings: { trackingServer: 'metrics.example.com' } }))).toContain(
      'rules[0].actions[0]: a personalise action needs settings.consent: no decision request before the Statistics choice (SPEC §5)',
    );
  });

  it('takes no settings', () => {
    expect(errorsOf(page({}, { rules: [{ ...RULE, actions: [{ type: 'personalise', settings: { timeout: 5000 } }] }] }))[0]).toMatch(/^rules\[0\]\.actions\[0\]\.settings/);
  });
});

describe('the SDR of a property that personalises (issue 15 item 4)', () => {
  it('lists tnta among the tracker keys, before AQE, and the collector may receive it; a property that does not personalise has neither', () => {
    const withIt = buildSdr(parsed(page()));
    expect(withIt.automatic.map((a) => a.query).slice(-2)).toEqual(['tnta', 'AQE']);
    expect(allowedQueryKeys(withIt).has('tnta')).toBe(true);
    // Its description holds a `|`: the Markdown table escapes it, so the row keeps its two cells.
    const row = renderSdrMarkdown(withIt).split('\n').find((line) => line.startsWith('| `tnta`'))!;
    expect(row.split(/(?<!\\)\|/).length).toBe(4);
    const without = buildSdr(parsed(page({}, { rules: [{ ...RULE, enabled: false }] })));
    expect(without.automatic).toBe(AUTOMATIC_KEYS);
    expect(allowedQueryKeys(without).has('tnta')).toBe(false);
  });
});
