// Local stand-ins for the vendor scripts of CONTRACT §3, served on vendor.localhost.

const SURVEY = `/* Demo stand-in: the feedback-survey provider's intercept script (SPEC §7). Renders a survey banner into #ZN_<project>. */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script) {
    var all = document.querySelectorAll('script[src*="/survey/intercept.js"]');
    script = all[all.length - 1];
  }
  var params = new URL(script ? script.src : location.href, location.href).searchParams;
  var brand = params.get('brand') || '';
  var project = params.get('project') || '';
  if (!brand || !project) {
    console.warn('Could not load Intercept Project');
    return;
  }
  window.__survey = { brand: brand, project: project };

  function button(id, text, primary) {
    var b = document.createElement('button');
    b.type = 'button';
    b.id = id;
    b.className = 'nhsuk-button nhsuk-button--small' + (primary ? '' : ' nhsuk-button--secondary');
    b.textContent = text;
    b.style.marginRight = '16px';
    return b;
  }

  function render() {
    var id = 'ZN_' + project;
    var host = document.getElementById(id);
    if (!host) {
      host = document.createElement('div');
      host.id = id;
      document.body.insertBefore(host, document.body.firstChild);
    }
    if (host.querySelector('.survey-banner')) return;
    var banner = document.createElement('div');
    banner.className = 'survey-banner';
    banner.setAttribute('role', 'region');
    banner.setAttribute('aria-label', 'Website survey');
    banner.style.cssText = 'background:#e8f1f8;border-bottom:4px solid #005eb8;padding:16px 24px;';
    var heading = document.createElement('h2');
    heading.className = 'nhsuk-heading-s';
    heading.textContent = 'Help us improve this website';
    var text = document.createElement('p');
    text.textContent = 'Would you answer a few questions about your visit? It takes about 3 minutes.';
    var agree = button('survey-agree', 'Yes, I will help', true);
    var disagree = button('survey-disagree', 'No thanks', false);
    agree.addEventListener('click', function () {
      window.__surveyAgreed = true;
      text.textContent = 'Thank you. The survey will open when you finish your visit.';
      agree.remove();
      disagree.textContent = 'Close';
    });
    disagree.addEventListener('click', function () {
      banner.remove();
    });
    banner.appendChild(heading);
    banner.appendChild(text);
    banner.appendChild(agree);
    banner.appendChild(disagree);
    host.appendChild(banner);
  }

  if (document.body) render();
  else document.addEventListener('DOMContentLoaded', render);
  window.__surveyLoaded = true;
})();
`;

const SESSION_RECORDING = `/* Demo stand-in: the session-recording vendor script, loaded on a header account-link click (SPEC §7). Records nothing. */
window.__sessionRecording = true;
`;

const CUSTOM_CODE = `/* Demo stand-in: the external custom-code script, loaded on DOM ready (SPEC §7). */
window.__externalCustomCode = true;
`;

/** Path on vendor.localhost -> script. */
export const VENDOR_SCRIPTS: Readonly<Record<string, string>> = {
  '/survey/intercept.js': SURVEY,
  '/recording/session.js': SESSION_RECORDING,
  '/custom/site-code.js': CUSTOM_CODE,
};
