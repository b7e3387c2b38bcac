// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPropositions } from './index';
import { $, actions, makeEnv, proposition } from './test-support';

// SPEC §8: every message of rendering, each failing action skipped while the others render, and
// SPEC §4: a proposition's render state.
const setText = (selector: string, content: string) => ({ type: 'setText', selector, cssSelector: selector, content });

beforeEach(() => {
  document.body.innerHTML = '<h1 id="title">Old</h1><p id="lead">Lead</p><ul id="list"><li>a</li></ul>';
});

describe('invalid actions are logged and skipped, the others render', () => {
  it.each([
    ['missing type', { selector: '#title', content: 'x' }],
    ['missing type', null],
    ['missing selector', { type: 'setText', content: 'x' }],
    ['unknown type', { type: 'setInnerWorld', selector: '#title', content: 'x' }],
    ['unknown type', { type: 'toString', selector: '#title', content: 'x' }],
  ])('Invalid DOM action data: %s', async (problem, action) => {
    const env = makeEnv();
    const result = await renderPropositions([proposition([actions(action, setText('#lead', 'New lead'))])], env);
    expect(env.messages()).toEqual([`Invalid DOM action data: ${problem}`]);
    expect($('#title').textContent).toBe('Old');
    expect($('#lead').textContent).toBe('New lead');
    expect(result).toEqual({ rendered: true, redirected: false, failures: 1 });
  });

  it('a proposition whose every action is invalid is not marked rendered', async () => {
    const env = makeEnv();
    const p = proposition([actions({ selector: '#title' }, { type: 'setText' })]);
    const result = await renderPropositions([p], env);
    expect(env.messages()).toEqual(['Invalid DOM action data: missing type', 'Invalid DOM action data: missing selector']);
    expect(p.state).toBe('not-rendered');
    expect(result).toEqual({ rendered: false, redirected: false, failures: 2 });
  });

  it.each([
    ['a selector the browser cannot parse', { type: 'setText', selector: 'h1[', content: 'x' }],
    ['content of the wrong shape', { type: 'rearrange', selector: '#list', content: null }],
    ['an attribute name the DOM refuses', { type: 'setAttribute', selector: '#title', content: { 'a b': 'x' } }],
  ])('Failed to execute action: %s', async (_why, action) => {
    const env = makeEnv();
    const result = await renderPropositions([proposition([actions(setText('#title', 'New title'), action, setText('#lead', 'New lead'))])], env);
    expect(env.messages()).toHaveLength(1);
    expect(env.messages()[0]).toMatch(/^Failed to execute action /);
    expect($('#title').textContent).toBe('New title');
    expect($('#lead').textContent).toBe('New lead');
    expect(result.failures).toBe(1);
  });

  it('Invalid HTML content data: an HTML offer without content', async () => {
    document.body.innerHTML += '<div data-mbox="banner">Default</div>';
    const env = makeEnv();
    const p = proposition([{ type: 'html', content: '' }, { type: 'html' }], { scope: 'banner', scopeType: 'mbox' });
    const result = await renderPropositions([p, proposition([actions(setText('#lead', 'New lead'))])], env);
    expect(env.messages()).toEqual(['Invalid HTML content data', 'Invalid HTML content data']);
    expect($('[data-mbox="banner"]').textContent).toBe('Default');
    expect($('#lead').textContent).toBe('New lead');
    expect(p.state).toBe('not-rendered');
    expect(result).toEqual({ rendered: true, redirected: false, failures: 2 });
  });
});

describe('render state (SPEC §4)', () => {
  it('moves to render-attempted, and a proposition renders once', async () => {
    const env = makeEnv();
    const p = proposition([actions({ type: 'appendHtml', selector: '#list', content: '<li>b</li>' })]);
    expect(p.state).toBeUndefined();
    await renderPropositions([p], env);
    expect(p.state).toBe('render-attempted');
    expect(await renderPropositions([p], env)).toEqual({ rendered: false, redirected: false, failures: 0 });
    expect($('#list').textContent).toBe('ab');
  });

  it('a proposition with nothing to render (a control experience) counts as rendered; JSON offers are not rendered', async () => {
    const env = makeEnv();
    const control = proposition([], { metrics: [{ type: 'click', selector: '#title', eventToken: 't' }] });
    const json = proposition([{ type: 'json', content: { banner: 'x' } }], { scope: 'offers', scopeType: 'mbox' });
    const result = await renderPropositions([control, json], env);
    expect(control.state).toBe('render-attempted');
    expect(json.state).toBe('not-rendered');
    expect(result).toEqual({ rendered: false, redirected: false, failures: 0 });
    expect(env.messages()).toEqual([]);
  });

  it('a bare action (not in a list) is applied too', async () => {
    const result = await renderPropositions([proposition([{ type: 'actions', content: setText('#title', 'Bare') }])], makeEnv());
    expect($('#title').textContent).toBe('Bare');
    expect(result.rendered).toBe(true);
  });

  it('never rejects, even on propositions that are not objects', async () => {
    const env = makeEnv();
    const result = await renderPropositions([null as never, { options: 5 } as never, proposition([actions(setText('#title', 'Still'))])], env);
    expect($('#title').textContent).toBe('Still');
    expect(result).toEqual({ rendered: true, redirected: false, failures: 2 });
    expect(env.messages()).toHaveLength(2);
    for (const message of env.messages()) expect(message).toMatch(/^Failed to execute action/);
  });
});
