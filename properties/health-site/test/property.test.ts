import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadCustomCode } from '@tagwell/compiler';
import { buildSdr, parseProperty, renderSdrMarkdown, unusedDataElements, type Property } from '@tagwell/schema';
import { describe, expect, it } from 'vitest';

// The document itself, checked against SPEC.md, SDR.md and CONTRACT.md §3. Behaviour in a page is
// proven by the browser tests in e2e/health-site*.test.ts.

const root = path.join(import.meta.dirname, '..');
const result = parseProperty(JSON.parse(readFileSync(path.join(root, 'property.json'), 'utf8')));
if (!result.ok) throw new Error(result.errors.join('\n'));
const property: Property = result.property;
const sdr = buildSdr(property);
const rule = (name: string) => {
  const found = property.rules.find((r) => r.name === name);
  if (!found) throw new Error(`no rule ${name}`);
  return found;
};
const setBy = (variable: string) => sdr.variables.find((v) => v.name === variable)?.setBy.map((s) => s.value) ?? [];
const patternOf = (name: string, type: 'host' | 'path', part: 'conditions' | 'exceptions' = 'conditions') => {
  const c = rule(name)[part].find((x) => x.type === type);
  if (!c || (c.type !== 'host' && c.type !== 'path')) throw new Error(`no ${type} ${part} in ${name}`);
  return new RegExp(c.settings.pattern, c.settings.caseInsensitive ? 'i' : '');
};

describe('the health-site property', () => {
  it('is a valid document with the three environments and the demo hosts of CONTRACT §3', () => {
    expect(property.environments.production.hosts).toContain('www.health.localhost');
    expect(property.environments.staging.hosts).toEqual(['staging.health.localhost', 'drafts.health.localhost']);
    expect(property.environments.development.hosts).toEqual(['dev.health.localhost']);
    expect(property.settings.trackingServer).toBe('metrics.health.localhost');
    expect(property.settings.currency).toBe('GBP');
  });

  it('SDR.md: the fixed assignments on every hit, declared once for every hit and set by no rule', () => {
    expect(property.settings.everyHit).toEqual({
      pageName: '%Page Name%',
      channel: '%Primary Category%',
      prop1: '%Sub Category1%',
      prop2: '%Sub Category2%',
      prop3: '%Sub Category3%',
      prop4: '%Sub Category4%',
      prop5: '%Site Section%',
      eVar88: '%Stitching Flag%',
    });
    for (const variable of Object.keys(property.settings.everyHit ?? {})) expect(setBy(variable), variable).toEqual([]);
    expect(property.settings.privacy.postcodeFields).toEqual(['prop2', 'eVar10', 'eVar11']);
  });

  it('SPEC §9: reports new-versus-repeat (30-minute window) and the previous page name (30-minute cookie) with the page view', () => {
    expect(setBy('eVar70')).toEqual(['%New Or Repeat Visitor%']);
    expect(setBy('eVar71')).toEqual(['%Previous Page Name%']);
    expect(sdr.variables.find((v) => v.name === 'eVar70')?.setBy.map((s) => s.rule)).toEqual(['Global page view']);
    expect(sdr.variables.find((v) => v.name === 'eVar71')?.setBy.map((s) => s.rule)).toEqual(['Global page view']);
    const element = (name: string) => property.dataElements.find((e) => e.name === name);
    expect(element('New Or Repeat Visitor')).toMatchObject({ type: 'new-repeat', settings: { cookie: 'nhsuk_new_repeat' } });
    expect(element('Previous Page Name')).toMatchObject({ type: 'previous-value', settings: { input: '%Page Name%', cookie: 'nhsuk_previous_page' } });
    for (const variable of ['eVar70', 'eVar71']) expect(property.sdr[variable], variable).toBeTruthy();
  });

  it('SDR.md: search, links, tools and feedback', () => {
    expect(setBy('eVar10')).toEqual(['%Search Keyword%']);
    expect(setBy('eVar11')).toEqual(['%Service Search Location%']);
    expect(setBy('eVar12')).toEqual(['%Service Search Type%']);
    expect(setBy('eVar13')).toEqual(['%Search Section%']);
    expect(setBy('eVar14')).toEqual(['%Failed Search Reason%']);
    expect(new Set(setBy('prop15'))).toEqual(new Set(['%Total Result Count%']));
    expect(setBy('eVar18').every((v) => v === '%this.href%')).toBe(true);
    const tools = ['toolName', 'toolCategory', 'toolVersion', 'toolStage', 'toolStageName'];
    tools.forEach((field, i) => expect(setBy(`eVar${20 + i}`)).toContain(`%event.detail.${field}%`));
    expect(setBy('eVar25')).toEqual(['%Tool Result%']);
    expect(setBy('eVar30')).toEqual(['%Vaccine Dose%']);
    expect(new Set(setBy('eVar35'))).toEqual(new Set(['yes', 'no']));
    // SPEC §7 and the link names, each also copied into eVar17.
    const names = ['Find a Pharmacy', 'Login Failed', 'Image Thumbnails', 'Request a Home Test', 'Weight Range Expander', 'Survey: Agree', 'Cookies: Statistics Off',
      'Cookies: Marketing Off', 'Snack Swap: Close', 'Breakfast Swap: Close', 'Login Failed - Account Locked', 'Login Failed - Account Inactive', 'Login Failed - Invalid Credentials'];
    for (const name of names) {
      expect(setBy('linkName')).toContain(name);
      expect(setBy('eVar17')).toContain(name);
    }
  });

  it('SPEC §9: the event numbers', () => {
    const eventsOf = (name: string) =>
      rule(name).actions.flatMap((a) => (a.type === 'set-variables' ? (a.settings.events ?? []).map((e) => e.name) : []));
    expect(eventsOf('Global page view')).toEqual(['event1']);
    expect(eventsOf('Search: main search')).toEqual(['event2']);
    expect(eventsOf('Search: service search')).toEqual(['event3']);
    expect(eventsOf('Search: zero results')).toEqual(['event5']);
    expect(eventsOf('Search: failed search')).toEqual(['event6']);
    expect(eventsOf('Email sign-up: submitted')).toEqual(['event11']);
    expect(eventsOf('Email sign-up: confirmed')).toEqual(['event12']);
    expect(eventsOf('Tool: start')).toEqual(['event14']);
    expect(eventsOf('Tool: completion')).toEqual(['event15']);
    expect(eventsOf('Link: Find a Pharmacy')).toEqual(['event17']);
    expect(eventsOf('Card click')).toEqual(['event17', 'event20']);
    expect(eventsOf('Change4life cards shown')).toEqual(['event24']);
    expect(eventsOf('Feedback: Yes')).toEqual(['event25']);
  });

  it('SPEC §9: rule order 1 for the query-code capture, 50 for every other rule', () => {
    expect(rule('Query code capture').order).toBe(1);
    expect(property.rules.filter((r) => r.name !== 'Query code capture').every((r) => r.order === 50)).toBe(true);
  });

  it('SPEC §2: the global page view skips the excluded sites and pages, and addresses with a hash', () => {
    const hosts = patternOf('Global page view', 'host', 'exceptions');
    const excluded = ['apply.service.gov.localhost', 'oneyou.health.localhost', 'risk-check-beta.health.localhost', 'test-and-trace.health.localhost',
      'partner-one.test.localhost', 'partner-two.test.localhost', '111.wales.health.localhost'];
    for (const host of excluded) expect(hosts.test(host), host).toBe(true);
    const included = ['www.health.localhost', 'staging.health.localhost', 'dev.health.localhost', 'drafts.health.localhost', 'service-manual.health.localhost',
      'change4life.health.localhost', 'healthy-living.health.localhost', 'campaigns.health.localhost', 'enquiries.health.localhost', 'staff-check.health.localhost'];
    for (const host of included) expect(hosts.test(host), host).toBe(false);
    const paths = patternOf('Global page view', 'path', 'exceptions');
    expect(paths.test('/book-a-coronavirus-vaccination/check')).toBe(true);
    expect(paths.test('/book-a-coronavirus-vaccination/book/Appointment/Index/')).toBe(true);
    expect(paths.test('/book-a-coronavirus-vaccination/are-you-pregnant')).toBe(false);
    expect(rule('Global page view').conditions.map((c) => c.type)).toEqual(['no-hash']);
  });

  it('SPEC §7: the survey loads on the live, staging, dev and drafts hosts only', () => {
    const hosts = patternOf('Feedback survey', 'host');
    for (const host of ['www', 'staging', 'dev', 'drafts']) expect(hosts.test(`${host}.health.localhost`)).toBe(true);
    for (const host of ['service-manual', 'change4life', 'enquiries']) expect(hosts.test(`${host}.health.localhost`)).toBe(false);
    expect(rule('Feedback survey').events).toEqual([{ type: 'window-loaded' }]);
  });

  it('SPEC §3: the dose lookup maps six fixed identifiers to the six doses', () => {
    const lookup = property.dataElements.find((e) => e.name === 'Vaccine Dose');
    if (lookup?.type !== 'lookup-table') throw new Error('no dose lookup');
    expect(lookup.settings.table).toHaveLength(6);
    expect(lookup.settings.table.map((row) => row.out).sort()).toEqual(['Dose1', 'Dose2', 'Dose3', 'Dose4Plus', 'Overseas', 'Undefined']);
    expect(new Set(lookup.settings.table.map((row) => row.in)).size).toBe(6);
  });

  it('SPEC §3: reads the data-layer fields, query parameters and head meta tags the analysts report', () => {
    const paths = new Set(property.dataElements.flatMap((e) => (e.type === 'data-layer' ? [e.settings.path] : [])));
    const fields = [
      'page.category.primaryCategory', 'page.category.subCategory1', 'page.category.subCategory4', 'page.pageInfo.pageName', 'page.pageInfo.pageType',
      'page.pageInfo.pageGroup', 'page.pageInfo.pageFunction', 'page.pageInfo.checkinlocationId', 'page.pageInfo.checkinbookingReference', 'page.pageInfo.checkinPage',
      'page.nbs.source', 'page.nbs.type', 'page.nbs.group', 'page.nbs.data', 'page.nbs.origin', 'page.nbs.attendees', 'page.nbs.appointmentType',
      'page.nbs.numberOfAttendeesRequested', 'page.nbs.numberOfAttendeesAccepted', 'page.search.procedure', 'page.search.resultRank', 'page.totalResultCount',
      'page.isValidSearch', 'page.isAISiteSearch', 'page.isAutoComplete', 'page.AutoModerationResult.AutoModerationType',
      'page.AutoModerationResult.AutoModerationTitleResult', 'page.AutoModerationResult.AutoModerationCommentResult', 'page.MandatoryQuestionResult',
      'search.keyword', 'search.location', 'search.service', 'search.speciality', 'search.section', 'search.failedSearchReason', 'search.link.name',
      'error.type', 'error.description', 'user.odsCode', 'user.cid', 'orgType', 'platform', 'cardDetails.name', 'cardDetails.type', 'cardDetails.rank',
      'tool.toolName', 'tool.toolResult', 'tool.cholesterolReadingProvided', 'tool.bpReadingProvided', 'vaccination.doseCode', 'vaccination.proxyReasonCode',
    ];
    for (const field of fields) expect(paths.has(field), field).toBe(true);
    // Read and never needed: the page URL and link fields (the hit and the clicked element carry them), the consultant
    // searched for (free text), the page-level descriptions that repeat other variables, the API behind a page.
    const dropped = ['page.pageUrl', 'page.pageContentLink', 'page.link.linkElement', 'page.link.linkDestination', 'page.link.linkParent', 'search.consultant',
      'search.link.target', 'search.link.resultSelected', 'error.descriptionWithPage', 'link.name', 'link.url', 'apiServiceType', 'optimization'];
    for (const field of dropped) expect(paths.has(field), field).toBe(false);
    const params = new Set(property.dataElements.flatMap((e) => (e.type === 'query-parameter' ? [e.settings.name] : [])));
    // q, query and search-field are typed search terms (the data layer's keyword is reported instead), start_rank repeats
    // currentPage, id and feedbackcontext describe nothing the analysts report; useremail is never read, only removed.
    expect(params).toEqual(new Set(['gpOnlineReg', 'LocationName', 'Location.Name', 'distance', 'currentPage', 'code', 'stitchid']));
    expect(property.settings.privacy.deniedQueryParams).toEqual(['useremail', 'stitchid']);
    const metas = new Set(property.dataElements.flatMap((e) => (e.type === 'meta-tag' ? [e.settings.name] : [])));
    expect(metas).toEqual(new Set(['service-type', 'service-name', 'organisation-key', 'hospital-view']));
    // The nonce is read by the runtime itself, for the scripts it loads, and never reported.
    expect(property.settings.nonceMeta).toBe('csp-nonce');
    const named = new Set(property.dataElements.map((e) => e.name));
    for (const name of ['Page Name', 'Primary Category', 'Sub Category1', 'Sub Category2', 'Sub Category3', 'Sub Category4', 'T&T Org Type', 'Check In Page',
      'Check In Location', 'Check In Booking Ref', 'Book a Vaccination Code', 'Stitching ID Cookie', 'Stitching ID Query', 'Stitching ID Data Layer', 'Proxy Reason Code',
      'Vaccination Booking Actual Group Size', 'Vaccination Booking Intended Group Size'])
      expect(named.has(name), name).toBe(true);
  });

  it('uses every data element it reads: each reaches a variable, a condition or an action (tagwell sdr --unused)', () => {
    const code = loadCustomCode(property, root);
    expect(unusedDataElements(property, (at) => code.get(at)?.body)).toEqual([]);
  });

  it('reports the booking, search, service, moderation and error fields in documented variables', () => {
    const assigned: Record<string, string> = {
      prop16: '%Service Name%', prop17: '%Organisation Key%', prop18: '%Hospital View%', prop19: '%Error Description%',
      eVar27: '%GP Online Reg%', eVar36: '%NBS Source%', eVar37: '%NBS Type%', eVar38: '%NBS Group%', eVar39: '%NBS Origin%', eVar43: '%NBS Data%',
      eVar44: '%NBS Attendees%', eVar45: '%Booking Code Dose%', eVar46: '%Auto Moderation Type%', eVar47: '%Auto Moderation Title Result%',
      eVar48: '%Auto Moderation Comment Result%', eVar49: '%Mandatory Question Result%',
      prop20: '%Search Procedure%', prop21: '%Is Valid Search%', prop22: '%Is AI Site Search%', prop23: '%Is Auto Complete%', prop24: '%Current Page%',
      eVar15: '%Search Service%', eVar16: '%Search Speciality%', prop25: '%Distance%', eVar19: '%Search Link Name%', prop26: '%Search Result Rank%',
    };
    for (const [variable, value] of Object.entries(assigned)) expect(new Set(setBy(variable)), variable).toEqual(new Set([value]));
    const ruleOf = (variable: string) => new Set(sdr.variables.find((v) => v.name === variable)?.setBy.map((s) => s.rule));
    expect(ruleOf('eVar45')).toEqual(new Set(['Global page view']));
    expect(ruleOf('prop21')).toEqual(new Set(['Search: main search', 'Search: service search']));
    expect(ruleOf('prop25')).toEqual(new Set(['Search: service search']));
    expect(ruleOf('eVar19')).toEqual(new Set(['Search: result click']));
    expect(setBy('eVar26')).toEqual(['%Clicked Card%']);
    // The booking code leaves only as the dose it stands for: a code outside the dose lookup is not sent.
    const lookup = (name: string) => property.dataElements.find((e) => e.name === name);
    const bookingDose = lookup('Booking Code Dose');
    const dose = lookup('Vaccine Dose');
    if (bookingDose?.type !== 'lookup-table' || dose?.type !== 'lookup-table') throw new Error('no dose lookups');
    expect(bookingDose.settings).toEqual({ ...dose.settings, input: '%Book a Vaccination Code%' });
    // Each with its meaning in the generated SDR, as every variable, event and context-data key it sends.
    for (const entry of [...sdr.variables, ...sdr.events, ...sdr.contextData]) expect(entry.description, entry.name).not.toBe('');
    expect(readFileSync(path.join(root, 'code', 'card-detail.js'), 'utf8')).toMatch(/getVar\('Card Name'\)[\s\S]*getVar\('Card Type'\)[\s\S]*getVar\('Card Rank'\)/);
  });

  it('keeps docs/SDR.md generated from this document', () => {
    const doc = readFileSync(path.join(root, '..', '..', 'docs', 'SDR.md'), 'utf8');
    expect(doc, 'run: npx tagwell sdr properties/health-site --markdown docs/SDR.md').toBe(renderSdrMarkdown(sdr));
  });
});
