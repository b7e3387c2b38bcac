import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderPage, router } from '../../test/render';
import { ActivitiesRoutes } from './index';
import { ACTIVITIES, RESULTS } from './test-fixtures';

const viewer = { id: 1, username: 'vera', role: 'viewer' as const, admin: false };
const SLOW = { timeout: 5000 };

function render(path: string) {
  const server = mockServer(
    {
      'GET /api/admin/activities': () => ({ activities: ACTIVITIES }),
      'GET /api/admin/activities/:id/results': ({ url }) =>
        url.includes('environment=staging')
          ? new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found: activity 1001 is not published on staging; published there: none' } }), { status: 404 })
          : RESULTS,
    },
    viewer,
  );
  renderPage(<ActivitiesRoutes />, { path, route: '/activities/*' });
  return server;
}

/** A table's rows as arrays of cell texts. */
const cells = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

async function noSeriousViolations() {
  const result = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

afterEach(() => vi.unstubAllGlobals());

describe('the activities list', () => {
  it('shows each activity with its state, a published one linking to its results', async () => {
    render('/activities');
    const table = await screen.findByRole('table', { name: 'Activities and where they run' }, SLOW);
    expect(cells(table).map((row) => [row[0], row[6]])).toEqual([
      ['Activity', 'State'],
      ['Home page heading wording', 'Running in Development; paused in Production, Staging'],
      ['Symptom checker hero', 'Draft: not published'],
    ]);
    expect(within(table).getByRole('link', { name: 'Home page heading wording' })).toHaveAttribute('href', '/activities/1001?property=health-site&environment=development');
    // A draft has no results to show.
    expect(within(table).queryByRole('link', { name: 'Symptom checker hero' })).toBeNull();
    await noSeriousViolations();
  }, 20_000);
});

describe('the results of an activity', () => {
  it('draws each goal as a chart carrying its numbers, with a table of rate, lift, p-value and verdict', async () => {
    const server = render('/activities/1001?property=health-site&environment=development');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results: Home page heading wording' }, SLOW)).toBeInTheDocument();
    expect(server.calls.some((c) => c.url === '/api/admin/activities/1001/results?environment=development&property=health-site')).toBe(true);

    const click = screen.getByRole('region', { name: 'Goal: Link click' });
    const chart = within(click).getByRole('img', { name: /Conversion rate by experience for Link click/ });
    // The chart carries its figures: each bar's rate and 95% interval as text.
    expect(chart.textContent).toContain('10.0% (7.43% to 13.3%)');
    expect(chart.textContent).toContain('18.0% (14.5% to 22.1%)');

    expect(cells(within(click).getByRole('table', { name: 'Results for Link click' }))).toEqual([
      ['Experience', 'Visitors', 'Converting visitors', 'Conversion rate (95% interval)', 'Lift against control (95% interval)', 'p-value', 'Verdict'],
      ['Control', '400', '40', '10.0% (7.43% to 13.3%)', 'Control', '—', 'Control: 40 of 400 visitors converted, 10.0% (95% interval 7.43% to 13.3%).'],
      [
        'Plain words',
        '400',
        '72',
        '18.0% (14.5% to 22.1%)',
        '+80.0% (+25.5% to +158.2%)',
        '0.001',
        'Better than control. Plain words converts better than control Control: 18.0% against 10.0%, a lift of +80.0% (95% interval: a lift from +25.5% to +158.2%). The difference is statistically significant (p = 0.001).',
      ],
    ]);

    // Too few conversions: said plainly, with no lift or p-value made up.
    const home = screen.getByRole('region', { name: 'Goal: Link on the home page' });
    const [, , plain] = cells(within(home).getByRole('table', { name: 'Results for Link on the home page' }));
    expect(plain!.slice(4, 6)).toEqual(['Not enough data', 'Not enough data']);
    expect(plain![6]).toBe('Not enough data. Not enough data yet to compare Plain words with control Control: the comparison needs at least 10 converting visitors between them (they have 3).');
    await noSeriousViolations();
  }, 20_000);

  it('changes environment through the address, and shows the server message when it has no results there', async () => {
    render('/activities/1001?property=health-site&environment=development');
    await screen.findByRole('heading', { level: 1, name: 'Results: Home page heading wording' }, SLOW);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), 'staging');
    expect(router.state.location.search).toBe('?property=health-site&environment=staging');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Not found: activity 1001 is not published on staging; published there: none');
  }, 20_000);
});
