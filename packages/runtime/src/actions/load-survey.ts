import { injectScript } from '../core/inject-script';
import { toText } from '../core/read-path';
import type { ActionModule } from '../core/types';

/**
 * SPEC §7, §9: the site-feedback survey loader. It needs both the brand and the project
 * identifier, samples visitors (the decision kept in a cookie), adds the provider's placeholder
 * element and injects the provider's script with the page's nonce.
 */
const loadSurvey: ActionModule = (settings, event, ctx) => {
  const text = (value: unknown) => toText(ctx.resolve(value, event));
  const brand = text(settings.brand);
  const project = text(settings.project);
  if (!brand || !project) return ctx.log.error('Feedback survey not loaded: it needs both the brand and the project identifier');
  const cookie = 'tw_survey_' + project;
  let sampled = ctx.cookie.get(cookie);
  if (sampled === undefined) {
    sampled = Math.random() * 100 < (settings.sampleRate as number) ? '1' : '0';
    // The sampling cookie follows the visitor's cookie choice (SPEC §4).
    if (!/^(off|false|no|)$/i.test(text(settings.cookiesAllowed ?? 'on'))) ctx.cookie.set(cookie, sampled, { expires: settings.cookieDays as number });
  }
  if (sampled != '1') return ctx.log.log('Feedback survey: visitor not sampled');
  if (!document.getElementById('ZN_' + project)) {
    const placeholder = document.createElement('div');
    placeholder.id = 'ZN_' + project;
    document.body.appendChild(placeholder);
  }
  const url = text(settings.scriptUrl) + (text(settings.scriptUrl).indexOf('?') < 0 ? '?' : '&') + 'brand=' + encodeURIComponent(brand) + '&project=' + encodeURIComponent(project);
  return injectScript(ctx, url).catch(() => ctx.log.error('Could not load Intercept Project'));
};
export default loadSurvey;
