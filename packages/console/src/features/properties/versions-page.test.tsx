import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage } from '../../test/render';
import { clone } from './document';
import { PropertiesRoutes } from './index';
import { EDITOR, HEALTH_SITE, propertyApi, PUBLISHER, version, VIEWER } from './test-fixtures';

// Version 7 is a draft with a new link name; 6 runs everywhere; 5 ran everywhere before it.
const draft = clone(HEALTH_SITE);
const action = draft.rules![15]!.actions[1]!;
if (action.type === 'send-beacon' && action.settings.type === 'link') action.settings.linkName = 'Find a pharmacy near you';
const scenario = () => ({
  versions: [version(5), version(6), version(7, draft, 'Clearer link name')],
  environments: { development: 6, staging: 6, production: 6 },
  publications: [
    ['production', 6],
    ['staging', 6],
    ['development', 6],
    ['production', 5],
    ['staging', 5],
    ['development', 5],
  ] as Array<['development' | 'staging' | 'production', number]>,
});

const open = (path = '/properties/health-site/versions') => renderPage(<PropertiesRoutes />, { path, route: '/properties/*' });
const publishButtons = () => screen.getAllByRole('button', { name: /^(Publish|Roll back) / });

describe('the versions page', () => {
  it('lists the versions with where each runs, and diffs the latest draft against each environment', async () => {
    mockServer(propertyApi(scenario()), VIEWER);
    open();
    const history = await screen.findByRole('table', { name: 'Versions' });
    const rows = within(history).getAllByRole('row').slice(1);
    await waitFor(() =>
      expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
        ['17 Nov 2026, 09:00 UTC by ed', 'Clearer link name', 'draft: never published', 'shown below'],
        ['16 Nov 2026, 09:00 UTC by ed', '', 'runs on development, staging and production since 19 Nov', 'Review version 6'],
        ['15 Nov 2026, 09:00 UTC by ed', '', 'ran on development, staging and production 19 Nov, replaced by version 6', 'Review version 5'],
      ]),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Version 7' })).toBeInTheDocument();
    // Issue 19 item 6: one diff, naming the environments it applies to, not one per environment.
    const against = await screen.findByRole('region', { name: 'Against version 6, which development, staging and production run' });
    const diff = await within(against).findByRole('table');
    expect(within(diff).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'rules[15].actions[1].settings.linkNamerule Link: Find a Pharmacychanged"Find a Pharmacy""Find a pharmacy near you"',
    ]);
    expect(within(diff).getByRole('columnheader', { name: 'Version 6 (development, staging and production)' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader', { name: /^Version 6 / })).toHaveLength(1);
  });

  it('labels versions from the publication history: one that ran everywhere and was rolled back is no draft', async () => {
    // 7 went everywhere on 20-21 Nov; production went back to 6 on 22 Nov.
    mockServer(
      propertyApi({
        versions: [version(5), version(6), version(7, draft)],
        environments: { development: 7, staging: 7, production: 6 },
        publications: [
          ['production', 6, '2026-11-22T10:00:00.000Z', 'Link name confused visitors'],
          ['production', 7, '2026-11-21T10:00:00.000Z', 'Clearer pharmacy link'],
          ['staging', 7, '2026-11-20T10:00:00.000Z'],
          ['development', 7, '2026-11-20T09:00:00.000Z'],
          ['production', 6, '2026-11-03T10:00:00.000Z'],
          ['staging', 6, '2026-11-03T10:00:00.000Z'],
          ['development', 6, '2026-11-03T10:00:00.000Z'],
        ],
      }),
      VIEWER,
    );
    open();
    const history = await screen.findByRole('table', { name: 'Versions' });
    await waitFor(() => expect(within(history).getAllByRole('row')[1]).toHaveTextContent('runs on development and staging since 20 Nov; ran on production 21–22 Nov, rolled back'));
    expect(within(history).getAllByRole('row')[2]).toHaveTextContent('runs on production since 22 Nov; ran on development and staging 3–20 Nov, replaced by version 7; ran on production 3–21 Nov, replaced by version 7');
    expect(within(history).getAllByRole('row')[3]).toHaveTextContent('never published');
    expect(within(screen.getByRole('region', { name: 'Version 7' })).getAllByRole('paragraph')[0]).toHaveTextContent('Runs on development and staging since 20 Nov; ran on production 21–22 Nov, rolled back.');
    // The notes are in the publication history.
    const publications = screen.getByRole('table', { name: 'Publication history' });
    expect(within(publications).getAllByRole('row')[1]).toHaveTextContent('Link name confused visitors');
    // Against production's version 6 once; development and staging run this version.
    expect(await screen.findByRole('region', { name: 'Against version 6, which production runs' })).toBeInTheDocument();
    expect(screen.getByText('Development and staging run this version: no changes.')).toBeInTheDocument();
  });

  it('shows no publish controls to a viewer or an editor', async () => {
    for (const user of [VIEWER, EDITOR]) {
      mockServer(propertyApi(scenario()), user);
      const { unmount } = open();
      await screen.findByRole('heading', { level: 2, name: 'Version 7' });
      expect(screen.queryAllByRole('button', { name: /^(Publish|Roll back) / })).toEqual([]);
      expect(screen.queryByRole('heading', { name: 'Publish' })).toBeNull();
      unmount();
    }
  });

  it('offers publishing in promotion order, each blocked step with its reason', async () => {
    mockServer(propertyApi(scenario()), PUBLISHER);
    open();
    await screen.findByRole('button', { name: 'Publish version 7 to development' });
    expect(publishButtons().map((b) => [b.textContent, (b as HTMLButtonElement).disabled])).toEqual([
      ['Publish version 7 to development', false],
      ['Publish version 7 to staging', true],
      ['Publish version 7 to production', true],
    ]);
    expect(screen.getByRole('button', { name: 'Publish version 7 to staging' })).toHaveAccessibleDescription('Version 7 has not run on development yet: publish it to development first.');
    expect(screen.getByRole('button', { name: 'Publish version 7 to production' })).toHaveAccessibleDescription('Version 7 has not run on staging yet: publish it to staging first.');
  });

  it('publishes, showing progress while the server builds, then the new deployment; the next step opens', async () => {
    const api = propertyApi(scenario());
    let finish: () => void = () => {};
    const mock = mockServer(
      {
        ...api,
        'POST /api/admin/properties/:name/publications': async (init) => {
          await new Promise<void>((resolve) => (finish = resolve));
          return api['POST /api/admin/properties/:name/publications'](init);
        },
      },
      PUBLISHER,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish version 7 to development' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Building and publishing version 7 to development…'));
    expect(publishButtons().every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    finish();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Version 7 now runs on development: build build-development-7, 23,456 bytes (7,890 bytes gzipped), served at /containers/health-site/development.js.',
      ),
    );
    const post = mock.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ environment: 'development', version: 7 });
    expect(post?.headers['x-csrf-token']).toBe('csrf-test');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish version 7 to staging' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Publish version 7 to development' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Publish version 7 to production' })).toBeDisabled();
  });

  it('rolls back only after a confirmation', async () => {
    const mock = mockServer(propertyApi(scenario()), PUBLISHER);
    open('/properties/health-site/versions?version=5');
    const rollback = await screen.findByRole('button', { name: 'Roll back staging to version 5' });
    await userEvent.click(rollback);
    const confirm = screen.getByRole('group', { name: /^Roll back staging from version 6 to version 5\?/ });
    expect(within(confirm).getByRole('button', { name: 'Yes, roll back staging to version 5' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: /^Roll back/ })).toBeNull();
    await waitFor(() => expect(rollback).toHaveFocus());
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.click(rollback);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Version 5 now runs on staging'));
    expect(mock.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ environment: 'staging', version: 5 }]);
  });

  it('asks before publishing to production, with the changes against what production runs and a note', async () => {
    const scene = scenario();
    scene.environments = { development: 7, staging: 7, production: 6 };
    scene.publications = [['staging', 7], ['development', 7], ...scene.publications];
    const mock = mockServer(propertyApi(scene), PUBLISHER);
    open();
    const publish = await screen.findByRole('button', { name: 'Publish version 7 to production' });
    await waitFor(() => expect(publish).toBeEnabled());
    await userEvent.click(publish);
    const confirm = screen.getByRole('group', { name: /^Publish version 7 to production\?/ });
    expect(confirm).toHaveFocus();
    expect(within(confirm).getByRole('heading', { name: 'What changes against version 6, which production runs now' })).toBeInTheDocument();
    const diff = await within(confirm).findByRole('table');
    expect(within(diff).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'rules[15].actions[1].settings.linkNamerule Link: Find a Pharmacychanged"Find a Pharmacy""Find a pharmacy near you"',
    ]);
    // No note: not published; the field says why.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, publish version 7 to production' }));
    const note = within(confirm).getByLabelText('Note');
    expect(note).toHaveFocus();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(expect.stringContaining('Error: Write a note before publishing to production.'));
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Escape cancels, focus back on the button.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: /^Publish version 7/ })).toBeNull();
    await waitFor(() => expect(publish).toHaveFocus());

    await userEvent.click(publish);
    await userEvent.type(screen.getByLabelText('Note'), 'Clearer pharmacy link, checked on staging');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, publish version 7 to production' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Version 7 now runs on production'));
    expect(mock.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ environment: 'production', version: 7, note: 'Clearer pharmacy link, checked on staging' }]);
  });

  it('shows the server’s refusal', async () => {
    mockServer(
      {
        ...propertyApi(scenario()),
        'POST /api/admin/properties/:name/publications': () =>
          new Response(JSON.stringify({ error: { code: 'BUILD_FAILED', message: 'The container could not be built: rules[3]: syntax error' } }), { status: 422 }),
      },
      PUBLISHER,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish version 7 to development' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The container could not be built: rules[3]: syntax error');
  });
});
