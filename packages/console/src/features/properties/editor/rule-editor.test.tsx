import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage, router } from '../../../test/render';
import { clone, type PropertyDocument } from '../document';
import { PropertiesRoutes } from '../index';
import { apiError, EDITOR, HEALTH_SITE, HEALTH_SITE_RULES, propertyApi, ruleIndex, version, VIEWER } from '../test-fixtures';

const FIND_A_PHARMACY = '/properties/health-site/rules/Link%3A%20Find%20a%20Pharmacy';
/** The rule's index in the health site: schema paths name it. */
const PHARMACY = ruleIndex('Link: Find a Pharmacy');
const scenario = { versions: [version(5), version(6)], environments: { development: 6, staging: 6, production: 6 }, publications: [] };

function server(extra: Record<string, Parameters<typeof mockServer>[0][string]> = {}, user = EDITOR) {
  return mockServer({ ...propertyApi(scenario), ...extra }, user);
}
const open = (path: string) => renderPage(<PropertiesRoutes />, { path, route: '/properties/*' });
/** Types a value at once (typing it key by key re-renders the whole form per key, slow in jsdom). */
async function fill(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}
const posts = (calls: ReturnType<typeof mockServer>['calls']) => calls.filter((c) => c.method === 'POST');

// A big form in jsdom: the health site's rules have many fields.
describe('the rule editor', { timeout: 20_000 }, () => {
  it('shows a schema error next to the field and in the summary, and does not save', async () => {
    const mock = server();
    open(`${FIND_A_PHARMACY}/edit`);
    const linkName = await screen.findByLabelText('Link name');
    expect(linkName).toHaveValue('Find a Pharmacy');
    await userEvent.clear(linkName);
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(linkName).toHaveAttribute('aria-invalid', 'true');
    expect(linkName).toHaveAccessibleDescription('Text; %Data Element Name% tokens are replaced by their values. Error: must not be empty');
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('The rule cannot be saved: 1 problem to fix.');
    expect(summary).toHaveTextContent('Rule “Link: Find a Pharmacy” › Action 2 (send-beacon) › Link name: must not be empty');
    expect(summary).toHaveFocus();
    await userEvent.click(within(summary).getByRole('link', { name: 'Rule “Link: Find a Pharmacy” › Action 2 (send-beacon) › Link name' }));
    expect(linkName).toHaveFocus();
    expect(posts(mock.calls)).toEqual([]);

    // Fixed: the messages go as the author types.
    await fill(linkName, 'Pharmacy finder');
    expect(linkName).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves a draft: the whole document, the note and the base version, with the CSRF token; then says "Saved version 7"', async () => {
    const mock = server();
    open(`${FIND_A_PHARMACY}/edit`);
    const linkName = await screen.findByLabelText('Link name');
    await fill(linkName, 'Find a pharmacy near you');
    await fill(screen.getByLabelText('Note'), 'Clearer link name');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved version 7.'));
    const [post] = posts(mock.calls);
    expect(post?.url).toBe('/api/admin/properties/health-site/versions');
    expect(post?.headers['x-csrf-token']).toBe('csrf-test');
    const expected = clone(HEALTH_SITE);
    const action = expected.rules![PHARMACY]!.actions[1]!;
    if (action.type === 'send-beacon' && action.settings.type === 'link') action.settings.linkName = 'Find a pharmacy near you';
    expect(post?.body).toEqual({ document: expected, note: 'Clearer link name', baseVersion: 6 });
    // Back on the rule, which reads the saved version.
    expect(screen.getByRole('heading', { level: 2, name: 'Link: Find a Pharmacy' })).toBeInTheDocument();
    expect(screen.getByText(/then send a link hit “Find a pharmacy near you”\.$/)).toBeInTheDocument();
  });

  it('moves, removes and adds actions with buttons, focus following the moved action', async () => {
    const mock = server();
    open(`${FIND_A_PHARMACY}/edit`);
    await userEvent.click(await screen.findByRole('button', { name: 'Move action 2 up' }));
    // Action 2 became action 1, whose "up" is disabled: focus is on its "down".
    expect(screen.getByRole('button', { name: 'Move action 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move action 1 down' })).toHaveFocus();
    expect(within(screen.getByRole('group', { name: 'Action 1' })).getByLabelText('Link name')).toHaveValue('Find a Pharmacy');

    await userEvent.keyboard('{Enter}');
    expect(within(screen.getByRole('group', { name: 'Action 2' })).getByLabelText('Link name')).toHaveValue('Find a Pharmacy');
    expect(screen.getByRole('button', { name: 'Move action 2 up' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Remove action 1' }));
    await userEvent.selectOptions(screen.getByLabelText('Type of the new action'), 'clear-variables');
    await userEvent.click(screen.getByRole('button', { name: 'Add action' }));
    expect(within(screen.getByRole('group', { name: 'Action 2' })).getByLabelText('Type')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved version 7.'));
    const rule = (posts(mock.calls)[0]?.body as { document: PropertyDocument }).document.rules![PHARMACY]!;
    expect(rule.actions).toEqual([{ type: 'send-beacon', settings: { type: 'link', linkName: 'Find a Pharmacy' } }, { type: 'clear-variables' }]);
  });

  it('creates a rule with a link beacon and a path condition from real fields', async () => {
    const mock = server();
    open('/properties/health-site/rules/new');
    await fill(await screen.findByLabelText('Rule name'), 'Link: Leaflet');
    const event = screen.getByRole('group', { name: 'Event 1' });
    await userEvent.selectOptions(within(event).getByLabelText('Type'), 'click');
    await fill(within(event).getByLabelText('CSS selector'), 'a.leaflet');
    await userEvent.selectOptions(screen.getByLabelText('Type of the new condition'), 'path');
    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const condition = screen.getByRole('group', { name: 'Condition 1' });
    await fill(within(condition).getByLabelText('Path pattern'), '^/conditions/');
    await userEvent.click(within(condition).getByLabelText('Negate'));
    await userEvent.selectOptions(screen.getByLabelText('Type of the new action'), 'send-beacon');
    await userEvent.click(screen.getByRole('button', { name: 'Add action' }));
    const action = screen.getByRole('group', { name: 'Action 1' });
    await userEvent.selectOptions(within(action).getByLabelText('Hit type'), 'link');
    await fill(within(action).getByLabelText('Link name'), 'Leaflet');
    expect(screen.getByText('On a click on “a.leaflet”, if the path does not match /^\\/conditions\\//: send a link hit “Leaflet”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved version 7.'));
    const document = (posts(mock.calls)[0]?.body as { document: PropertyDocument }).document;
    // Added at the end, after every existing rule.
    expect(document.rules).toHaveLength(HEALTH_SITE_RULES.length + 1);
    expect(document.rules!.slice(0, -1)).toEqual(HEALTH_SITE_RULES);
    expect(document.rules!.at(-1)).toEqual({
      name: 'Link: Leaflet',
      events: [{ type: 'click', settings: { selector: 'a.leaflet' } }],
      conditions: [{ type: 'path', negate: true, settings: { pattern: '^/conditions/' } }],
      actions: [{ type: 'send-beacon', settings: { type: 'link', linkName: 'Leaflet' } }],
    });
  });

  it('edits the variables of set-variables as rows', async () => {
    const mock = server();
    open(`${FIND_A_PHARMACY}/edit`);
    const action = await screen.findByRole('group', { name: 'Action 1' });
    expect(within(action).getByLabelText('Variable 1')).toHaveValue('eVar17');
    await fill(within(action).getByLabelText('Value of eVar17'), 'Pharmacy');
    await userEvent.click(within(action).getByRole('button', { name: 'Add variable' }));
    await fill(within(action).getByLabelText('Variable 3'), 'eVar999');
    await fill(within(action).getByLabelText('Value of eVar999'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(within(action).getByLabelText('Variable 3')).toHaveAccessibleDescription(/not an analytics variable/);
    expect(posts(mock.calls)).toEqual([]);

    await userEvent.click(within(action).getByRole('button', { name: 'Remove eVar999' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved version 7.'));
    const rule = (posts(mock.calls)[0]?.body as { document: PropertyDocument }).document.rules![PHARMACY]!;
    expect(rule.actions[0]).toEqual({ type: 'set-variables', settings: { variables: { eVar17: 'Pharmacy', eVar18: '%this.href%' }, events: [{ name: 'event17' }] } });
  });

  it('shows the server’s 409 VERSION_CONFLICT and offers to load the latest version', async () => {
    server({ 'POST /api/admin/properties/:name/versions': () => apiError(409, 'VERSION_CONFLICT', 'Version 7 was saved after version 6') });
    open(`${FIND_A_PHARMACY}/edit`);
    await fill(await screen.findByLabelText('Note'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Version 7 was saved after version 6');
    expect(alert).toHaveTextContent('Someone saved a newer version after version 6, which this edit started from.');
    expect(within(alert).getByRole('button', { name: 'Load the latest version (discards your changes)' })).toBeEnabled();
  });

  it('shows the server’s 422 INVALID_PROPERTY issues next to their fields', async () => {
    server({
      'POST /api/admin/properties/:name/versions': () => apiError(422, 'INVALID_PROPERTY', 'The property document is not valid', [{ path: `rules[${PHARMACY}].name`, message: 'reserved name' }]),
    });
    open(`${FIND_A_PHARMACY}/edit`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server did not accept the rule (The property document is not valid): 1 problem to fix.');
    expect(alert).toHaveTextContent('Rule “Link: Find a Pharmacy” › Rule name: reserved name');
    expect(screen.getByLabelText('Rule name')).toHaveAccessibleDescription('Unique in the property. Error: reserved name');
  });

  it('is not open to a viewer', async () => {
    server({}, VIEWER);
    open(`${FIND_A_PHARMACY}/edit`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role (viewer) cannot open this page.');
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });

  it('deletes a rule after a confirmation', async () => {
    const mock = server();
    open(`${FIND_A_PHARMACY}/edit`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete rule Link: Find a Pharmacy' }));
    expect(posts(mock.calls)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete rule Link: Find a Pharmacy' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved version 7.'));
    const body = posts(mock.calls)[0]?.body as { document: PropertyDocument; note: string; baseVersion: number };
    expect(body.document.rules!.map((r) => r.name)).not.toContain('Link: Find a Pharmacy');
    // Every other rule stays, in order.
    expect(body.document.rules).toEqual(HEALTH_SITE_RULES.filter((r) => r.name !== 'Link: Find a Pharmacy'));
    expect(body.document.rules).toHaveLength(HEALTH_SITE_RULES.length - 1);
    expect(body.note).toBe('Deleted rule “Link: Find a Pharmacy”');
    expect(screen.getByRole('heading', { level: 2, name: 'Rules' })).toBeInTheDocument();
  });
});

// Issue 19 item 3: leaving an editor with unsaved changes asks first.
describe('leaving the rule editor', { timeout: 20_000 }, () => {
  const question = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });
  /** A `beforeunload` as closing or reloading the window sends it; true when the page asked to stay. */
  const closeWindow = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

  it('asks before a link takes unsaved changes away: "Stay on this page" keeps them, "Leave without saving" goes', async () => {
    server();
    open(`${FIND_A_PHARMACY}/edit`);
    const linkName = await screen.findByLabelText('Link name');
    await fill(linkName, 'Find a pharmacy near you');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));

    const dialog = question()!;
    expect(dialog).toHaveAccessibleDescription('This rule has changes that are not saved. If you leave now, they are lost.');
    expect(within(dialog).getByRole('button', { name: 'Stay on this page' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(question()).toBeNull();
    expect(router.state.location.pathname).toBe(`${FIND_A_PHARMACY}/edit`);
    expect(screen.getByLabelText('Link name')).toHaveValue('Find a pharmacy near you');

    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await userEvent.click(within(question()!).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Link: Find a Pharmacy' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Link name')).toBeNull();
  });

  it('asks on the browser’s back button and on the property’s tabs; Escape stays', async () => {
    server();
    open(FIND_A_PHARMACY);
    await userEvent.click(await screen.findByRole('link', { name: 'Edit rule' }));
    await fill(await screen.findByLabelText('Rule name'), 'Link: Pharmacy finder');
    await act(() => router.navigate(-1));
    expect(question()).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(question()).toBeNull();
    expect(screen.getByLabelText('Rule name')).toHaveValue('Link: Pharmacy finder');

    await userEvent.click(screen.getByRole('link', { name: 'Versions' }));
    expect(question()).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Versions' })).toBeInTheDocument();
  });

  it('asks the browser before the window closes or reloads, only while there are unsaved changes (a note counts)', async () => {
    server();
    open(`${FIND_A_PHARMACY}/edit`);
    await screen.findByLabelText('Link name');
    expect(closeWindow()).toBe(false);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Half-written note' } });
    expect(closeWindow()).toBe(true);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: '' } });
    expect(closeWindow()).toBe(false);
    await userEvent.click(screen.getByLabelText('Enabled'));
    expect(closeWindow()).toBe(true);
    // Undone by hand: nothing left to lose.
    await userEvent.click(screen.getByLabelText('Enabled'));
    expect(closeWindow()).toBe(false);
  });

  it('leaves without asking when nothing changed, after saving, and after deleting', async () => {
    server();
    open(`${FIND_A_PHARMACY}/edit`);
    await userEvent.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Link: Find a Pharmacy' })).toBeInTheDocument();
    expect(question()).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Edit rule' }));
    await fill(await screen.findByLabelText('Link name'), 'Find a pharmacy near you');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved version 7.'));
    expect(question()).toBeNull();
    expect(closeWindow()).toBe(false);

    await userEvent.click(screen.getByRole('link', { name: 'Edit rule' }));
    await fill(await screen.findByLabelText('Link name'), 'Changed, then deleted');
    expect(closeWindow()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete rule Link: Find a Pharmacy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete rule Link: Find a Pharmacy' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Rules' })).toBeInTheDocument();
    expect(question()).toBeNull();
    // The guard is released by the editor's effect as it unmounts, which may land after the list's first render.
    await waitFor(() => expect(closeWindow()).toBe(false));
  });
});
