import type { Proposition, RenderEnv, RenderResult, WireAction } from '../types';
import { trackClicks } from './clicks';
import { ACTIONS, problemOf, selectorOf } from './dom-actions';
import { htmlAction } from './html';
import { redirect } from './redirect';
import { waitForSelector } from './wait-for-selector';

export { propositionsOf } from './propositions';

/**
 * Applies one action to every element its selector matches, waiting for a late one (SPEC §9: at
 * most `selectorTimeout`); resolves whether it rendered. Every failure is logged (SPEC §8).
 */
function apply(action: WireAction, env: RenderEnv, rendered: Element[], clickTracked: Element[]): Promise<boolean> {
  const problem = problemOf(action);
  if (problem) {
    env.log.warn('Invalid DOM action data: ' + problem);
    return Promise.resolve(false);
  }
  const selector = selectorOf(action) as string;
  return waitForSelector(selector, env.selectorTimeout)
    .then((elements) => {
      if (!elements.length) env.log.warn('Selector not found in time: ' + selector);
      for (const el of elements) (action.type == 'trackClick' ? clickTracked : rendered).push(...(ACTIONS[action.type as string]!(el, action.content, env.nonce) || [el]));
      return !!elements.length;
    })
    .catch((error) => {
      env.log.error('Failed to execute action', error);
      return false;
    });
}

/** The proposition's redirect offer; none for a malformed proposition (renderOne logs it). */
const redirectOf = (proposition: Proposition) => {
  try {
    return proposition.options.find((option) => option.type == 'redirect');
  } catch {
    return undefined;
  }
};

const failed = (env: RenderEnv, result: RenderResult, error: unknown) => {
  env.log.error('Failed to execute action', error);
  result.failures++;
};

/**
 * Renders one proposition's options (JSON offers are left to the vendor API). SPEC §4: it moves to
 * `render-attempted` once something rendered, or when it had nothing to render (a control
 * experience), and only then are clicks on it reported; a proposition is rendered once.
 */
async function renderOne(proposition: Proposition, env: RenderEnv, result: RenderResult) {
  if (proposition.state) return;
  proposition.state = 'not-rendered';
  const rendered: Element[] = [];
  const clickTracked: Element[] = [];
  const jobs: Promise<boolean>[] = [];
  for (const { type, content } of proposition.options) {
    if (type == 'actions') for (const action of Array.isArray(content) ? content : [content]) jobs.push(apply(action, env, rendered, clickTracked));
    if (type == 'html') {
      const action = htmlAction(proposition, content);
      if (!action) env.log.warn('Invalid HTML content data');
      jobs.push(action ? apply(action, env, rendered, clickTracked) : Promise.resolve(false));
    }
  }
  const done = await Promise.all(jobs);
  const ok = done.filter(Boolean).length;
  result.failures += done.length - ok;
  if (ok || !proposition.options.length) {
    proposition.state = 'render-attempted';
    result.rendered ||= !!ok;
    trackClicks(proposition, rendered, clickTracked, env);
  }
}

/**
 * Renders the propositions of one answer into the page; never rejects. SPEC §4: a redirect renders
 * alone (nothing else is applied, the caller keeps the body hidden). Resolves once every action
 * rendered, failed or timed out waiting for its element.
 */
export async function renderPropositions(propositions: Proposition[], env: RenderEnv): Promise<RenderResult> {
  const result: RenderResult = { rendered: false, redirected: false, failures: 0 };
  try {
    for (const proposition of propositions) {
      const option = redirectOf(proposition);
      if (option && !proposition.state) {
        // An invalid redirect is logged and its proposition skipped; the others render.
        proposition.state = 'not-rendered';
        if (redirect(option.content, env)) {
          proposition.state = 'render-attempted';
          result.rendered = result.redirected = true;
          return result;
        }
        result.failures++;
      }
    }
    // A malformed proposition fails alone.
    await Promise.all(propositions.map((proposition) => renderOne(proposition, env, result).catch((error) => failed(env, result, error))));
  } catch (error) {
    failed(env, result, error);
  }
  return result;
}
