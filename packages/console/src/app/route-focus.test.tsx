import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Loading } from '../components/status';
import { PropertiesRoutes } from '../features/properties';
import { propertyApi, version, VIEWER } from '../features/properties/test-fixtures';
import { mockServer, renderPage } from '../test/render';
import { RouteFocus } from './route-focus';

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => vi.unstubAllGlobals());

const toTop = () => scrollTo.mock.calls.filter(([options]) => (options as ScrollToOptions).top === 0).length;

// Issue 19 item 7: after each navigation the page starts at its top and focus moves to its heading.
describe('after a navigation', () => {
  it('scrolls to the top and focuses the page’s heading: a property section’s own heading; not for a new search', async () => {
    mockServer(propertyApi({ versions: [version(6)], environments: { development: 6, staging: 6, production: 6 }, publications: [] }), VIEWER);
    renderPage(
      <main id="main" tabIndex={-1}>
        <RouteFocus />
        <PropertiesRoutes />
      </main>,
      { path: '/properties/health-site/rules', route: '/properties/*' },
    );
    const search = await screen.findByLabelText('Search rules');
    // The first page of a visit is the browser's.
    expect(toTop()).toBe(0);
    expect(document.body).toHaveFocus();

    await userEvent.click(screen.getByRole('link', { name: 'Feedback: No' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Feedback: No' })).toHaveFocus());
    expect(toTop()).toBe(1);

    await userEvent.click(screen.getByRole('link', { name: 'Data elements' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Data elements' })).toHaveFocus());
    expect(toTop()).toBe(2);

    // Typing a search changes the query string only: the page stays where it is, focus in the field.
    const field = screen.getByLabelText('Search data elements');
    await userEvent.type(field, 'page');
    expect(field).toHaveFocus();
    expect(toTop()).toBe(2);
    expect(search).not.toBeInTheDocument();
  });

  it('waits for a page that is still loading, and leaves focus the user moved meanwhile', async () => {
    const Slow = () => {
      const [ready, setReady] = useState(false);
      useEffect(() => void setTimeout(() => setReady(true), 50), []);
      return ready ? <h1>Slow page</h1> : <Loading label="Loading the slow page" />;
    };
    const Shell = () => (
      <main id="main" tabIndex={-1}>
        <RouteFocus />
        <input aria-label="Elsewhere" />
        <Outlet />
      </main>
    );
    const router = createMemoryRouter(
      [
        {
          element: <Shell />,
          children: [
            { path: '/', element: <Link to="/slow">Slow</Link> },
            { path: '/slow', element: <Slow /> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('link', { name: 'Slow' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the slow page');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Slow page' })).toHaveFocus());
    expect(toTop()).toBe(1);

    await act(() => router.navigate('/'));
    await act(() => router.navigate('/slow'));
    // The user moves on before the heading shows: focus stays with them.
    act(() => screen.getByLabelText('Elsewhere').focus());
    await screen.findByRole('heading', { name: 'Slow page' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByLabelText('Elsewhere')).toHaveFocus();
  });
});
