// Site search and service search (SPEC §2: service-search/{type}/{location}, /service-search/Performance/Search).
import { FIND_A_PHARMACY_PATH, actionLink, cardGrid, definePage, inset, pageHeading, submitButton, summaryList, textInput } from '../components';
import { dataLayer } from '../data-layer';
import { html } from '../html';
import type { DemoPage } from '../types';

interface Result {
  href: string;
  title: string;
  snippet: string;
}

const CHICKENPOX_RESULTS: Result[] = [
  { href: '/conditions/chickenpox', title: 'Chickenpox', snippet: 'Find out about chickenpox, including what the symptoms are, how to treat it at home and when to get medical help.' },
  { href: '/vaccinations/flu-vaccine/', title: 'Flu vaccine', snippet: 'Find out who should have the flu vaccine, where to get it and how it works.' },
  { href: '/pregnancy/keeping-well/vaccinations/', title: 'Vaccinations in pregnancy', snippet: 'What to do if you have not had chickenpox and you are exposed to it while pregnant.' },
  { href: '/conditions/hives', title: 'Hives', snippet: 'A raised, itchy rash. How to tell it from other rashes and what to do about it.' },
];

function resultList(results: readonly Result[]) {
  return html`<ol class="nhsuk-list app-search-results">${results.map(
    (r, i) => html`<li class="app-search-results__item" data-result-rank="${String(i + 1)}"><h2 class="nhsuk-heading-s nhsuk-u-margin-bottom-1"><a href="${r.href}">${r.title}</a></h2><p class="nhsuk-body-s">${r.snippet}</p></li>`,
  )}</ol>`;
}

function searchForm(value: string) {
  return html`<form class="app-search-form" action="/search" method="get" role="search">${textInput('search-page-field', 'Search the NHS website', { name: 'q', type: 'search', value })}${submitButton('Search')}</form>`;
}

export const searchResults = definePage({
  path: '/search',
  title: 'Search results for chickenpox',
  digitalData: dataLayer({
    pageName: 'search:results',
    primaryCategory: 'search',
    subCategories: ['results'],
    pageType: 'search results',
    page: { totalResultCount: '48', isValidSearch: 'true', isAISiteSearch: 'false', isAutoComplete: 'false', search: { procedure: 'site search' } },
    search: { keyword: 'chickenpox', section: 'all' },
  }),
  body: html`${pageHeading('Search results for chickenpox')}
${searchForm('chickenpox')}
<p>48 results. Showing 1 to 4.</p>
${resultList(CHICKENPOX_RESULTS)}
<nav class="nhsuk-pagination" role="navigation" aria-label="Pagination"><ul class="nhsuk-list nhsuk-pagination__list"><li class="nhsuk-pagination-item--next"><a class="nhsuk-pagination__link nhsuk-pagination__link--next" href="/search?q=chickenpox&amp;currentPage=2&amp;start_rank=11"><span class="nhsuk-pagination__title">Next</span><span class="nhsuk-u-visually-hidden">:</span><span class="nhsuk-pagination__page">Page 2</span></a></li></ul></nav>`,
});

/** event5: a search with no results. */
export const searchNoResults = definePage({
  path: '/search/no-results',
  title: 'No results for chikenpocks',
  digitalData: dataLayer({
    pageName: 'search:no-results',
    primaryCategory: 'search',
    subCategories: ['no-results'],
    pageType: 'search results',
    page: { totalResultCount: '0', isValidSearch: 'true', isAISiteSearch: 'false', isAutoComplete: 'false', search: { procedure: 'site search' } },
    search: { keyword: 'chikenpocks', section: 'all' },
  }),
  body: html`${pageHeading('No results found for chikenpocks')}
${searchForm('chikenpocks')}
<p>We could not find anything matching your search. Check the spelling or try different words.</p>
<p>Did you mean <a href="/search?q=chickenpox">chickenpox</a>?</p>`,
});

export const serviceSearchHome = definePage({
  path: '/service-search',
  title: 'Find NHS services',
  digitalData: dataLayer({ pageName: 'service-search:home', primaryCategory: 'service-search', subCategories: ['home'], pageType: 'hub' }),
  body: html`${pageHeading('Find NHS services', 'Find services near you, check opening times and see how they are rated.')}
${cardGrid([
  { name: 'find a pharmacy', type: 'service search', href: FIND_A_PHARMACY_PATH, heading: 'Find a pharmacy', description: 'Search by postcode or town for pharmacies near you.' },
  { name: 'hospital performance', type: 'service search', href: '/service-search/Performance/Search', heading: 'Compare hospital performance', description: 'Waiting times, ratings and reviews for hospitals in England.' },
])}`,
});

export const findAPharmacy = definePage({
  path: FIND_A_PHARMACY_PATH,
  title: 'Find a pharmacy',
  digitalData: dataLayer({ pageName: 'service-search:pharmacy:find-a-pharmacy', primaryCategory: 'service-search', subCategories: ['pharmacy', 'find-a-pharmacy'], pageType: 'search form' }),
  body: html`${pageHeading('Find a pharmacy', 'Pharmacists can give you advice on minor illnesses and medicines, and some offer vaccinations and health checks.')}
<form class="app-pharmacy-search" action="${FIND_A_PHARMACY_PATH}" method="get" novalidate>
${textInput('pharmacy-location', 'Enter a postcode or town', { hint: 'For example, LS1 4AP or Leeds', width: 20 })}
${submitButton('Search')}
</form>
<h2 class="nhsuk-heading-s">Recent searches</h2>
<ul class="nhsuk-list">
<li><a href="/service-search/pharmacy/LS1%204AP?distance=5">Pharmacies near LS1 4AP</a></li>
<li><a href="/service-search/pharmacy/12345">Pharmacies near location 12345</a></li>
<li><a href="/service-search/pharmacy/Leeds?LocationName=Leeds">Pharmacies in Leeds</a></li>
</ul>`,
});

interface Pharmacy {
  name: string;
  address: string;
  phone: string;
  distance: string;
  open: string;
}

const LEEDS: Pharmacy[] = [
  { name: 'Park Square Pharmacy', address: '12 Park Square East, Leeds', phone: '0113 496 0001', distance: '0.2 miles away', open: 'Open until 6pm' },
  { name: 'Boar Lane Chemist', address: '40 Boar Lane, Leeds', phone: '0113 496 0002', distance: '0.4 miles away', open: 'Open until 7pm' },
  { name: 'Kirkgate Pharmacy', address: '3 Kirkgate, Leeds', phone: '0113 496 0003', distance: '0.7 miles away', open: 'Open 24 hours' },
];

function pharmacyList(pharmacies: readonly Pharmacy[]) {
  return html`<ol class="nhsuk-list app-service-results">${pharmacies.map(
    (p, i) => html`<li class="app-service-results__item" data-result-rank="${String(i + 1)}"><h2 class="nhsuk-heading-m nhsuk-u-margin-bottom-2">${p.name}</h2>${summaryList([
      ['Address', p.address],
      ['Phone', p.phone],
      ['Distance', p.distance],
      ['Opening times', p.open],
    ])}</li>`,
  )}</ol>`;
}

/** A results page for service-search/pharmacy/{location}; the page name keeps the location (the container hides postcodes). */
export function pharmacyResults(location: string, pharmacies: readonly Pharmacy[] = LEEDS, total = 12): DemoPage {
  const lower = location.toLowerCase();
  const failed = pharmacies.length === 0;
  return definePage({
    path: `/service-search/pharmacy/${location}`,
    title: failed ? `No pharmacies found for ${location}` : `Pharmacies near ${location}`,
    digitalData: dataLayer({
      pageName: `service-search:pharmacy:${lower}`,
      primaryCategory: 'service-search',
      subCategories: ['pharmacy', lower, 'results'],
      pageType: 'search results',
      orgType: 'pharmacy',
      page: { totalResultCount: String(failed ? 0 : total), isValidSearch: failed ? 'false' : 'true', isAutoComplete: 'false', isAISiteSearch: 'false', search: { procedure: 'service search' } },
      search: { service: 'pharmacy', location: lower, section: 'pharmacy', ...(failed ? { failedSearchReason: 'location not recognised' } : {}) },
    }),
    meta: { 'service-type': 'Pharmacy', 'service-name': 'Find a pharmacy' },
    body: failed
      ? html`${pageHeading(`No pharmacies found for ${location}`)}
<p>We could not find a place called ${location}. Check the spelling or enter a postcode.</p>
${actionLink(FIND_A_PHARMACY_PATH, 'Search again', { 'data-link': 'find-a-pharmacy' })}`
      : html`${pageHeading(`Pharmacies near ${location}`)}
<p>Showing the ${String(pharmacies.length)} nearest of ${String(total)} pharmacies.</p>
${pharmacyList(pharmacies)}
${inset(html`<p>Some pharmacies offer the flu vaccine and blood pressure checks. Ask the pharmacist for details.</p>`)}
<p><a href="${FIND_A_PHARMACY_PATH}" data-link="find-a-pharmacy">Search for another location</a></p>`,
  });
}

export const pharmacyPostcode = pharmacyResults('LS1 4AP');
export const pharmacyNumeric = pharmacyResults('12345', LEEDS.slice(0, 2), 2);
/** event6: a failed service search. */
export const pharmacyFailed = pharmacyResults('Narnia', []);

export const performanceSearch = definePage({
  path: '/service-search/Performance/Search',
  title: 'Compare hospital performance',
  digitalData: dataLayer({
    pageName: 'service-search:performance:search',
    primaryCategory: 'service-search',
    subCategories: ['performance', 'search'],
    pageType: 'search results',
    orgType: 'hospital',
    page: { totalResultCount: '3', isValidSearch: 'true', search: { procedure: 'performance search' } },
    search: { service: 'hospital', location: 'leeds', speciality: 'trauma and orthopaedics', section: 'performance' },
  }),
  meta: { 'service-type': 'Hospital', 'service-name': 'Leeds General Infirmary', 'organisation-key': 'RR801', 'hospital-view': 'performance' },
  body: html`${pageHeading('Compare hospital performance', 'Trauma and orthopaedics near Leeds')}
<table class="nhsuk-table"><caption class="nhsuk-table__caption">Waiting times</caption>
<thead class="nhsuk-table__head"><tr><th scope="col">Hospital</th><th scope="col">Average wait</th><th scope="col">Rating</th></tr></thead>
<tbody class="nhsuk-table__body">
<tr><td>Leeds General Infirmary</td><td>14 weeks</td><td>4 out of 5</td></tr>
<tr><td>St James’s University Hospital</td><td>16 weeks</td><td>4 out of 5</td></tr>
<tr><td>Chapel Allerton Hospital</td><td>11 weeks</td><td>5 out of 5</td></tr>
</tbody></table>`,
});

export const searchPages: DemoPage[] = [searchResults, searchNoResults, serviceSearchHome, findAPharmacy, pharmacyPostcode, pharmacyNumeric, pharmacyFailed, performanceSearch];

/** Service search for any location a visitor types (the static pages above win). */
export function resolveSearchPage(path: string): DemoPage | undefined {
  const match = /^\/service-search\/pharmacy\/([^/]{1,60})$/.exec(path);
  if (!match?.[1] || match[1] === 'find-a-pharmacy') return undefined;
  const location = match[1].trim();
  if (!/^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u.test(location)) return undefined;
  return pharmacyResults(location);
}
