import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSdr, parseProperty, renderSdrMarkdown, type Property } from '@tagwell/schema';
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

  it('SDR.md: the fixed assignments on every hit', () => {
    expect(setBy('pageName')).toEqual(['%Page Name%']);
    expect(setBy('channel')).toEqual(['%Primary Category%']);
    for (const n of [1, 2, 3, 4]) expect(setBy(`prop${n}`)).toEqual([`%Sub Category${n}%`]);
    expect(setBy('prop5')).toEqual(['%Site Section%']);
    expect(setBy('eVar88')).toEqual(['%Stitching Flag%']);
    expect(property.settings.privacy.postcodeFields).toEqual(['prop2', 'eVar10', 'eVar11']);
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

  it('SPEC §3: reads every data-layer field, query parameter and head meta tag', () => {
    const paths = new Set(property.dataElements.flatMap((e) => (e.type === 'data-layer' ? [e.settings.path] : [])));
    const fields = [
      'page.category.primaryCategory', 'page.category.subCategory1', 'page.category.subCategory4', 'page.pageInfo.pageName', 'page.pageInfo.pageType',
      'page.pageInfo.pageGroup', 'page.pageInfo.pageFunction', 'page.pageInfo.checkinlocationId', 'page.pageInfo.checkinbookingReference', 'page.pageInfo.checkinPage',
      'page.pageUrl', 'page.pageContentLink', 'page.link.linkElement', 'page.link.linkDestination', 'page.link.linkParent', 'page.nbs.source', 'page.nbs.type',
      'page.nbs.group', 'page.nbs.data', 'page.nbs.origin', 'page.nbs.attendees', 'page.nbs.appointmentType', 'page.nbs.numberOfAttendeesRequested',
      'page.nbs.numberOfAttendeesAccepted', 'page.search.procedure', 'page.search.resultRank', 'page.totalResultCount', 'page.isValidSearch', 'page.isAISiteSearch',
      'page.isAutoComplete', 'page.AutoModerationResult.AutoModerationType', 'page.AutoModerationResult.AutoModerationTitleResult',
      'page.AutoModerationResult.AutoModerationCommentResult', 'page.MandatoryQuestionResult', 'search.keyword', 'search.location', 'search.service',
      'search.speciality', 'search.consultant', 'search.section', 'search.failedSearchReason', 'search.link.name', 'search.link.target', 'search.link.resultSelected',
      'error.type', 'error.description', 'error.descriptionWithPage', 'user.odsCode', 'user.cid', 'link.name', 'link.url', 'orgType', 'platform', 'apiServiceType',
      'optimization', 'cardDetails.name', 'cardDetails.type', 'cardDetails.rank', 'tool.toolName', 'tool.toolResult', 'tool.cholesterolReadingProvided', 'tool.bpReadingProvided',
    ];
    for (const field of fields) expect(paths.has(field), field).toBe(true);
    const params = new Set(property.dataElements.flatMap((e) => (e.type === 'query-parameter' ? [e.settings.name] : [])));
    for (const p of ['gpOnlineReg', 'start_rank', 'id', 'query', 'LocationName', 'Location.Name', 'distance', 'currentPage', 'feedbackcontext', 'search-field', 'code', 'q', 'stitchid'])
      expect(params.has(p), p).toBe(true);
    const metas = new Set(property.dataElements.flatMap((e) => (e.type === 'meta-tag' ? [e.settings.name] : [])));
    expect(metas).toEqual(new Set(['service-type', 'service-name', 'organisation-key', 'hospital-view', 'csp-nonce']));
    const named = new Set(property.dataElements.map((e) => e.name));
    for (const name of ['Page Name', 'Page URL', 'Primary Category', 'Sub Category1', 'Sub Category2', 'Sub Category3', 'Sub Category4', 'T&T Org Type', 'Check In Page',
      'Check In Location', 'Check In Booking Ref', 'Book a Vaccination Code', 'Stitching ID Cookie', 'Stitching ID Query', 'Stitching ID Data Layer', 'Proxy Reason Code',
      'Vaccination Booking Actual Group Size', 'Vaccination Booking Intended Group Size'])
      expect(named.has(name), name).toBe(true);
  });

  it('keeps docs/SDR.md generated from this document', () => {
    const doc = readFileSync(path.join(root, '..', '..', 'docs', 'SDR.md'), 'utf8');
    expect(doc, 'run: npx tagwell sdr properties/health-site --markdown docs/SDR.md').toBe(renderSdrMarkdown(sdr));
  });
});
