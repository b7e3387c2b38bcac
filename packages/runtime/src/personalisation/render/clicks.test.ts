// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutoCollect } from '../types';
import { renderPropositions } from './index';
import { actions, click, makeEnv, proposition } from './test-support';

// SPEC §4, §5: clicks on rendered content per autoCollectPropositionInteractions. The page keeps
// every rendered proposition for its life, so each test uses its own ids.
let n = 0;
let id: (name: string) => string;
beforeEach(() => {
  n++;
  id = (name) => `${name}-${n}`;
  document.body.innerHTML = `
    <section id="${id('hero')}"><h1>Title</h1></section>
    <a id="${id('goal')}" href="#">Goal</a>
    <button id="${id('tracked')}">Tracked</button>
    <p id="${id('elsewhere')}">Elsewhere</p>`;
});

/** One proposition: renders into the hero (a decorated link inside), tracks a button, has a click goal. */
async function renderedWith(autoCollect: AutoCollect) {
  const env = makeEnv({ autoCollect });
  const hero = `#${id('hero')}`;
  const p = proposition(
    [
      actions(
        { type: 'setHtml', selector: hero, content: `<h2 id="${id('plain')}">New</h2><a id="${id('decorated')}" data-aep-click-label="cta"><span id="${id('inner')}">Book</span></a>` },
        { type: 'trackClick', selector: `#${id('tracked')}` },
      ),
    ],
    { metrics: [{ type: 'click', selector: `#${id('goal')}`, eventToken: 'goal-token' }] },
  );
  await renderPropositions([p], env);
  return env;
}

const clicks = async (autoCollect: AutoCollect) => {
  const env = await renderedWith(autoCollect);
  for (const name of ['plain', 'inner', 'decorated', 'tracked', 'goal', 'elsewhere']) click(`#${id(name)}`);
  return env.clicked.map(([, metric]) => metric ?? 'rendered');
};

describe('clicks on rendered content', () => {
  it('always: any click inside rendered content, the trackClick element and the click goal', async () => {
    expect(await clicks('always')).toEqual(['rendered', 'rendered', 'rendered', 'rendered', `#${id('goal')}`]);
  });

  it('decoratedElementsOnly: inside rendered content only on decorated elements; tracked elements and goals still', async () => {
    expect(await clicks('decoratedElementsOnly')).toEqual(['rendered', 'rendered', 'rendered', `#${id('goal')}`]);
  });

  it('never: only trackClick elements and the click goals of the answer (Target reports its own metrics)', async () => {
    expect(await clicks('never')).toEqual(['rendered', `#${id('goal')}`]);
  });

  it('names the proposition; a click inside content the goal also matches is reported once, with the metric', async () => {
    const env = makeEnv();
    const hero = `#${id('hero')}`;
    await renderPropositions(
      [proposition([actions({ type: 'setHtml', selector: hero, content: `<a class="${id('cta')}">Book</a>` })], { scope: 'banner', metrics: [{ type: 'click', selector: `.${id('cta')}`, eventToken: 't' }] })],
      env,
    );
    click(`.${id('cta')}`);
    expect(env.clicked).toEqual([['banner', `.${id('cta')}`]]);
  });

  it('one capturing, passive listener serves every proposition; a failing callback or a bad metric selector does not stop the others', async () => {
    const add = vi.spyOn(document, 'addEventListener');
    const before = add.mock.calls.filter(([type]) => type == 'click').length;
    const failing = makeEnv({
      onClick: () => {
        throw new Error('callback failed');
      },
    });
    const hero = `#${id('hero')}`;
    await renderPropositions([proposition([actions({ type: 'setText', selector: hero, content: 'x' })], { metrics: [{ type: 'click', selector: 'a[', eventToken: 't' }] })], makeEnv());
    await renderPropositions([proposition([actions({ type: 'setAttribute', selector: hero, content: { title: 'x' } })])], failing);
    const env = makeEnv();
    await renderPropositions([proposition([actions({ type: 'setStyle', selector: hero, content: { color: 'red' } })], { scope: 'last' })], env);
    click(hero);
    expect(env.clicked).toEqual([['last', undefined]]);
    // Three propositions rendered: at most the page's one listener was added (none when an earlier test added it).
    expect(add.mock.calls.filter(([type]) => type == 'click').length - before).toBeLessThanOrEqual(1);
    add.mockRestore();
  });

  it('a proposition not rendered reports no clicks', async () => {
    const env = makeEnv();
    await renderPropositions([proposition([actions({ type: 'nonsense', selector: `#${id('goal')}` })], { metrics: [{ type: 'click', selector: `#${id('goal')}`, eventToken: 't' }] })], env);
    click(`#${id('goal')}`);
    expect(env.clicked).toEqual([]);
  });
});

describe('the click listener', () => {
  it('is capturing and passive, so a page that stops the click still reports it', async () => {
    const env = await renderedWith('always');
    document.getElementById(id('hero'))!.addEventListener('click', (event) => event.stopPropagation());
    click(`#${id('plain')}`);
    expect(env.clicked).toHaveLength(1);
  });
});
