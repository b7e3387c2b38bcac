import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import type { Reports } from '../../lib/types';
import { mockServer, renderPage } from '../../test/render';
import { ReportsPage } from './reports-page';

const viewer = { id: 1, username: 'vera', role: 'viewer' as const, admin: false };

const REPORTS: Reports = {
  range: { from: '2026-11-18', to: '2026-11-21', reportSuite: 'nhsukprod' },
  hosts: ['metrics.health.localhost', 'metrics2.health.localhost'],
  pageViewsByDay: [
    { day: '2026-11-18', pageViews: 1204 },
    { day: '2026-11-20', pageViews: 7 },
    { day: '2026-11-21', pageViews: 12 },
  ],
  pageViewsBySection: [
    { section: 'conditions', pageViews: 9 },
    { section: null, pageViews: 3 },
  ],
  topPages: [
    { pageName: 'nhs:conditions:asthma', pageViews: 4 },
    { pageName: null, pageViews: 1 },
  ],
  searches: { searches: 10, zeroResults: 2, zeroResultRate: 0.2 },
  toolFunnel: [
    { tool: 'bmi-calculator', starts: 5, completions: 3 },
    { tool: 'heart-age', starts: 3, completions: 2 },
    { tool: 'orphan', starts: 0, completions: 1 },
  ],
  feedbackByPage: [
    { pageName: 'nhs:conditions:asthma', yes: 3, no: 1 },
    { pageName: 'nhs:conditions:flu', yes: 0, no: 2 },
  ],
  consentOptOuts: { statisticsOff: 1, marketingOff: 0 },
  mediaByContent: [
    { content: 'Warm-up exercises', starts: 3, completes: 2, completionRate: 2 / 3, timePlayed: 245 },
    { content: 'Sleep podcast', starts: 1, completes: 0, completionRate: 0, timePlayed: 20 },
  ],
  visitorsByDay: [
    { day: '2026-11-18', visitors: 1150, newVisitors: 900, repeatVisitors: 300 },
    { day: '2026-11-21', visitors: 4, newVisitors: 2, repeatVisitors: 2 },
  ],
  visitorsBySection: [
    { section: 'conditions', visitors: 6, newVisitors: 4, repeatVisitors: 3 },
    { section: null, visitors: 2, newVisitors: 0, repeatVisitors: 2 },
  ],
  visitorsByPage: [
    { pageName: 'nhs:conditions:asthma', pageViews: 4, visitors: 3 },
    { pageName: null, pageViews: 1, visitors: 1 },
  ],
  visitorErrors: { day: 0.008125, section: 0.01625, page: 0.01625 },
  retention: { rawHitDays: 90 },
};

const EMPTY: Reports = {
  range: {},
  pageViewsByDay: [],
  pageViewsBySection: [],
  topPages: [],
  searches: { searches: 0, zeroResults: 0, zeroResultRate: 0 },
  toolFunnel: [],
  feedbackByPage: [],
  consentOptOuts: { statisticsOff: 0, marketingOff: 0 },
  mediaByContent: [],
  visitorsByDay: [],
  visitorsBySection: [],
  visitorsByPage: [],
  visitorErrors: { day: 0.008125, section: 0.01625, page: 0.01625 },
  retention: { rawHitDays: null },
};

function Where() {
  const location = useLocation();
  return <output aria-label="Current address">{location.pathname + location.search}</output>;
}

/** The property's environments, as the console loads them: each has its report suites. */
const PROPERTY = {
  name: 'health-site',
  latest: {
    version: 3,
    createdBy: 'ed',
    createdAt: '2026-11-01T10:00:00.000Z',
    note: null,
    document: {
      name: 'health-site',
      environments: {
        development: { hosts: ['dev.health.localhost'], reportSuites: ['nhsukdev'] },
        staging: { hosts: ['staging.health.localhost'], reportSuites: ['nhsukstaging'] },
        production: { hosts: ['www.health.localhost'], reportSuites: ['nhsukprod'] },
      },
    },
  },
  environments: {},
};

function render(path: string, answer: (url: string) => unknown = () => REPORTS) {
  const server = mockServer(
    {
      'GET /api/admin/reports': ({ url }) => answer(url),
      'GET /api/admin/properties': () => ({ properties: [{ name: 'health-site', latestVersion: 3, environments: {} }] }),
      'GET /api/admin/properties/health-site': () => PROPERTY,
    },
    viewer,
  );
  renderPage(
    <>
      <ReportsPage />
      <Where />
    </>,
    { path },
  );
  return server;
}

/** The first answer and the lazy charts can take a while on a busy machine. */
const SLOW = { timeout: 5000 };
/** A test that renders every chart and reads every table: on a loaded machine, more than vitest's 5 s. */
const HEAVY = 20_000;
const chartsShown = () => screen.findByRole('heading', { name: 'Page views by day' }, SLOW);
const reportCalls = (server: ReturnType<typeof mockServer>) => server.calls.filter((c) => c.url.startsWith('/api/admin/reports')).map((c) => c.url);
const card = (name: string) => screen.getByRole('region', { name });
/** A table's rows as arrays of cell texts. */
const cells = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

// The charts are a lazy chunk: load it once here, not inside a test's time limit.
beforeAll(async () => {
  await import('./report-charts');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ReportsPage', () => {
  it('asks for the range in the address and shows every report as a table of its numbers', async () => {
    const server = render('/reports?from=2026-11-18&to=2026-11-21');
    await chartsShown();
    expect(reportCalls(server)).toEqual(['/api/admin/reports?from=2026-11-18&to=2026-11-21&reportSuite=nhsukprod']);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-18');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-21');

    expect(within(card('Page views by day')).getByText('1,223 page views in this range')).toBeInTheDocument();
    expect(cells(within(card('Page views by day')).getByRole('table', { name: 'Page views by day' }))).toEqual([
      ['Day', 'Page views'],
      ['Wed, 18 Nov 2026', '1,204'],
      ['Thu, 19 Nov 2026', '0'],
      ['Fri, 20 Nov 2026', '7'],
      ['Sat, 21 Nov 2026', '12'],
    ]);
    expect(cells(within(card('Page views by section')).getByRole('table'))).toEqual([
      ['Section', 'Page views'],
      ['conditions', '9'],
      ['(no section)', '3'],
    ]);
    expect(cells(within(card('Tool starts and completions')).getByRole('table'))).toEqual([
      ['Tool', 'Starts', 'Completions', 'Completion rate'],
      ['bmi-calculator', '5', '3', '60%'],
      ['heart-age', '3', '2', '66.7%'],
      ['orphan', '0', '1', '—'],
    ]);
    expect(within(card('Searches with zero results')).getByText(/of searches found nothing/)).toHaveTextContent('20% of searches found nothing (2 of 10)');
    expect(cells(within(card('Searches with zero results')).getByRole('table'))).toEqual([
      ['Searches', 'Zero results', 'Zero-result rate'],
      ['10', '2', '20%'],
    ]);
    expect(cells(within(card('Feedback by page')).getByRole('table'))).toEqual([
      ['Page', 'Yes', 'No', 'Share yes'],
      ['nhs:conditions:asthma', '3', '1', '75%'],
      ['nhs:conditions:flu', '0', '2', '0%'],
    ]);
    const consent = within(card('Consent opt-outs'));
    expect(consent.getByText('Statistics cookies turned off').nextSibling).toHaveTextContent(/^1$/);
    expect(consent.getByText('Marketing cookies turned off').nextSibling).toHaveTextContent(/^0$/);
    expect(cells(within(card('Top pages')).getByRole('table'))).toEqual([
      ['Page', 'Page views'],
      ['nhs:conditions:asthma', '4'],
      ['(no page name)', '1'],
    ]);
    // Each chart is one image with a name; its numbers sit behind "Show the numbers".
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual([
      'Line chart of page views by day: the numbers are in the table below',
      'Bar chart of page views by section: the numbers are in the table below',
      'Line chart of visitors, new visitors and repeat visitors by day: the numbers are in the table below',
      'Grouped bar chart of new and repeat visitors per section: the numbers are in the table below',
      'Grouped bar chart of starts and completions per tool: the numbers are in the table below',
      'Grouped bar chart of media starts and completes per content: the numbers are in the table below',
      'Bar chart of searches and searches with zero results: the numbers are in the table below',
      'Stacked bar chart of yes and no answers per page: the numbers are in the table below',
    ]);
    expect(screen.getAllByText('Show the numbers')).toHaveLength(8);
  }, HEAVY);

  it('shows media starts, completes, the completion rate and the time played by content (issue 16)', async () => {
    render('/reports?from=2026-11-18&to=2026-11-21');
    await chartsShown();
    const media = within(card('Video and audio by content'));
    expect(media.getByText(/media starts,/)).toHaveTextContent('4 media starts, 50% played to the end; 4 min 25 s played in all');
    expect(cells(media.getByRole('table', { name: 'Video and audio by content' }))).toEqual([
      ['Content', 'Media starts', 'Completes', 'Completion rate', 'Time played'],
      ['Warm-up exercises', '3', '2', '66.7%', '4 min 5 s'],
      ['Sleep podcast', '1', '0', '0%', '20 s'],
    ]);
    expect(media.getByRole('img')).toHaveAccessibleName('Grouped bar chart of media starts and completes per content: the numbers are in the table below');
  }, HEAVY);

  it('shows unique visitors, new and repeat, per day, section and page as tables, with their accuracy and the retention period', async () => {
    render('/reports?from=2026-11-18&to=2026-11-21');
    await chartsShown();
    expect(screen.getByText('Raw hits are kept 90 days; totals are kept.')).toBeInTheDocument();
    expect(cells(within(card('Visitors by day')).getByRole('table', { name: 'Visitors by day' }))).toEqual([
      ['Day', 'Visitors', 'New', 'Repeat'],
      ['Wed, 18 Nov 2026', '1,150', '900', '300'],
      ['Thu, 19 Nov 2026', '0', '0', '0'],
      ['Fri, 20 Nov 2026', '0', '0', '0'],
      ['Sat, 21 Nov 2026', '4', '2', '2'],
    ]);
    expect(within(card('Visitors by day')).getByText(/^Estimates:/)).toHaveTextContent(/^Estimates: 95% fall within ±1\.6% of the exact count\. New visitors are in their first visit/);
    expect(cells(within(card('Visitors by section')).getByRole('table'))).toEqual([
      ['Section', 'Visitors', 'New', 'Repeat'],
      ['conditions', '6', '4', '3'],
      ['(no section)', '2', '0', '2'],
    ]);
    expect(within(card('Visitors by section')).getByText(/^Estimates:/)).toHaveTextContent('Estimates: 95% fall within ±3.3% of the exact count.');
    expect(cells(within(card('Visitors of the top pages')).getByRole('table'))).toEqual([
      ['Page', 'Page views', 'Visitors'],
      ['nhs:conditions:asthma', '4', '3'],
      ['(no page name)', '1', '1'],
    ]);
  }, HEAVY);

  it('says when raw hits are kept without a limit, and shows an empty state for visitors', async () => {
    render('/reports?from=2026-11-18&to=2026-11-21', () => EMPTY);
    await chartsShown();
    expect(screen.getByText('Raw hits are kept without a time limit; totals are kept.')).toBeInTheDocument();
    expect(within(card('Visitors by day')).getByText('No visitors with an id in this range')).toBeInTheDocument();
    expect(within(card('Visitors by section')).getByText('No visitors with an id in this range')).toBeInTheDocument();
    expect(within(card('Visitors of the top pages')).getByText('No page views in this range')).toBeInTheDocument();
  });

  it('puts the last 30 days in the address when it names no range', async () => {
    const server = render('/reports');
    await chartsShown();
    expect(reportCalls(server)).toEqual(['/api/admin/reports?from=2026-10-24&to=2026-11-22&reportSuite=nhsukprod']);
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent('/reports?from=2026-10-24&to=2026-11-22&reportSuite=nhsukprod'));
  });

  it('applies a chosen range and the presets, keeping them in the address', async () => {
    const server = render('/reports?from=2026-11-18&to=2026-11-21');
    await chartsShown();
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show reports' }));
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent('/reports?from=2026-11-01&to=2026-11-21'));
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent('/reports?from=2026-11-16&to=2026-11-22'));
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-16');
    await waitFor(() =>
      expect(reportCalls(server)).toEqual([
        '/api/admin/reports?from=2026-11-18&to=2026-11-21&reportSuite=nhsukprod',
        '/api/admin/reports?from=2026-11-01&to=2026-11-21&reportSuite=nhsukprod',
        '/api/admin/reports?from=2026-11-16&to=2026-11-22&reportSuite=nhsukprod',
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent('/reports?from=2026-10-24&to=2026-11-22'));
  });

  it('refuses a From after the To with a clear message, and asks the server nothing', async () => {
    const server = render('/reports?from=2026-11-18&to=2026-11-21');
    await chartsShown();
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-11-25');
    await userEvent.click(screen.getByRole('button', { name: 'Show reports' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The From date must be on or before the To date.');
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('The From date must be on or before the To date.');
    expect(screen.getByLabelText('Current address')).toHaveTextContent('/reports?from=2026-11-18&to=2026-11-21');
    expect(reportCalls(server)).toHaveLength(1);
  });

  it('says so when the address holds a range the server would refuse', async () => {
    const server = render('/reports?from=2026-11-21&to=2026-11-01');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('The From date must be on or before the To date.');
    expect(reportCalls(server)).toEqual([]);
  });

  it('shows an empty state per chart for a range without data', async () => {
    render('/reports?from=2026-11-18&to=2026-11-21', () => EMPTY);
    await chartsShown();
    expect(within(card('Page views by day')).getByText('No page views in this range')).toBeInTheDocument();
    expect(within(card('Page views by section')).getByText('No page views in this range')).toBeInTheDocument();
    expect(within(card('Tool starts and completions')).getByText('No tool starts in this range')).toBeInTheDocument();
    expect(within(card('Searches with zero results')).getByText('No searches in this range')).toBeInTheDocument();
    expect(within(card('Feedback by page')).getByText('No feedback in this range')).toBeInTheDocument();
    expect(within(card('Video and audio by content')).getByText('No video or audio played in this range')).toBeInTheDocument();
    expect(within(card('Top pages')).getByText('No page views in this range')).toBeInTheDocument();
    expect(screen.queryAllByRole('img')).toEqual([]);
  });

  it('shows loading, then the server message on an error', async () => {
    render('/reports?from=2026-11-18&to=2026-11-21', () => new Response(JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'from is not a day' } }), { status: 400 }));
    expect(screen.getAllByText(/Checking your session|Loading the environments|Loading the reports/)[0]).toBeInTheDocument();
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('from is not a day');
  });

  it('shows the production report suite of the property by default, and writes it in the address', async () => {
    const server = render('/reports?from=2026-11-18&to=2026-11-21');
    await chartsShown();
    const environment = screen.getByLabelText('Environment');
    expect(environment).toHaveValue('nhsukprod');
    expect(within(environment).getAllByRole('option').map((o) => o.textContent)).toEqual(['Production (nhsukprod)', 'Staging (nhsukstaging)', 'Development (nhsukdev)']);
    expect(screen.getByLabelText('Host')).toHaveValue('');
    expect(within(screen.getByLabelText('Host')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All hosts', 'metrics.health.localhost', 'metrics2.health.localhost']);
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent(/^\/reports\?from=2026-11-18&to=2026-11-21&reportSuite=nhsukprod$/));
    // Never the mix of every environment.
    expect(reportCalls(server).every((url) => url.includes('reportSuite=nhsukprod'))).toBe(true);
  });

  it('narrows to the chosen environment and host, keeping them in the address', async () => {
    const server = render('/reports?from=2026-11-18&to=2026-11-21&reportSuite=nhsukprod');
    await chartsShown();
    await userEvent.selectOptions(screen.getByLabelText('Host'), 'metrics2.health.localhost');
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent(/^\/reports\?from=2026-11-18&to=2026-11-21&reportSuite=nhsukprod&host=metrics2\.health\.localhost$/));
    await userEvent.selectOptions(screen.getByLabelText('Environment'), 'Staging (nhsukstaging)');
    // Another environment starts again from every host.
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent(/^\/reports\?from=2026-11-18&to=2026-11-21&reportSuite=nhsukstaging$/));
    await waitFor(() =>
      expect(reportCalls(server)).toEqual([
        '/api/admin/reports?from=2026-11-18&to=2026-11-21&reportSuite=nhsukprod',
        '/api/admin/reports?from=2026-11-18&to=2026-11-21&reportSuite=nhsukprod&host=metrics2.health.localhost',
        '/api/admin/reports?from=2026-11-18&to=2026-11-21&reportSuite=nhsukstaging',
      ]),
    );
    expect(screen.getByLabelText('Environment')).toHaveValue('nhsukstaging');
    expect(screen.getByLabelText('Host')).toHaveValue('');
  });

  it('offers every report as CSV with the same range and filters, and has no accessibility violations', async () => {
    render('/reports?from=2026-11-18&to=2026-11-21&reportSuite=nhsukstaging&host=staging-metrics.health.localhost');
    await chartsShown();
    expect(screen.getByLabelText('Host')).toHaveValue('staging-metrics.health.localhost');
    const links = screen.getAllByRole('link', { name: /^Download CSV/ });
    const query = '?from=2026-11-18&to=2026-11-21&reportSuite=nhsukstaging&host=staging-metrics.health.localhost';
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.hasAttribute('download')])).toEqual([
      ['Download CSV: Page views by day', `/api/admin/reports/pageViewsByDay.csv${query}`, true],
      ['Download CSV: Page views by section', `/api/admin/reports/pageViewsBySection.csv${query}`, true],
      ['Download CSV: Visitors by day', `/api/admin/reports/visitorsByDay.csv${query}`, true],
      ['Download CSV: Visitors by section', `/api/admin/reports/visitorsBySection.csv${query}`, true],
      ['Download CSV: Visitors of the top pages', `/api/admin/reports/visitorsByPage.csv${query}`, true],
      ['Download CSV: Tool starts and completions', `/api/admin/reports/toolFunnel.csv${query}`, true],
      ['Download CSV: Video and audio by content', `/api/admin/reports/mediaByContent.csv${query}`, true],
      ['Download CSV: Searches with zero results', `/api/admin/reports/searches.csv${query}`, true],
      ['Download CSV: Feedback by page', `/api/admin/reports/feedbackByPage.csv${query}`, true],
      ['Download CSV: Consent opt-outs', `/api/admin/reports/consentOptOuts.csv${query}`, true],
      ['Download CSV: Top pages', `/api/admin/reports/topPages.csv${query}`, true],
    ]);
    expect(within(card('Top pages')).getByRole('link', { name: 'Download CSV: Top pages' })).toBeInTheDocument();
    // As the end-to-end tests run axe; serious and critical only (the page's landmarks come from the app's layout).
    const result = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }, HEAVY);
});
