// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPropositions } from './index';
import { $, actions, makeEnv, proposition } from './test-support';

// The navigation itself is checked in Chromium (e2e/personalisation-render.test.ts); here the
// address only changes its fragment, which jsdom performs.
const setText = { type: 'setText', selector: '#title', cssSelector: '#title', content: 'Changed' };

beforeEach(() => {
  document.body.innerHTML = '<h1 id="title">Old</h1>';
  history.replaceState(null, '', '/page');
});

describe('redirect offers (SPEC §4)', () => {
  it('render alone: the page goes to the URL and nothing else is applied', async () => {
    const env = makeEnv();
    const page = proposition([actions(setText)]);
    const away = proposition([{ type: 'redirect', content: `${location.origin}/page#moved` }], { scope: 'redirect-test', scopeType: 'mbox' });
    const result = await renderPropositions([page, away], env);
    expect(location.hash).toBe('#moved');
    expect(result).toEqual({ rendered: true, redirected: true, failures: 0 });
    expect(away.state).toBe('render-attempted');
    expect(page.state).toBeUndefined();
    expect($('#title').textContent).toBe('Old');
  });

  it.each(['javascript:alert(1)', '//elsewhere.example/', 42])('refuse %s: logged, and the other propositions render', async (url) => {
    const env = makeEnv();
    const away = proposition([{ type: 'redirect', content: url }]);
    const result = await renderPropositions([away, proposition([actions(setText)])], env);
    expect(env.messages()).toEqual(['Invalid redirect data']);
    expect(location.hash).toBe('');
    expect(away.state).toBe('not-rendered');
    expect($('#title').textContent).toBe('Changed');
    expect(result).toEqual({ rendered: true, redirected: false, failures: 1 });
  });
});
