import { describe, expect, it } from 'vitest';
import { deniedQueryParams } from './identity';
import { doc, errorsOf, parsed } from './test-documents';

// settings.identity (docs/IDENTITY.md): the visitor identity's settings, checked when the property is built.

const consent = { status: 'Status', statistics: 'Statistics', changeEvent: 'consent-changed' };
const withIdentity = (identity: Record<string, unknown>, extra: Record<string, unknown> = { consent }) =>
  doc({
    settings: { trackingServer: 'metrics.example.com', ...extra, identity },
    dataElements: [
      { name: 'Status', type: 'constant', settings: { value: 'complete' } },
      { name: 'Statistics', type: 'constant', settings: { value: 'on' } },
    ],
  });

describe('settings.identity', () => {
  it('takes the spec defaults (SPEC §9)', () => {
    expect(parsed(withIdentity({ server: 'id.example.com' })).settings.identity).toEqual({
      server: 'id.example.com',
      cookie: 'tw_id',
      loadTimeout: 30_000,
      handshakeTimeout: 250,
      pathExclusions: [],
      crossDomainHosts: [],
      urlParameter: 'tw_mc',
      customerIdTypes: [],
    });
  });

  it("SPEC §5, §8: an ID sync container id that is not an integer is an error: 'The ID sync container ID is not a valid integer.'", () => {
    for (const bad of ['12a', '', '1.5', 1.5, -1, ' '])
      expect(errorsOf(withIdentity({ server: 'id.example.com', idSyncContainerId: bad })), String(bad)).toEqual(['settings.identity.idSyncContainerId: The ID sync container ID is not a valid integer.']);
    expect(parsed(withIdentity({ server: 'id.example.com', idSyncContainerId: '42' })).settings.identity!.idSyncContainerId).toBe(42);
    expect(parsed(withIdentity({ server: 'id.example.com', idSyncContainerId: 0 })).settings.identity!.idSyncContainerId).toBe(0);
  });

  it('needs the consent settings: no identifier without the Statistics choice (CONTRACT §5)', () => {
    expect(errorsOf(withIdentity({ server: 'id.example.com' }, {}))).toEqual([
      'settings.identity: needs settings.consent: the visitor id exists only with the Statistics choice on',
    ]);
  });

  it('checks hosts, patterns, names and the load timeout', () => {
    expect(
      errorsOf(withIdentity({ server: 'https://id.example.com', crossDomainHosts: ['*.ok.example', 'bad host'], pathExclusions: ['('], urlParameter: 'a b', loadTimeout: 30_001, customerIdTypes: ['ok', 'no way'] })),
    ).toEqual([
      'settings.identity.server: a host name, optionally with :port',
      'settings.identity.loadTimeout: Too big: expected number to be <=30000',
      'settings.identity.pathExclusions[0]: invalid regular expression at position 1: unterminated group',
      'settings.identity.crossDomainHosts[1]: a host name, or *.domain for every host under it',
      'settings.identity.urlParameter: letters, digits, _, . and -',
      'settings.identity.customerIdTypes[1]: letters, digits, _, . and -, at most 50',
    ]);
  });

  it('the URL-passed id parameter joins the denied query parameters, once', () => {
    const property = parsed(withIdentity({ server: 'id.example.com' }));
    expect(deniedQueryParams(property.settings)).toEqual(['useremail', 'tw_mc']);
    expect(deniedQueryParams({ privacy: { deniedQueryParams: ['TW_MC'] }, identity: property.settings.identity })).toEqual(['TW_MC']);
    expect(deniedQueryParams({ privacy: { deniedQueryParams: ['x'] } })).toEqual(['x']);
  });
});
