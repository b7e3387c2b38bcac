// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPage, setUrl, startWithContext } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import path from './path';

let ctx: Context;
const event: RuleEvent = { type: 'dom-ready' };
beforeEach(() => {
  resetPage();
  ctx = startWithContext().ctx;
});

describe('path condition', () => {
  it('tests the pattern against the path only (not the host, query or hash)', () => {
    setUrl('https://www.health.localhost/conditions/chickenpox/?q=hives#gallery');
    expect(path({ pattern: '^/conditions/' }, event, ctx)).toBe(true);
    expect(path({ pattern: '^/conditions/chickenpox/$' }, event, ctx)).toBe(true);
    expect(path({ pattern: '^/medicines/' }, event, ctx)).toBe(false);
    expect(path({ pattern: 'hives' }, event, ctx)).toBe(false);
    expect(path({ pattern: 'gallery' }, event, ctx)).toBe(false);
    expect(path({ pattern: 'health\\.localhost' }, event, ctx)).toBe(false);
  });

  it('is case-sensitive unless caseInsensitive', () => {
    setUrl('http://localhost:3000/Service-Search/Performance/Search');
    expect(path({ pattern: '^/service-search/' }, event, ctx)).toBe(false);
    expect(path({ pattern: '^/service-search/', caseInsensitive: true }, event, ctx)).toBe(true);
  });

  it('follows the page when the address changes (single-page navigation)', () => {
    const settings = { pattern: '^/register-kit/' };
    setUrl('http://localhost:3000/register-kit/login-choice');
    expect(path(settings, event, ctx)).toBe(true);
    history.pushState(null, '', '/report-result/login-choice');
    expect(path(settings, event, ctx)).toBe(false);
  });
});
