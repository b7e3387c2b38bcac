// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPropositions } from './index';
import { $, actions, makeEnv, proposition } from './test-support';

// Every DOM action by its wire name (packages/schema activities-offers.ts), as the decision service
// sends it: the selector twice (decisions/artifact.ts).
const act = (type: string, selector: string, content?: unknown) => ({ type, selector, cssSelector: selector, ...(content === undefined ? {} : { content }) });
const render = async (...list: object[]) => {
  const env = makeEnv();
  const p = proposition([actions(...list)]);
  const result = await renderPropositions([p], env);
  return { env, result, p };
};

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = `
    <main id="hero"><h1>Health A to Z</h1><img id="pic" src="/old.png"><a class="cta" href="/a">Go</a></main>
    <ul id="list"><li>a</li><li>b</li><li>c</li></ul>
    <p class="note">one</p><p class="note">two</p>`;
});

describe('DOM actions', () => {
  it('setHtml replaces the content; setText sets text, never markup', async () => {
    const { result, p } = await render(act('setHtml', '#hero', '<h2>New <em>hero</em></h2>'), act('setText', '.note', '<b>plain</b>'));
    expect($('#hero').innerHTML).toBe('<h2>New <em>hero</em></h2>');
    expect([...document.querySelectorAll('.note')].map((n) => n.innerHTML)).toEqual(['&lt;b&gt;plain&lt;/b&gt;', '&lt;b&gt;plain&lt;/b&gt;']);
    expect(result).toEqual({ rendered: true, redirected: false, failures: 0 });
    expect(p.state).toBe('render-attempted');
  });

  it('setAttribute sets every attribute and drops event handlers and javascript: URLs', async () => {
    await render(act('setAttribute', '.cta', { class: 'cta green', 'data-variant': 'b', onclick: 'alert(1)', href: ' java\tscript:alert(1)' }));
    const a = $('.cta');
    expect(a.getAttribute('class')).toBe('cta green');
    expect(a.dataset.variant).toBe('b');
    expect(a.hasAttribute('onclick')).toBe(false);
    expect(a.getAttribute('href')).toBe('/a');
  });

  it('setStyle sets each property, with priority important when asked', async () => {
    await render(act('setStyle', 'h1', { color: 'rgb(0, 94, 184)', 'font-size': '30px', priority: 'important' }), act('setStyle', '#list', { 'margin-top': '4px' }));
    const h1 = $('h1');
    expect(h1.style.getPropertyValue('color')).toBe('rgb(0, 94, 184)');
    expect(h1.style.getPropertyPriority('color')).toBe('important');
    expect(h1.style.getPropertyPriority('font-size')).toBe('important');
    expect(h1.style.getPropertyValue('priority')).toBe('');
    expect($('#list').style.getPropertyValue('margin-top')).toBe('4px');
    expect($('#list').style.getPropertyPriority('margin-top')).toBe('');
  });

  it('setImageSource, remove', async () => {
    await render(act('setImageSource', '#pic', '/new.png'), act('remove', '.note'));
    expect($('#pic').getAttribute('src')).toBe('/new.png');
    expect(document.querySelectorAll('.note')).toHaveLength(0);
  });

  it('insertBefore, insertAfter, appendHtml, prependHtml', async () => {
    await render(
      act('insertBefore', '#list', '<p id="before">b</p>'),
      act('insertAfter', '#list', '<p id="after">a</p>'),
      act('appendHtml', '#list', '<li>d</li>'),
      act('prependHtml', '#list', '<li>0</li>'),
    );
    expect($('#list').previousElementSibling!.id).toBe('before');
    expect($('#list').nextElementSibling!.id).toBe('after');
    expect([...$('#list').children].map((li) => li.textContent)).toEqual(['0', 'a', 'b', 'c', 'd']);
  });

  it('rearrange moves the child at from to position to, both ways', async () => {
    await render(act('rearrange', '#list', { from: 0, to: 2 }));
    expect($('#list').textContent).toBe('bca');
    await render(act('rearrange', '#list', { from: 2, to: 0 }));
    expect($('#list').textContent).toBe('abc');
  });

  it('trackClick changes nothing and renders', async () => {
    const before = document.body.innerHTML;
    const { result } = await render(act('trackClick', '.cta'));
    expect(document.body.innerHTML).toBe(before);
    expect(result.rendered).toBe(true);
  });

  it('markup runs nothing: scripts, handlers, srcdoc and javascript: URLs are dropped; style elements get the nonce', async () => {
    const env = makeEnv({ nonce: 'n0nce' });
    await renderPropositions(
      [
        proposition([
          actions(
            act(
              'setHtml',
              '#hero',
              '<script>window.ran = 1</script><img src="x" onerror="window.ran = 2"><a href="javascript:void(window.ran = 3)">x</a><iframe srcdoc="<script>parent.ran = 4</script>"></iframe><svg><script>window.ran = 5</script></svg><style>h2 { color: red }</style>',
            ),
          ),
        ]),
      ],
      env,
    );
    const hero = $('#hero');
    expect(hero.querySelector('script')).toBeNull();
    expect(hero.querySelector('img')!.hasAttribute('onerror')).toBe(false);
    expect(hero.querySelector('a')!.hasAttribute('href')).toBe(false);
    expect(hero.querySelector('iframe')!.hasAttribute('srcdoc')).toBe(false);
    expect(hero.querySelector('style')!.getAttribute('nonce')).toBe('n0nce');
    expect((window as { ran?: number }).ran).toBeUndefined();
  });
});
