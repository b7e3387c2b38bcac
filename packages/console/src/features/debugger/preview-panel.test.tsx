import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/types';
import { mockServer, renderPage } from '../../test/render';
import { PREVIEW_KEY } from './preview';
import { PreviewPanel } from './preview-panel';
import { demoPages, propertyDetail } from './test-fixtures';

const editor = { id: 2, username: 'eddie', role: 'editor' as const, admin: false };
const viewer = { id: 1, username: 'vera', role: 'viewer' as const, admin: false };
const SLOW = { timeout: 5000 };
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const started = (body: { environment: string; version?: number }) => ({
  property: 'health-site',
  environment: body.environment,
  version: body.version ?? 7,
  buildId: 'abc123abc123',
  expiresAt: inAnHour(),
  startPath: '/containers/health-site/preview?token=t0k.en',
  endPath: '/containers/health-site/preview/end',
});

function serve(user: SessionUser = editor) {
  return mockServer(
    {
      'GET /api/admin/properties/:name/versions': () => ({ versions: [7, 6].map((version) => ({ version, savedAt: '', savedBy: 'eddie', note: version === 6 ? 'before the feedback change' : null, environments: [] })) }),
      'POST /api/admin/properties/:name/previews': ({ body }) => started(body as { environment: string }),
    },
    user,
  );
}

const panel = (open: (url: string) => boolean, chosenUrl?: string) =>
  renderPage(<PreviewPanel property="health-site" document={propertyDetail.latest.document} pages={demoPages} chosenUrl={chosenUrl} open={open} />);

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PreviewPanel (issue 19 item 10)', () => {
  it('starts a preview of the latest version on the chosen page: the start address on its host, then a sign that stays', async () => {
    const server = serve();
    const open = vi.fn(() => true);
    panel(open, 'http://www.health.localhost:8080/conditions/asthma/?x=1');
    expect(screen.getByRole('status')).toHaveTextContent('No preview is on.');
    await userEvent.click(await screen.findByRole('button', { name: 'Start preview' }, SLOW));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(server.calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/admin/properties/health-site/previews', body: { environment: 'production' } });
    expect(open).toHaveBeenCalledWith(
      `http://www.health.localhost:8080/containers/health-site/preview?token=t0k.en&next=${encodeURIComponent('/conditions/asthma/?x=1')}`,
    );
    const sign = screen.getByRole('status');
    expect(sign).toHaveTextContent(/^Preview on: version 7 of health-site replaces the production container on www\.health\.localhost:8080 in this browser only, until \d\d:\d\d\./);
    expect(JSON.parse(localStorage.getItem(PREVIEW_KEY)!)).toMatchObject({ version: 7, pageUrl: 'http://www.health.localhost:8080/conditions/asthma/?x=1' });

    // The sign survives a reload of the console.
    cleanup();
    panel(open);
    const again = screen.getByRole('status');
    expect(again).toHaveTextContent(/^Preview on: version 7 of health-site/);
    await userEvent.click(within(again).getByRole('button', { name: 'End preview' }));
    expect(open).toHaveBeenLastCalledWith(`http://www.health.localhost:8080/containers/health-site/preview/end?next=${encodeURIComponent('/conditions/asthma/?x=1')}`);
    expect(screen.getByRole('status')).toHaveTextContent('No preview is on.');
    expect(localStorage.getItem(PREVIEW_KEY)).toBeNull();
  });

  it('previews a chosen version on another environment, on a page of that environment, with the debug mark', async () => {
    const server = serve();
    const open = vi.fn(() => true);
    panel(open, 'http://www.health.localhost:8080/conditions/asthma/');
    await userEvent.selectOptions(await screen.findByLabelText('Environment'), 'development');
    await userEvent.selectOptions(screen.getByLabelText('Version'), await screen.findByRole('option', { name: 'Version 6: before the feedback change' }, SLOW));
    await userEvent.click(screen.getByRole('button', { name: 'Start preview' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({ environment: 'development', version: 6 });
    const url = new URL((open.mock.calls[0] as unknown as [string])[0]);
    expect(url.origin).toBe('http://dev.health.localhost:8080');
    expect(new URL(url.searchParams.get('next')!, url.origin).searchParams.get('tw_debug')).toBe(window.location.origin);
    expect(screen.getByRole('status')).toHaveTextContent('version 6 of health-site replaces the development container on dev.health.localhost:8080');
  });

  it('shows no sign for a preview that has expired, and says when the pop-up was blocked', async () => {
    localStorage.setItem(PREVIEW_KEY, JSON.stringify({ ...started({ environment: 'production' }), expiresAt: new Date(Date.now() - 1000).toISOString(), pageUrl: 'http://www.health.localhost:8080/' }));
    serve();
    panel(() => false);
    expect(screen.getByRole('status')).toHaveTextContent('No preview is on.');
    await userEvent.click(await screen.findByRole('button', { name: 'Start preview' }, SLOW));
    expect(await screen.findByRole('alert')).toHaveTextContent('The browser blocked the pop-up window.');
    expect(screen.getByRole('status')).toHaveTextContent('No preview is on.');
  });

  it('lets editors start a preview, not viewers', async () => {
    serve(viewer);
    panel(() => true);
    expect(await screen.findByText('Editors can start a preview.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start preview' })).toBeNull();
  });
});
