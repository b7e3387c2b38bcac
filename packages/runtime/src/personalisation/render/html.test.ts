// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPropositions } from './index';
import { $, makeEnv, proposition } from './test-support';

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div data-mbox="conditions-banner"><p>Default banner</p></div><div data-mbox="other">Other</div>';
});

describe('HTML offers', () => {
  it('render into the element the page marks for the mbox, replacing its default content', async () => {
    const env = makeEnv();
    const p = proposition([{ type: 'html', content: '<p class="banner green">Check your symptoms</p>' }], { scope: 'conditions-banner', scopeType: 'mbox' });
    const result = await renderPropositions([p], env);
    expect($('[data-mbox="conditions-banner"]').innerHTML).toBe('<p class="banner green">Check your symptoms</p>');
    expect($('[data-mbox="other"]').textContent).toBe('Other');
    expect(result).toEqual({ rendered: true, redirected: false, failures: 0 });
    expect(p.state).toBe('render-attempted');
  });

  it('an mbox name with quotes still finds its element', async () => {
    document.body.innerHTML = `<div data-mbox='say "hi"'>Default</div>`;
    await renderPropositions([proposition([{ type: 'html', content: '<b>Hi</b>' }], { scope: 'say "hi"', scopeType: 'mbox' })], makeEnv());
    expect(document.body.innerHTML).toBe(`<div data-mbox="say &quot;hi&quot;"><b>Hi</b></div>`);
  });

  it('on the global location are appended to <head>, where their style elements apply with the page nonce', async () => {
    const env = makeEnv({ nonce: 'abc' });
    await renderPropositions([proposition([{ type: 'html', content: '<style>.banner { color: rgb(1, 2, 3) }</style>' }])], env);
    const style = document.head.querySelector('style')!;
    expect(style.textContent).toBe('.banner { color: rgb(1, 2, 3) }');
    expect(style.getAttribute('nonce')).toBe('abc');
    expect(document.body.innerHTML).not.toContain('style');
  });
});
