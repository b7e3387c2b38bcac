import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage } from '../../../test/render';
import { PropertiesRoutes } from '../index';
import { EDITOR, propertyApi, version } from '../test-fixtures';

// Issue 19 item 5: errors in the analyst's words, on the field that caused them, all at once, and
// a summary whose every link moves focus to its field on the page it is on.
const scenario = { versions: [version(5), version(6)], environments: { development: 6, staging: 6, production: 6 }, publications: [] };
const open = (path: string) => renderPage(<PropertiesRoutes />, { path, route: '/properties/*' });
async function fill(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  if (text) {
    await userEvent.click(input);
    await userEvent.paste(text);
  }
}
const summary = () => screen.getByRole('alert');
const posts = (calls: ReturnType<typeof mockServer>['calls']) => calls.filter((c) => c.method === 'POST');

describe('the issue summary', { timeout: 30_000 }, () => {
  it('lists every problem at once in words, and each link focuses the invalid field that shows it', async () => {
    const mock = mockServer(propertyApi(scenario), EDITOR);
    open('/properties/health-site/rules/Link%3A%20Find%20a%20Pharmacy/edit');
    await fill(await screen.findByLabelText('Rule name'), '');
    await fill(screen.getByLabelText('Link name'), '');
    await fill(screen.getByLabelText('Value of eVar17'), '%No Such Element%');
    await fill(screen.getByLabelText('CSS selector'), 'a[href');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    const items = within(summary()).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Rule 16 (no name yet) › Rule name: must not be empty',
      'Rule 16 (no name yet) › Event 1 (click) › CSS selector: not a valid CSS selector: missing "]" to close the attribute at position 2',
      'Rule 16 (no name yet) › Action 2 (send-beacon) › Link name: must not be empty',
      // A reference error, shown with the schema's errors rather than after they are fixed.
      'Rule 16 (no name yet) › Action 1 (set-variables) › Variables › eVar17: unknown data element "No Such Element" in %No Such Element%',
    ]);
    expect(summary()).toHaveTextContent('The rule cannot be saved: 4 problems to fix.');
    expect(summary().textContent).not.toMatch(/rules\[|\.settings\./);

    for (const link of within(summary()).getAllByRole('link')) {
      await userEvent.click(link);
      const field = document.activeElement as HTMLElement;
      expect(field).not.toBe(link);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      const message = link.parentElement!.textContent!.slice(link.textContent!.length + 2);
      expect(field).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`));
    }
    expect(screen.getByLabelText('Variable 1')).toHaveFocus();
    expect(posts(mock.calls)).toEqual([]);
  });

  it('marks the name typed in when a data element is renamed to a name another one has, not the other one', async () => {
    mockServer(propertyApi(scenario), EDITOR);
    open('/properties/health-site/data-elements/Page%20Name/edit');
    const name = await screen.findByLabelText('Name');
    await fill(name, 'Sub Category2');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Error: duplicate data element "Sub Category2"'));
    const link = within(summary()).getByRole('link', { name: 'Data element “Sub Category2” › Name' });
    // On this page: a link to the field here.
    expect(link.getAttribute('href')).toBe(`#${name.id}`);
    await userEvent.click(link);
    expect(name).toHaveFocus();
    // The rules that read %Page Name% are listed too, each linking to its own editor.
    expect(within(summary()).getByRole('link', { name: 'Rule “Global page view” › Event 2 (data-element-change) › Data element' })).toHaveAttribute('href', '/properties/health-site/rules/Global%20page%20view/edit');
    // The property's own settings have no editor page: named, not linked.
    expect(summary()).toHaveTextContent('Property settings › Variables on every hit › pageName: unknown data element "Page Name" in %Page Name%');
    expect(within(summary()).queryByRole('link', { name: /Property settings/ })).toBeNull();
  });

  it('opens the editor page of an issue elsewhere and focuses its field there', async () => {
    mockServer(propertyApi(scenario), EDITOR);
    open('/properties/health-site/data-elements/Page%20Name/edit');
    await fill(await screen.findByLabelText('Name'), 'Page Title');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await userEvent.click(within(summary()).getByRole('link', { name: 'Rule “Global page view” › Event 2 (data-element-change) › Data element' }));
    // Leaving with unsaved changes asks first (item 3).
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));

    await screen.findByRole('heading', { level: 2, name: 'Edit rule Global page view' });
    const field = within(screen.getByRole('group', { name: 'Event 2' })).getByLabelText('Data element');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('Page Name');
  });
});
