import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage } from '../../test/render';
import { AuditPage } from './index';

/** axe-core's WCAG 2.1 A/AA and best-practice rules as the end-to-end tests run them; serious and critical only. */
async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const VIEWER = { id: 1, username: 'vera', role: 'viewer' as const, admin: false };
const entries = [
  { id: 3, at: '2026-11-21T10:00:00.000Z', actor: 'pat', action: 'publish', detail: { property: 'health-site', environment: 'production', version: 7 } },
  { id: 2, at: '2026-11-21T09:00:00.000Z', actor: 'ed', action: 'version.create', detail: { property: 'health-site', version: 7, note: 'Clearer link name' } },
  { id: 1, at: '2026-11-21T08:00:00.000Z', actor: 'ed', action: 'sign-in', detail: null },
];

describe('the audit log', () => {
  it('shows who did what and when, newest first, with the detail', async () => {
    const mock = mockServer({ 'GET /api/admin/audit': () => ({ entries }) }, VIEWER);
    renderPage(<AuditPage />, { path: '/audit' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['21 Nov 2026, 10:00 UTC', 'pat', 'publish', 'propertyhealth-siteenvironmentproductionversion7'],
      ['21 Nov 2026, 09:00 UTC', 'ed', 'version.create', 'propertyhealth-siteversion7noteClearer link name'],
      ['21 Nov 2026, 08:00 UTC', 'ed', 'sign-in', '—'],
    ]);
    expect(mock.calls.find((c) => c.url.startsWith('/api/admin/audit'))?.url).toBe('/api/admin/audit?limit=100');
    expect(await seriousViolations()).toEqual([]);
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'publish');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('1 of the latest 3 entries are publish.')).toBeInTheDocument();
  });

  it('shows the server’s error', async () => {
    mockServer({ 'GET /api/admin/audit': () => new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Sign in first' } }), { status: 403 }) }, VIEWER);
    renderPage(<AuditPage />, { path: '/audit' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in first');
  });
});
