import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage, router } from '../../../test/render';
import type { PropertyDocument } from '../document';
import { PropertiesRoutes } from '../index';
import { EDITOR, HEALTH_SITE_ELEMENTS, propertyApi, version } from '../test-fixtures';

const scenario = () => ({ versions: [version(6)], environments: { development: 6, staging: 6, production: 6 }, publications: [] });
const open = (path: string) => renderPage(<PropertiesRoutes />, { path, route: '/properties/*' });
const posted = (calls: ReturnType<typeof mockServer>['calls']) => calls.filter((c) => c.method === 'POST').map((c) => c.body as { document: PropertyDocument; baseVersion: number });

describe('the data element editor', { timeout: 20_000 }, () => {
  it('changes the options of a data element and saves the whole document', async () => {
    const mock = mockServer(propertyApi(scenario()), EDITOR);
    open('/properties/health-site/data-elements/Page%20Name/edit');
    expect(await screen.findByLabelText('Data layer path')).toHaveValue('page.pageInfo.pageName');
    expect(screen.getByLabelText('Default value')).toHaveValue('N/A');
    await userEvent.click(screen.getByLabelText('Force lower case'));
    await userEvent.selectOptions(screen.getByLabelText('Storage duration'), 'session');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved version 7.'));
    const [body] = posted(mock.calls);
    expect(body?.baseVersion).toBe(6);
    expect(body?.document.dataElements![0]).toEqual({ name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' }, default: 'N/A', cleanText: true, storage: 'session' });
    expect(body?.document.dataElements).toHaveLength(HEALTH_SITE_ELEMENTS.length);
    expect(body?.document.dataElements!.slice(1)).toEqual(HEALTH_SITE_ELEMENTS.slice(1));
    expect(screen.getByText('Storage duration').nextSibling).toHaveTextContent('session (remembered for the session)');
  });

  it('shows the schema’s message next to the data layer path and does not save', async () => {
    const mock = mockServer(propertyApi(scenario()), EDITOR);
    open('/properties/health-site/data-elements/Page%20Name/edit');
    const path = await screen.findByLabelText('Data layer path');
    await userEvent.clear(path);
    await userEvent.type(path, 'page..name');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(path).toHaveAccessibleDescription('A dotted path under window.digitalData, e.g. page.pageInfo.pageName Error: a dotted path under window.digitalData, e.g. page.pageInfo.pageName');
    expect(screen.getByRole('alert')).toHaveTextContent('Data element “Page Name” › Source settings › Data layer path: a dotted path under window.digitalData');
    expect(posted(mock.calls)).toEqual([]);
  });

  it('refuses a rename that leaves rules reading the old name, naming each place', async () => {
    const mock = mockServer(propertyApi(scenario()), EDITOR);
    open('/properties/health-site/data-elements/Page%20Name/edit');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveAccessibleDescription('Rules read it as %Page Name%: renaming it means changing them too (1 rule).');
    await userEvent.type(name, 's');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Rule “Global page view” › Event 2 (data-element-change) › Data element: unknown data element "Page Name"');
    expect(alert).toHaveTextContent('Property settings › Variables on every hit › pageName: unknown data element "Page Name" in %Page Name%');
    expect(posted(mock.calls)).toEqual([]);
  });

  it('creates a data element of another type with its own fields', async () => {
    const mock = mockServer(propertyApi(scenario()), EDITOR);
    open('/properties/health-site/data-elements/new');
    await userEvent.type(await screen.findByLabelText('Name'), 'Page Title');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'page-info');
    await userEvent.selectOptions(screen.getByLabelText('Page attribute'), 'title');
    await userEvent.click(screen.getByLabelText('Use a default value'));
    await userEvent.type(screen.getByLabelText('Default value'), 'untitled');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved version 7.'));
    // Added at the end, after every existing data element.
    const elements = posted(mock.calls)[0]?.document.dataElements;
    expect(elements).toHaveLength(HEALTH_SITE_ELEMENTS.length + 1);
    expect(elements!.slice(0, -1)).toEqual(HEALTH_SITE_ELEMENTS);
    expect(elements!.at(-1)).toEqual({ name: 'Page Title', type: 'page-info', settings: { attribute: 'title' }, default: 'untitled' });
  });
});

// Issue 19 item 3: leaving an editor with unsaved changes asks first.
describe('leaving the data element editor', { timeout: 20_000 }, () => {
  const question = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });
  const closeWindow = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

  it('asks before a link, a tab or the back button takes unsaved changes away, and before the window closes', async () => {
    mockServer(propertyApi(scenario()), EDITOR);
    open('/properties/health-site/data-elements/Page%20Name');
    await userEvent.click(await screen.findByRole('link', { name: 'Edit data element' }));
    const path = await screen.findByLabelText('Data layer path');
    expect(closeWindow()).toBe(false);
    await userEvent.type(path, '.extra');
    expect(closeWindow()).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = question()!;
    expect(dialog).toHaveAccessibleDescription('This data element has changes that are not saved. If you leave now, they are lost.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await userEvent.click(screen.getByRole('link', { name: 'Rules' }));
    expect(question()).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await act(() => router.navigate(-1));
    expect(question()).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.getByLabelText('Data layer path')).toHaveValue('page.pageInfo.pageName.extra');

    await act(() => router.navigate(-1));
    await userEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Page Name' })).toBeInTheDocument();
    expect(closeWindow()).toBe(false);
  });

  it('leaves without asking once the new data element is saved', async () => {
    mockServer(propertyApi(scenario()), EDITOR);
    open('/properties/health-site/data-elements/new');
    await userEvent.type(await screen.findByLabelText('Name'), 'Page Title');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'page-info');
    await userEvent.selectOptions(screen.getByLabelText('Page attribute'), 'title');
    expect(closeWindow()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved version 7.'));
    expect(question()).toBeNull();
    expect(closeWindow()).toBe(false);
  });
});
