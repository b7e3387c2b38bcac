import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage, router } from '../../test/render';
import { clone } from '../properties/document';
import { EDITOR, HEALTH_SITE, propertyApi, version } from '../properties/test-fixtures';
import { ActivitiesRoutes } from './index';
import { ACTIVITIES } from './test-fixtures';

// Issue 14 item 4: an A/B test made and changed with a form, saved as a draft of the property
// through the rule editor's save path (the whole document, the note, the base version).
const scenario = { versions: [version(5), version(6)], environments: { development: 6, staging: 6, production: 6 }, publications: [] };
const server = () => mockServer({ ...propertyApi(scenario), 'GET /api/admin/activities': () => ({ activities: [] }) }, EDITOR);
const open = (path: string) => renderPage(<ActivitiesRoutes />, { path, route: '/activities/*' });
const posts = (calls: ReturnType<typeof mockServer>['calls']) => calls.filter((c) => c.method === 'POST');
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const group = (name: string, inside: HTMLElement = document.body) => within(inside).getByRole('group', { name });
const NEW = '/activities/property/health-site/new';

describe('the A/B test form', { timeout: 30_000 }, () => {
  it('creates an A/B test with two experiences, an audience and goals, and saves it into the property draft', async () => {
    const mock = server();
    open(NEW);
    type(await screen.findByLabelText('Test name'), 'Flu vaccine banner');
    type(screen.getByLabelText('Location type'), 'view');
    type(screen.getByLabelText('View name'), 'Home-Page');
    expect(screen.getByLabelText('View name')).toHaveValue('home-page');

    // Audience: a path and new visitors.
    const audience = screen.getByRole('region', { name: 'Audience' });
    type(within(audience).getByLabelText('Type of the new condition'), 'path');
    await userEvent.click(within(audience).getByRole('button', { name: 'Add condition' }));
    type(within(audience).getByLabelText('Paths'), '/vaccinations/');
    type(within(audience).getByLabelText('Type of the new condition'), 'visitor');
    await userEvent.click(within(audience).getByRole('button', { name: 'Add condition' }));
    type(within(group('Condition 2', audience)).getByLabelText('Visitor'), 'repeat');

    // Experience 1 (control) tracks clicks; experience 2 sets the heading's text and a style.
    const control = group('Experience 1');
    type(within(control).getByLabelText('CSS selector'), 'main a');
    const variant = group('Experience 2');
    type(within(variant).getByLabelText('Experience name'), 'Plain words');
    type(within(variant).getByLabelText('CSS selector'), 'main h1');
    type(within(variant).getByLabelText('Text'), 'Get your flu vaccine');
    await userEvent.click(within(variant).getByRole('button', { name: 'Add offer' }));
    const second = group('Offer 2', variant);
    type(within(second).getByLabelText('Offer type'), 'setStyle');
    type(within(second).getByLabelText('CSS selector'), '.banner');
    await userEvent.click(within(second).getByRole('button', { name: 'Add style' }));
    type(within(second).getByLabelText('CSS property 1'), 'color');
    type(within(second).getByLabelText('Value of color'), 'red');

    // Goals: the page view there already, and event15.
    type(within(group('Goal 1')).getByLabelText('Page path'), '/vaccinations/flu/');
    type(screen.getByLabelText('Type of the new goal'), 'analytics-event');
    await userEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    type(within(group('Goal 2')).getByLabelText('Goal name'), 'Booked');

    type(screen.getByLabelText('Note'), 'Flu banner test');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(posts(mock.calls)).toHaveLength(1));
    const body = posts(mock.calls)[0]!.body as { document: typeof HEALTH_SITE; note: string; baseVersion: number };
    expect(body.note).toBe('Flu banner test');
    expect(body.baseVersion).toBe(6);
    // Everything else in the document is as it was.
    expect({ ...body.document, personalisation: undefined }).toEqual({ ...HEALTH_SITE, personalisation: undefined });
    const existing = HEALTH_SITE.personalisation!.activities!;
    expect(body.document.personalisation?.activities).toEqual([
      ...existing,
      {
        // The next id after the property's highest.
        id: Math.max(...existing.map((a) => a.id)) + 1,
        name: 'Flu vaccine banner',
        type: 'ab',
        location: { type: 'view', name: 'home-page' },
        audience: {
          conditions: [
            { type: 'path', operator: 'startsWith', values: ['/vaccinations/'] },
            { type: 'visitor', is: 'repeat' },
          ],
        },
        experiences: [
          { name: 'Control', split: 50, offers: [{ type: 'trackClick', selector: 'main a' }] },
          {
            name: 'Plain words',
            split: 50,
            offers: [
              { type: 'setText', selector: 'main h1', content: 'Get your flu vaccine' },
              { type: 'setStyle', selector: '.banner', content: { color: 'red' } },
            ],
          },
        ],
        goals: [
          { type: 'page-view', name: 'Page view', path: '/vaccinations/flu/' },
          { type: 'analytics-event', name: 'Booked', event: 'event15' },
        ],
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/activities'));
  });

  it('shows the traffic split total as it is typed, and does not save a split that is not 100', async () => {
    const mock = server();
    open(NEW);
    type(await screen.findByLabelText('Test name'), 'Split test');
    type(within(group('Experience 1')).getByLabelText('CSS selector'), 'main a');
    type(within(group('Experience 2')).getByLabelText('CSS selector'), 'main h1');
    expect(screen.getByRole('status')).toHaveTextContent('Traffic split total: 100%.');
    type(within(group('Experience 2')).getByLabelText('Traffic split (%)'), '40');
    expect(screen.getByRole('status')).toHaveTextContent('Traffic split total: 90% — must be 100% (10 to add).');

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The A/B test cannot be saved: 1 problem to fix.');
    expect(summary).toHaveTextContent('the traffic splits must sum to 100, not 90');
    const experiences = screen.getByRole('region', { name: 'Experiences' });
    expect(experiences).toHaveTextContent('Error: the traffic splits must sum to 100, not 90');
    expect(posts(mock.calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Split evenly' }));
    expect(screen.getByRole('status')).toHaveTextContent('Traffic split total: 100%.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows why a selector the browser cannot parse is invalid, on its field, and does not save', async () => {
    const mock = server();
    open(NEW);
    type(await screen.findByLabelText('Test name'), 'Selector test');
    type(within(group('Experience 1')).getByLabelText('CSS selector'), 'main a');
    const selector = within(group('Experience 2')).getByLabelText('CSS selector');
    type(selector, 'a[href');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    const message = 'not a valid CSS selector: missing "]" to close the attribute at position 2';
    expect(selector).toHaveAttribute('aria-invalid', 'true');
    expect(selector).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(posts(mock.calls)).toEqual([]);

    type(selector, 'a[href]');
    expect(selector).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('edits an existing A/B test: its fields are filled in, and only what was changed is saved', async () => {
    const mock = server();
    open('/activities/property/health-site/1001/edit');
    expect(await screen.findByRole('heading', { name: 'Edit A/B test Home page heading wording' })).toBeInTheDocument();
    expect(screen.getByLabelText('Test name')).toHaveValue('Home page heading wording');
    expect(screen.getByLabelText('State')).toHaveValue('active');
    expect(screen.getByLabelText('Location name')).toHaveValue('target-global-mbox');
    const variant = group('Experience 2');
    expect(within(variant).getByLabelText('Experience name')).toHaveValue('Plain words');
    const text = within(group('Offer 1', variant)).getByLabelText('Text');
    expect(text).toHaveValue('Health information you can trust');
    expect(within(group('Condition 2')).getByLabelText('Exclude visitors who match')).toBeChecked();

    type(text, 'Health advice you can trust');
    type(screen.getByLabelText('State'), 'paused');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(posts(mock.calls)).toHaveLength(1));
    const expected = clone(HEALTH_SITE);
    const activity = expected.personalisation!.activities![0]!;
    activity.state = 'paused';
    const offer = activity.experiences[1]!.offers[0]!;
    if (offer.type === 'setText') offer.content = 'Health advice you can trust';
    expect(posts(mock.calls)[0]!.body).toEqual({ document: expected, baseVersion: 6 });
  });

  it('takes HTML and JSON offers and redirects, each with the schema\'s checks on its field', async () => {
    const mock = server();
    open(NEW);
    type(await screen.findByLabelText('Test name'), 'Offer kinds');
    const control = group('Experience 1');
    type(within(control).getByLabelText('Offer type'), 'html');
    type(within(control).getByLabelText('HTML'), '<p onclick="x()">Hi</p>');
    await userEvent.click(within(control).getByRole('button', { name: 'Add offer' }));
    type(within(group('Offer 2', control)).getByLabelText('Offer type'), 'json');
    const json = within(group('Offer 2', control)).getByLabelText('JSON content');
    type(json, '{ "headline": ');
    expect(json).toHaveAccessibleDescription(expect.stringMatching(/Error: not JSON: /));
    type(json, '{ "headline": "Flu", "weeks": 3 }');
    expect(json).not.toHaveAttribute('aria-invalid');
    const variant = group('Experience 2');
    type(within(variant).getByLabelText('Offer type'), 'redirect');
    const url = within(variant).getByLabelText('Redirect to');
    type(url, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(within(control).getByLabelText('HTML')).toHaveAccessibleDescription(expect.stringContaining('Error: must not hold a script, a javascript: URL or an on... event attribute'));
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Error: an absolute http:// or https:// URL'));
    expect(posts(mock.calls)).toEqual([]);

    type(within(control).getByLabelText('HTML'), '<p>Hi</p>');
    type(url, 'https://www.health.localhost/flu/');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(posts(mock.calls)).toHaveLength(1));
    const saved = (posts(mock.calls)[0]!.body as { document: typeof HEALTH_SITE }).document.personalisation!.activities!.at(-1)!;
    expect(saved.experiences.map((e) => e.offers)).toEqual([
      [
        { type: 'html', content: '<p>Hi</p>' },
        { type: 'json', content: { headline: 'Flu', weeks: 3 } },
      ],
      [{ type: 'redirect', url: 'https://www.health.localhost/flu/' }],
    ]);
  });

  it('is reached from the activities list: a new test per property, and each A/B test of the latest version', async () => {
    mockServer({ ...propertyApi(scenario), 'GET /api/admin/activities': () => ({ activities: ACTIVITIES }) }, EDITOR);
    open('/activities');
    await userEvent.click(await screen.findByRole('link', { name: 'Edit Home page heading wording' }));
    expect(await screen.findByRole('heading', { name: 'Edit A/B test Home page heading wording' })).toBeInTheDocument();
    await router.navigate('/activities');
    await userEvent.click(await screen.findByRole('link', { name: 'New A/B test in health-site' }));
    expect(await screen.findByRole('heading', { name: 'New A/B test' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    server();
    open('/activities/property/health-site/1001/edit');
    type(await screen.findByLabelText('Test name'), 'Renamed');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  });
});
