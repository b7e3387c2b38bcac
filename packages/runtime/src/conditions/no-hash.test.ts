// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPage, setUrl, startWithContext } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import noHash from './no-hash';

let ctx: Context;
const event: RuleEvent = { type: 'dom-ready' };
beforeEach(() => {
  resetPage();
  ctx = startWithContext().ctx;
});

describe('no-hash condition', () => {
  it('passes when the address has no hash', () => {
    setUrl('https://www.health.localhost/conditions/hives/?q=1');
    expect(noHash({}, event, ctx)).toBe(true);
  });

  it('fails when the address has a hash', () => {
    setUrl('https://www.health.localhost/conditions/hives/#gallery');
    expect(noHash({}, event, ctx)).toBe(false);
    setUrl('https://www.health.localhost/#/spa/route?x=1');
    expect(noHash({}, event, ctx)).toBe(false);
  });

  it('follows hash changes on the same page', () => {
    setUrl('https://www.health.localhost/conditions/hives/');
    expect(noHash({}, event, ctx)).toBe(true);
    location.hash = 'section-2';
    expect(noHash({}, event, ctx)).toBe(false);
  });
});
