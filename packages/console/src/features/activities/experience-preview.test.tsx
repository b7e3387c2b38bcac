import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/types';
import { mockServer, renderPage } from '../../test/render';
import { ActivitiesRoutes } from './index';
import { RESULTS } from './test-fixtures';

// Issue 14 item 4: on an activity's page, a Preview per experience that asks the server for a
// signed link and opens it in a new window, cut from the console.

const editor = { id: 2, username: 'eddie', role: 'editor' as const, admin: false };
const viewer = { id: 1, username: 'vera', role: 'viewer' as const, admin: false };
const SLOW = { timeout: 5000 };
const PAGE = '/activities/1001?property=health-site&environment=development';
const LINK = 'http://dev.health.localhost:8080/?at_preview_token=cGF5bG9hZA.c2lnbmF0dXJl';

const answer = (n: number) => ({
  property: 'health-site',
  environment: 'development',
  version: 7,
  activity: { id: 1001, name: 'Home page heading wording', state: 'active' },
  experience: { id: n, name: ['Control', 'Plain words'][n] },
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  token: 'cGF5bG9hZA.c2lnbmF0dXJl',
  url: LINK,
});

function render(user: SessionUser, preview: (n: number) => unknown = answer) {
  const server = mockServer(
    {
      'GET /api/admin/activities/:id/results': () => RESULTS,
      'POST /api/admin/activities/:id/experiences/:n/preview': ({ url }) => preview(Number(/experiences\/(\d+)\//.exec(url)![1])),
    },
    user,
  );
  renderPage(<ActivitiesRoutes />, { path: PAGE, route: '/activities/*' });
  return server;
}

async function noSeriousViolations() {
  const result = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('previewing an experience from the activity page', () => {
  it('asks for the link of the experience on the page’s environment and opens it in a new window without an opener', async () => {
    const server = render(editor);
    const section = await screen.findByRole('region', { name: 'Preview an experience' }, SLOW);
    const popup = { opener: window as unknown };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as Window);
    await userEvent.click(within(section).getByRole('button', { name: 'Preview Plain words' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith(LINK, '_blank');
    expect(popup.opener).toBeNull();
    expect(server.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/admin/activities/1001/experiences/1/preview',
      body: { environment: 'development', property: 'health-site' },
    });
    const status = within(section).getByRole('status');
    expect(status).toHaveTextContent(/^Preview of Plain words until \d\d:\d\d: open the preview of Plain words again$/);
    expect(within(status).getByRole('link', { name: 'open the preview of Plain words again' })).toHaveAttribute('href', LINK);
    expect(within(section).getAllByRole('button').map((b) => b.textContent)).toEqual(['Preview Control', 'Preview Plain words']);
    await noSeriousViolations();
  }, 20_000);

  it('says so when the browser blocks the window, keeping the link to open by hand', async () => {
    render(editor);
    const section = await screen.findByRole('region', { name: 'Preview an experience' }, SLOW);
    vi.spyOn(window, 'open').mockImplementation(() => null);
    await userEvent.click(within(section).getByRole('button', { name: 'Preview Control' }));
    expect(await within(section).findByRole('alert', {}, SLOW)).toHaveTextContent('The browser blocked the new window. Allow pop-ups for the console, or open the preview link below.');
    expect(within(section).getByRole('link', { name: 'open the preview of Control again' })).toHaveAttribute('href', LINK);
  }, 20_000);

  it('shows the server’s message when the link is refused, and opens nothing', async () => {
    render(editor, () => new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found: activity 1001 is not published on development; published there: none' } }), { status: 404 }));
    const section = await screen.findByRole('region', { name: 'Preview an experience' }, SLOW);
    const open = vi.spyOn(window, 'open');
    await userEvent.click(within(section).getByRole('button', { name: 'Preview Control' }));
    expect(await within(section).findByRole('alert', {}, SLOW)).toHaveTextContent('Not found: activity 1001 is not published on development; published there: none');
    expect(open).not.toHaveBeenCalled();
  }, 20_000);

  it('is for editors: a viewer sees the results without it', async () => {
    render(editor);
    expect(await screen.findByRole('button', { name: 'Preview Control' }, SLOW)).toBeEnabled();
    cleanup();
    render(viewer);
    await screen.findByRole('heading', { level: 1, name: 'Results: Home page heading wording' }, SLOW);
    expect(screen.queryByRole('region', { name: 'Preview an experience' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Preview / })).toBeNull();
  }, 20_000);
});
