/*
 * The demo health site's own script (docs/HEALTH-SITE.md): cookie consent, the data layer of
 * card and search-result clicks, tool starts, e-mail sign-up, check-in, NHS login errors,
 * galleries, Change4life swaps and cards, feedback and the test page. Loaded with the page's
 * CSP nonce; no inline handlers.
 */
(function () {
  'use strict';

  var CONSENT_COOKIE = 'nhsuk-cookie-consent';
  var NINETY_DAYS = 90 * 24 * 60 * 60;

  function dispatch(name, detail) {
    document.dispatchEvent(new CustomEvent(name, { bubbles: true, detail: detail === undefined ? null : detail }));
  }

  function byId(id) {
    return document.getElementById(id);
  }

  function show(el, visible) {
    if (el) el.hidden = !visible;
  }

  // ---- Consent (docs/HEALTH-SITE.md §Consent) ----

  /** The parent domain, so every *.health.localhost site shares one choice. */
  function cookieDomain() {
    return /(^|\.)health\.localhost$/.test(location.hostname) ? 'health.localhost' : null;
  }

  function readConsent() {
    var parts = document.cookie ? document.cookie.split(';') : [];
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i].replace(/^\s+/, '');
      if (part.indexOf(CONSENT_COOKIE + '=') !== 0) continue;
      var value = part.slice(CONSENT_COOKIE.length + 1);
      try {
        return JSON.parse(value);
      } catch {
        try {
          return JSON.parse(decodeURIComponent(value));
        } catch {
          return null;
        }
      }
    }
    return null;
  }

  function writeConsent(statistics, marketing) {
    var choice = { necessary: true, statistics: Boolean(statistics), marketing: Boolean(marketing), consented: true };
    var domain = cookieDomain();
    document.cookie = CONSENT_COOKIE + '=' + JSON.stringify(choice) + (domain ? '; domain=' + domain : '') + '; path=/; max-age=' + NINETY_DAYS + '; SameSite=Lax';
    dispatch('cookie-consent-changed', { statistics: choice.statistics, marketing: choice.marketing });
  }

  function closeBanner(confirm) {
    show(byId('nhsuk-cookie-banner'), false);
    show(byId('nhsuk-cookie-confirmation-banner'), confirm);
  }

  function initConsent() {
    var current = readConsent();
    if (current && current.consented) closeBanner(false);

    var form = byId('cookie-preferences');
    if (!form) return;
    if (current && current.consented) {
      setRadio(form, 'statistics', current.statistics ? 'on' : 'off');
      setRadio(form, 'marketing', current.marketing ? 'on' : 'off');
    }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      writeConsent(radioValue(form, 'statistics') === 'on', radioValue(form, 'marketing') === 'on');
      closeBanner(false);
      var saved = byId('cookie-preferences-saved');
      show(saved, true);
      if (saved) saved.scrollIntoView({ block: 'nearest' });
    });
  }

  function setRadio(form, name, value) {
    var input = form.querySelector('input[name="' + name + '"][value="' + value + '"]');
    if (input) input.checked = true;
  }

  function radioValue(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : null;
  }

  // ---- The data layer of a click (docs/HEALTH-SITE.md) ----
  // Filled in the capture phase, before the container's click rules (bubbling on document) read it.

  document.addEventListener('click', function (event) {
    var target = event.target;
    var data = window.digitalData;
    if (!(target instanceof Element) || !data || !data.page) return;
    var cardLink = target.closest('.nhsuk-card--clickable a, .nhsuk-card__link');
    var card = cardLink ? cardLink.closest('[data-card-name]') : null;
    if (card) {
      data.cardDetails = {
        name: card.getAttribute('data-card-name') || '',
        type: card.getAttribute('data-card-type') || '',
        rank: card.getAttribute('data-card-rank') || '',
      };
    }
    var result = target.closest('.app-search-results a');
    if (result) {
      var item = result.closest('[data-result-rank]');
      data.search = data.search || {};
      data.search.link = { name: (result.textContent || '').trim() };
      data.page.search = data.page.search || {};
      data.page.search.resultRank = item ? item.getAttribute('data-result-rank') || '' : '';
    }
  }, true);

  // ---- Clicks, delegated so that cards added later work too ----

  var clickHandlers = [
    ['#nhsuk-cookie-banner__link_accept_analytics', function () {
      writeConsent(true, true);
      closeBanner(true);
    }],
    ['#nhsuk-cookie-banner__link_accept', function () {
      writeConsent(false, false);
      closeBanner(true);
    }],
    ['[data-tool-start]', startTool],
    ['.app-feedback__yes, .app-feedback__no', answerFeedback],
    ['.app-gallery__thumbnail', showGalleryImage],
    ['.app-swap__close', function (el) {
      var panel = el.closest('.app-swap');
      show(panel, false);
    }],
    ['#change4life-show-more', showMoreCards],
    ['#checkin-submit', checkIn],
    ['#expand-booking-details', toggleBookingDetails],
    ['[data-login-error]', loginError],
    ['#login-failed', function (el) {
      var help = byId('login-help');
      var open = help ? help.hidden : false;
      show(help, open);
      el.setAttribute('aria-expanded', String(open));
    }],
    ['#test-event-1', function () {
      dispatch('TestEvent1');
      show(byId('test-event-status'), true);
    }],
  ];

  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    for (var i = 0; i < clickHandlers.length; i++) {
      var el = target.closest(clickHandlers[i][0]);
      if (el) clickHandlers[i][1](el, event);
    }
  });

  /** docs/HEALTH-SITE.md: `_satellite.track('tool_start', …)` when a health tool starts. */
  function startTool() {
    var tool = (window.digitalData && window.digitalData.tool) || {};
    var detail = {
      toolName: tool.toolName,
      toolCategory: tool.toolCategory,
      toolVersion: tool.toolVersion,
      toolStage: 'start',
      toolStageName: tool.toolStageName || 'start',
    };
    try {
      if (window._satellite && typeof window._satellite.track === 'function') window._satellite.track('tool_start', detail);
    } catch {
      // The tag container must never stop the visitor from starting the tool.
    }
  }

  function answerFeedback(el) {
    var section = el.closest('.app-feedback');
    if (!section) return;
    show(section.querySelector('.app-feedback__buttons'), false);
    show(section.querySelector('.app-feedback__thanks'), true);
  }

  function showGalleryImage(thumb) {
    var gallery = thumb.closest('[data-gallery]');
    if (!gallery) return;
    var image = gallery.querySelector('.app-gallery__image');
    var caption = gallery.querySelector('.app-gallery__caption');
    if (image) {
      image.src = thumb.getAttribute('data-src');
      image.alt = thumb.getAttribute('data-alt') || '';
    }
    if (caption) caption.textContent = thumb.getAttribute('data-caption') || '';
    var index = thumb.getAttribute('data-index');
    gallery.querySelectorAll('.app-gallery__thumbnail').forEach(function (t) {
      t.setAttribute('aria-pressed', String(t === thumb));
    });
    gallery.querySelectorAll('.app-gallery__description').forEach(function (d) {
      d.hidden = d.getAttribute('data-index') !== index;
    });
  }

  // ---- Change4life cards (event24) ----

  function reportCards(container) {
    var count = container.querySelectorAll('.nhsuk-card').length;
    if (count) dispatch('change4life-cards-shown', { count: count });
  }

  function showMoreCards(button) {
    var template = byId('change4life-more-cards');
    var container = document.querySelector('[data-change4life-cards]');
    if (!template || !container) return;
    var fresh = document.createElement('div');
    fresh.appendChild(template.content.cloneNode(true));
    container.appendChild(fresh);
    template.remove();
    show(button, false);
    reportCards(fresh);
  }

  // ---- Vaccination check-in (SPEC §4) ----

  function checkIn(button) {
    var simulate = byId('checkin-simulate-offline');
    var offline = (simulate && simulate.checked) || navigator.onLine === false;
    dispatch(offline ? 'checkin-request-offline' : 'checkin-request-live');
    var status = byId('checkin-status');
    if (status) {
      status.textContent = offline
        ? 'You have no signal. Your check-in has been saved and will be sent when you are back online.'
        : 'You are checked in. Please take a seat and wait to be called.';
      show(status, true);
    }
    button.disabled = !offline;
  }

  function toggleBookingDetails(button) {
    var panel = byId(button.getAttribute('aria-controls'));
    if (!panel) return;
    var opening = panel.hidden;
    show(panel, opening);
    button.setAttribute('aria-expanded', String(opening));
    button.textContent = opening ? 'Hide booking details' : 'View booking details';
    if (opening) dispatch('expand-booking-details');
  }

  // ---- NHS login errors (SPEC §4) ----

  function loginError(button) {
    var kind = button.getAttribute('data-login-error');
    dispatch('login-error-' + kind);
    var summary = byId('login-error-summary');
    var message = byId('login-error-message');
    if (message) message.textContent = button.getAttribute('data-message') || '';
    if (summary) {
      show(summary, true);
      summary.focus();
    }
  }

  // ---- Forms ----

  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.classList.contains('app-email-signup__form')) {
      event.preventDefault();
      emailSignup(form);
    } else if (form.classList.contains('app-pharmacy-search')) {
      event.preventDefault();
      var input = form.querySelector('input');
      var place = input ? input.value.trim() : '';
      // Postcodes in capitals (LS1 4AP), town names as typed.
      if (/^[a-z]{1,2}\d/i.test(place)) place = place.toUpperCase();
      if (place) window.location.href = '/service-search/pharmacy/' + encodeURIComponent(place);
    }
  });

  /** docs/HEALTH-SITE.md: `email-signup` with `{ list }`; the address never leaves the form. */
  function emailSignup(form) {
    var input = form.querySelector('input[type="email"]');
    var error = form.querySelector('.app-email-signup__error');
    var group = input ? input.closest('.nhsuk-form-group') : null;
    var valid = input && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.value.trim());
    show(error, !valid);
    if (group) group.classList.toggle('nhsuk-form-group--error', !valid);
    if (!valid) {
      if (input) input.focus();
      return;
    }
    dispatch('email-signup', { list: form.getAttribute('data-list') });
    input.value = '';
    var section = form.closest('.app-email-signup');
    show(form, false);
    show(section ? section.querySelector('.app-email-signup__thanks') : null, true);
  }

  // ---- Start ----

  initConsent();
  function onReady() {
    document.querySelectorAll('[data-change4life-cards]').forEach(reportCards);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', onReady);
  else setTimeout(onReady, 0);
})();
