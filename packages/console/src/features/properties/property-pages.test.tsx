import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage } from '../../test/render';
import { clone } from './document';
import { PropertiesRoutes } from './index';
import { apiError, dataElementIndex, EDITOR, HEALTH_SITE, HEALTH_SITE_ELEMENTS, HEALTH_SITE_RULES, propertyApi, ruleIndex, version, VIEWER } from './test-fixtures';

const scenario = () => ({ versions: [version(5), version(6)], environments: { development: 6, staging: 5, production: 5 }, publications: [] });
const open = (path: string) => renderPage(<PropertiesRoutes />, { path, route: '/properties/*' });

describe('the property list', () => {
  it('shows each property with its latest version and what each environment runs', async () => {
    mockServer(propertyApi(scenario()), VIEWER);
    open('/properties');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Property', 'Latest version', 'development', 'staging', 'production']);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('link', { name: 'health-site' })).toHaveAttribute('href', '/properties/health-site');
    expect(within(row!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['6', 'version 620 Nov 2026, 10:00 UTC by pat', 'version 520 Nov 2026, 10:00 UTC by pat', 'version 520 Nov 2026, 10:00 UTC by pat']);
  });

  it('shows the server’s error', async () => {
    mockServer({ 'GET /api/admin/properties': () => apiError(500, 'INTERNAL', 'Something went wrong') }, VIEWER);
    open('/properties');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});

describe('the property view', () => {
  it('says so when a link names a rule or data element the version does not have, with the way back', async () => {
    mockServer(propertyApi(scenario()), EDITOR);
    for (const [path, heading, text, back, href] of [
      ['/properties/health-site/rules/Gone', 'Rule not found', 'Version 6 has no rule named “Gone”.', 'All rules', '/properties/health-site/rules'],
      ['/properties/health-site/rules/Gone/edit', 'Rule not found', 'Version 6 has no rule named “Gone”.', 'All rules', '/properties/health-site/rules'],
      ['/properties/health-site/data-elements/Gone', 'Data element not found', 'Version 6 has no data element named “Gone”.', 'All data elements', '/properties/health-site/data-elements'],
    ] as const) {
      const { unmount } = open(path);
      expect(await screen.findByRole('heading', { name: heading }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(`${text} ${back}`);
      expect(within(screen.getByRole('alert')).getByRole('link', { name: back })).toHaveAttribute('href', href);
      unmount();
    }
  });

  it('has its sections as links', async () => {
    mockServer(propertyApi(scenario()), VIEWER);
    open('/properties/health-site');
    const nav = await screen.findByRole('navigation', { name: 'Property sections' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['Overview', '/properties/health-site', 'page'],
      ['Rules', '/properties/health-site/rules', null],
      ['Data elements', '/properties/health-site/data-elements', null],
      ['SDR', '/properties/health-site/sdr', null],
      ['Versions', '/properties/health-site/versions', null],
    ]);
    expect(await screen.findByText(/^Version 6, saved/)).toHaveTextContent('Version 6, saved 16 Nov 2026, 09:00 UTC by ed. It runs on development. Review and publish versions');
  });

  it('lists the rules as sentences and filters them by name, type and settings text', async () => {
    mockServer(propertyApi(scenario()), VIEWER);
    open('/properties/health-site/rules');
    const search = await screen.findByLabelText('Search rules');
    const total = HEALTH_SITE_RULES.length;
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(HEALTH_SITE_RULES.map((r) => r.name));
    expect(screen.getByText(`${total} rules.`)).toBeInTheDocument();
    await userEvent.type(search, 'load-survey');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Feedback survey']);
    expect(screen.getByText(`Showing 1 of ${total} rules.`)).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nhsuk_stitch_id');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Stitching: from the query string']);
    await userEvent.clear(search);
    await userEvent.type(search, 'link: pharmacy');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Link: Find a Pharmacy']);
  });

  it('finds rules by what they match and send, and clears the search on Escape', async () => {
    mockServer(propertyApi(scenario()), VIEWER);
    open('/properties/health-site/rules');
    const search = await screen.findByLabelText('Search rules');
    const shown = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    await userEvent.type(search, 'www.health.localhost');
    expect(shown()).toEqual(['Feedback survey']);
    await userEvent.clear(search);
    await userEvent.type(search, '/service-search/pharmacy');
    expect(shown()).toEqual(['Search: service search', 'Link: Find a Pharmacy']);
    await userEvent.clear(search);
    await userEvent.type(search, 'v35');
    expect(shown()).toEqual(['Feedback: Yes', 'Feedback: No']);
    expect(screen.getByText(`Showing 2 of ${HEALTH_SITE_RULES.length} rules.`)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(shown()).toHaveLength(HEALTH_SITE_RULES.length);
  });

  it('shows a viewer no edit controls', async () => {
    mockServer(propertyApi(scenario()), VIEWER);
    const { unmount } = open('/properties/health-site/rules');
    await screen.findByLabelText('Search rules');
    expect(screen.queryByRole('link', { name: 'New rule' })).toBeNull();
    unmount();
    open('/properties/health-site/rules/Global%20page%20view');
    await screen.findByRole('heading', { level: 2, name: 'Global page view' });
    expect(screen.queryByRole('link', { name: 'Edit rule' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens a rule whose name holds a slash and other URL characters', async () => {
    const document = clone(HEALTH_SITE);
    document.rules![0]!.name = 'A/B test: 50% & more?';
    mockServer(propertyApi({ ...scenario(), versions: [version(6, document)] }), EDITOR);
    open('/properties/health-site/rules');
    const link = await screen.findByRole('link', { name: 'A/B test: 50% & more?' });
    expect(link).toHaveAttribute('href', '/properties/health-site/rules/A%2FB%20test%3A%2050%25%20%26%20more%3F');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 2, name: 'A/B test: 50% & more?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Edit rule' }));
    expect(await screen.findByLabelText('Rule name')).toHaveValue('A/B test: 50% & more?');
  });

  it('shows an editor the edit links', async () => {
    mockServer(propertyApi(scenario()), EDITOR);
    open('/properties/health-site/rules/Global%20page%20view');
    expect(await screen.findByRole('link', { name: 'Edit rule' })).toHaveAttribute('href', '/properties/health-site/rules/Global%20page%20view/edit');
  });

  it('shows a data element’s source, default, options and the rules that use it', async () => {
    mockServer(propertyApi(scenario()), VIEWER);
    open('/properties/health-site/data-elements/Page%20Name');
    await screen.findByRole('heading', { level: 2, name: 'Page Name' });
    expect(screen.getByText('path').nextSibling).toHaveTextContent('page.pageInfo.pageName');
    expect(screen.getByText('Default').nextSibling).toHaveTextContent('“N/A”');
    expect(screen.getByText('Force lower case').nextSibling).toHaveTextContent('yes');
    expect(screen.getByText('Clean text').nextSibling).toHaveTextContent('yes');
    expect(screen.getByText('Storage duration').nextSibling).toHaveTextContent('not set (not remembered)');
    const used = screen.getByRole('heading', { level: 3, name: 'Used by' }).nextElementSibling as HTMLElement;
    expect(within(used).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Rule Global page view: fires when it changes (rules[${ruleIndex('Global page view')}].events[1].settings.name)`,
      `Data element Previous Page Name: token (dataElements[${dataElementIndex('Previous Page Name')}].settings.input)`,
      'The variables on every hit: token in pageName (settings.everyHit.pageName)',
    ]);
    expect(within(used).getByRole('link', { name: 'Global page view' })).toHaveAttribute('href', '/properties/health-site/rules/Global%20page%20view');
  });

  it('lists the data elements and searches them', async () => {
    mockServer(propertyApi(scenario()), VIEWER);
    open('/properties/health-site/data-elements');
    const lookupTables = HEALTH_SITE_ELEMENTS.filter((e) => e.type === 'lookup-table').map((e) => e.name);
    expect(lookupTables).toEqual(expect.arrayContaining(['Vaccine Dose', 'Booking Code Dose']));
    await userEvent.type(await screen.findByLabelText('Search data elements'), 'lookup-table');
    // Only the lookup tables, each with its name, type, source, default, options and the number of rules using it.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(lookupTables);
    expect(screen.getByText(`Showing ${lookupTables.length} of ${HEALTH_SITE_ELEMENTS.length} data elements.`)).toBeInTheDocument();
    const row = (name: string) => rows.find((r) => within(r).getByRole('rowheader').textContent === name)?.textContent;
    expect(row('Vaccine Dose')).toBe('Vaccine Doselookup-table%Vaccination Dose Code% looked up in 6 rowsnone—1');
    expect(row('Booking Code Dose')).toBe('Booking Code Doselookup-table%Book a Vaccination Code% looked up in 6 rowsnone—1');
    // Escape clears the search.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByLabelText('Search data elements')).toHaveValue('');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(HEALTH_SITE_ELEMENTS.length + 1);
  });

  it('shows the SDR as tables', async () => {
    mockServer(propertyApi(scenario()), VIEWER);
    open('/properties/health-site/sdr');
    const variables = (await screen.findByRole('heading', { level: 3, name: 'Variables' })).nextElementSibling as HTMLElement;
    const first = within(variables).getAllByRole('row')[1]!;
    expect(within(first).getByRole('rowheader')).toHaveTextContent('pageName');
    expect(first).toHaveTextContent('Every hit (settings): %Page Name%');
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Events' })).toBeInTheDocument());
  });
});
