import { describe, expect, it } from 'vitest';
import type { DeliveryResponse } from '../types';
import { propositionsOf } from './propositions';

const option = (content: string, eventToken?: string) => ({ type: 'actions', content: [{ type: 'setText', selector: 'h1', content }], ...(eventToken ? { eventToken } : {}) });
const metric = { type: 'click', selector: 'a.cta', eventToken: 'click-token' };

describe('propositionsOf', () => {
  it('reads execute (executed) then prefetch: page load, mboxes and views', () => {
    const response: DeliveryResponse = {
      execute: {
        pageLoad: { options: [option('page')], metrics: [metric] },
        mboxes: [{ index: 0, name: 'banner', options: [{ type: 'html', content: '<p>x</p>' }] }],
      },
      prefetch: {
        pageLoad: { options: [option('prefetched page', 'd1')] },
        mboxes: [{ index: 1, name: 'offers', options: [{ type: 'json', content: { a: 1 }, eventToken: 'd2' }] }],
        views: [{ name: 'home', options: [option('view', 'd3')] }],
      },
    };
    expect(propositionsOf(response, 'target-global-mbox')).toEqual([
      { scope: 'target-global-mbox', scopeType: 'page', options: [option('page')], metrics: [metric], executed: true },
      { scope: 'banner', scopeType: 'mbox', options: [{ type: 'html', content: '<p>x</p>' }], metrics: [], executed: true },
      { scope: 'target-global-mbox', scopeType: 'page', options: [option('prefetched page', 'd1')], metrics: [], executed: false },
      { scope: 'offers', scopeType: 'mbox', options: [{ type: 'json', content: { a: 1 }, eventToken: 'd2' }], metrics: [], executed: false },
      { scope: 'home', scopeType: 'view', options: [option('view', 'd3')], metrics: [], executed: false },
    ]);
  });

  it('keeps a location with only click metrics (a control experience) and leaves out one nothing matched', () => {
    const response: DeliveryResponse = { execute: { pageLoad: { metrics: [metric] }, mboxes: [{ index: 0, name: 'banner' }] } };
    expect(propositionsOf(response, 'g')).toEqual([{ scope: 'g', scopeType: 'page', options: [], metrics: [metric], executed: true }]);
    expect(propositionsOf({}, 'g')).toEqual([]);
  });

  it('never throws on a malformed answer: what came before is kept', () => {
    const response = { execute: { pageLoad: { options: [option('page')] }, mboxes: 'nonsense' } } as unknown as DeliveryResponse;
    expect(propositionsOf(response, 'g')).toHaveLength(1);
    expect(propositionsOf(null as unknown as DeliveryResponse, 'g')).toEqual([]);
  });
});
