import { describe, expect, it } from 'vitest';
import { publishOptions } from './promotion';
import { deployment } from './test-fixtures';

const everywhere6 = { development: deployment('development', 6), staging: deployment('staging', 6), production: deployment('production', 6) };
const history = (...pairs: Array<['development' | 'staging' | 'production', number]>) =>
  pairs.map(([environment, version], id) => ({ id, environment, version, publishedBy: 'pat', publishedAt: '2026-11-01T00:00:00Z', note: null }));

describe('publishOptions', () => {
  it('lets a new version go to development only', () => {
    expect(publishOptions(7, everywhere6, history(['development', 6], ['staging', 6], ['production', 6]))).toEqual([
      { environment: 'development', kind: 'publish', label: 'Publish version 7 to development', allowed: true, current: 6 },
      { environment: 'staging', kind: 'publish', label: 'Publish version 7 to staging', allowed: false, reason: 'Version 7 has not run on development yet: publish it to development first.', current: 6 },
      { environment: 'production', kind: 'publish', label: 'Publish version 7 to production', allowed: false, reason: 'Version 7 has not run on staging yet: publish it to staging first.', current: 6 },
    ]);
  });

  it('lets a version that ran on development go to staging, then production', () => {
    const deployments = { ...everywhere6, development: deployment('development', 7) };
    expect(publishOptions(7, deployments, history(['development', 7])).map((o) => [o.label, o.allowed])).toEqual([
      ['Publish version 7 to development', false],
      ['Publish version 7 to staging', true],
      ['Publish version 7 to production', false],
    ]);
    const onStaging = { ...deployments, staging: deployment('staging', 7) };
    expect(publishOptions(7, onStaging, history(['development', 7], ['staging', 7])).map((o) => [o.label, o.allowed])).toEqual([
      ['Publish version 7 to development', false],
      ['Publish version 7 to staging', false],
      ['Publish version 7 to production', true],
    ]);
  });

  it('offers a rollback to an earlier version that went through the order', () => {
    const options = publishOptions(5, everywhere6, history(['development', 5], ['staging', 5], ['production', 5], ['development', 6], ['staging', 6], ['production', 6]));
    expect(options.map((o) => [o.kind, o.label, o.allowed])).toEqual([
      ['rollback', 'Roll back development to version 5', true],
      ['rollback', 'Roll back staging to version 5', true],
      ['rollback', 'Roll back production to version 5', true],
    ]);
  });

  it('publishes to an environment with nothing on it yet', () => {
    expect(publishOptions(1, {}, [])[0]).toEqual({ environment: 'development', kind: 'publish', label: 'Publish version 1 to development', allowed: true, current: undefined });
  });
});
