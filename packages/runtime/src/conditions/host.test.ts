// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPage, setUrl, startWithContext } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import host from './host';

let ctx: Context;
const event: RuleEvent = { type: 'dom-ready' };
beforeEach(() => {
  resetPage();
  ctx = startWithContext().ctx;
});

describe('host condition', () => {
  it('tests the pattern against the host name, without the port', () => {
    setUrl('https://www.health.localhost:8443/conditions/');
    expect(host({ pattern: '^www\\.health\\.localhost$' }, event, ctx)).toBe(true);
    expect(host({ pattern: '(^|\\.)health\\.localhost$' }, event, ctx)).toBe(true);
    expect(host({ pattern: '^staging\\.' }, event, ctx)).toBe(false);
    expect(host({ pattern: '8443' }, event, ctx)).toBe(false);
    expect(host({ pattern: 'conditions' }, event, ctx)).toBe(false);
  });

  it('excluded hosts, e.g. a Welsh 111 subdomain', () => {
    setUrl('https://111.wales.health.localhost/');
    expect(host({ pattern: '^111\\.wales\\.' }, event, ctx)).toBe(true);
    setUrl('https://apply.service.gov.localhost/');
    expect(host({ pattern: '\\.service\\.gov\\.localhost$' }, event, ctx)).toBe(true);
  });

  it('is case-sensitive unless caseInsensitive (browsers lower-case host names)', () => {
    setUrl('https://WWW.Health.localhost/');
    expect(host({ pattern: '^www\\.health\\.localhost$' }, event, ctx)).toBe(true);
    expect(host({ pattern: '^WWW' }, event, ctx)).toBe(false);
    expect(host({ pattern: '^WWW', caseInsensitive: true }, event, ctx)).toBe(true);
  });
});
