/** Renders a console component as the app would: a query client, a router, a session. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '../features/auth';
import type { SessionUser } from '../lib/types';

type Handler = (init: { method: string; body: unknown; url: string }) => unknown;

/**
 * A fetch that answers from a table of `METHOD /path` -> handler (a handler returning a Response
 * is sent as is; anything else as JSON 200). Unknown calls answer 404. Returns the calls made.
 */
export function mockServer(routes: Record<string, Handler>, user?: SessionUser) {
  const calls: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
  const table: Record<string, Handler> = {
    'GET /api/admin/session': () => (user ? { user, csrfToken: 'csrf-test' } : new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } }), { status: 401 })),
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const path = url.split('?')[0]!;
    const handler = table[`${method} ${path}`] ?? Object.entries(table).find(([key]) => matches(key, method, path))?.[1];
    if (!handler) return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), { status: 404 });
    const result = await handler({ method, body, url });
    if (result instanceof Response) return result;
    return new Response(result === undefined ? null : JSON.stringify(result), { status: result === undefined ? 204 : 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock };
}

/** `GET /api/admin/properties/:name` matches `/api/admin/properties/health-site`. */
function matches(key: string, method: string, path: string): boolean {
  const [m, pattern] = key.split(' ');
  if (m !== method || !pattern) return false;
  const re = new RegExp('^' + pattern.replace(/:[a-z]+/gi, '[^/]+') + '$');
  return re.test(path);
}

/** The router of the last renderPage: tests navigate with it (`router.navigate(-1)`) and read where it is. */
export let router: ReturnType<typeof createMemoryRouter>;

/**
 * Renders `ui` at `route` in a data router, as the console runs (useBlocker needs one), starting at
 * `path`; `/sign-in` and `/elsewhere` are stand-in pages to navigate to.
 */
export function renderPage(ui: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SessionProvider>
            <Routes>
              <Route path={route} element={ui} />
              <Route path="/sign-in" element={<p>sign-in page</p>} />
              <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
            </Routes>
          </SessionProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
