import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage } from '../../test/render';
import type { HEALTH_SITE} from '../properties/test-fixtures';
import { EDITOR, propertyApi, version } from '../properties/test-fixtures';
import { ActivitiesRoutes } from './index';
import { previewDocument } from './message-preview';

// Issue 16 item 2: an in-app message authored in the A/B test form like the other offers, checked by
// the schema's own messages, with a live preview of the dialog; saved into the property draft.
const scenario = { versions: [version(5), version(6)], environments: { development: 6, staging: 6, production: 6 }, publications: [] };
const server = () => mockServer({ ...propertyApi(scenario), 'GET /api/admin/activities': () => ({ activities: [] }) }, EDITOR);
const open = () => renderPage(<ActivitiesRoutes />, { path: '/activities/property/health-site/new', route: '/activities/*' });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const group = (name: string, inside: HTMLElement = document.body) => within(inside).getByRole('group', { name });
const HTML = '<h2>Flu vaccine</h2><p>Book online.</p><a href="/vaccinations/flu-vaccine/">Book</a>';
const frame = () => screen.getByTitle('Preview of the in-app message') as HTMLIFrameElement;

describe('an in-app message in the A/B test form', { timeout: 30_000 }, () => {
  it('is written with its display settings and rule set, previewed as it is typed, checked by the schema and saved', async () => {
    const mock = server();
    open();
    type(await screen.findByLabelText('Test name'), 'Flu reminder');
    type(within(group('Experience 1')).getByLabelText('CSS selector'), 'main a');
    const variant = group('Experience 2');
    type(within(variant).getByLabelText('Offer type'), 'inAppMessage');
    // A new message starts with a heading, and the preview shows it with SPEC §9's defaults.
    expect(within(variant).getByLabelText('Message HTML')).toHaveValue('<h2>Heading</h2>\n<p>Message</p>');
    expect(frame().getAttribute('sandbox')).toBe('');
    expect(frame().srcdoc).toContain('<h2>Heading</h2>');
    expect(frame().srcdoc).toContain('width:100%;height:100vh');
    expect(frame().srcdoc).toContain('background:rgba(0,0,0,0.5);opacity:0.5');

    // What the schema refuses shows under its field.
    type(within(variant).getByLabelText('Message HTML'), '<p>Book now</p>');
    type(within(variant).getByLabelText('Width (% of the screen)'), '30');
    type(within(variant).getByLabelText('Backdrop colour'), 'red; display:none');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('3 problems to fix');
    expect(summary).toHaveTextContent('Offer 1 (inAppMessage) › Display › Width (% of the screen): at least 50');
    expect(within(variant).getByLabelText('Message HTML')).toHaveAccessibleDescription(expect.stringContaining('must hold a heading (h1 to h6): it names the dialog for screen readers'));
    expect(within(variant).getByLabelText('Width (% of the screen)')).toHaveAccessibleDescription(expect.stringContaining("at least 50 (percent of the screen's width)"));
    expect(within(variant).getByLabelText('Backdrop colour')).toHaveAccessibleDescription(expect.stringContaining('a colour such as #000000 or rgba(0,0,0,0.5)'));
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);

    // Fixed, and the preview follows.
    type(within(variant).getByLabelText('Message HTML'), HTML);
    type(within(variant).getByLabelText('Width (% of the screen)'), '80');
    type(within(variant).getByLabelText('Backdrop colour'), '#003087');
    expect(frame().srcdoc).toContain(HTML);
    expect(frame().srcdoc).toContain('width:80%');
    expect(frame().srcdoc).toContain('background:#003087');

    // The rule set: viewed 3 pages in 30 days, and not shown in the last 7 days.
    const rules = within(variant).getByRole('group', { name: 'When the page shows it (rule set)' });
    await userEvent.click(within(rules).getByRole('button', { name: 'Add rule' }));
    type(within(group('Rule 1', rules)).getByLabelText('Event'), 'event1');
    type(within(group('Rule 1', rules)).getByLabelText('At least this many times'), '3');
    type(within(rules).getByLabelText('Type of the new rule'), 'message');
    await userEvent.click(within(rules).getByRole('button', { name: 'Add rule' }));
    expect(within(group('Rule 2', rules)).getByLabelText('Show only when this has not happened')).toBeChecked();

    // JSON content keeps the HTML and the display settings, and adds the mobile parameters.
    type(within(variant).getByLabelText('Content type'), 'application/json');
    expect(within(variant).getByLabelText('Message HTML')).toHaveValue(HTML);
    expect(within(variant).getByLabelText('Width (% of the screen)')).toHaveValue(80);
    expect(within(variant).getByLabelText('Mobile parameters')).toHaveValue('{}');

    type(within(group('Goal 1')).getByLabelText('Goal type'), 'message');
    type(within(group('Goal 1')).getByLabelText('Goal name'), 'Dismissed');
    type(within(group('Goal 1')).getByLabelText('Message event'), 'dismiss');
    type(screen.getByLabelText('Note'), 'Flu reminder');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(mock.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = mock.calls.find((c) => c.method === 'POST')!.body as { document: typeof HEALTH_SITE };
    const saved = body.document.personalisation!.activities!.at(-1)!;
    expect(saved.experiences[1]!.offers).toEqual([
      {
        type: 'inAppMessage',
        contentType: 'application/json',
        content: { html: HTML, mobileParameters: {}, webParameters: { width: 80, backdropColor: '#003087' } },
        ruleSet: {
          conditions: [
            { type: 'event-history', event: 'event1', atLeast: 3 },
            { type: 'message', event: 'display', withinDays: 7, negate: true },
          ],
        },
      },
    ]);
    expect(saved.goals).toEqual([{ type: 'message', name: 'Dismissed', event: 'dismiss' }]);
  });

  it("previews the container's settings within the schema's bounds, and the default for one out of them", () => {
    expect(previewDocument('<h2>x</h2>', { width: 60, height: 50, backdropOpacity: 0.8 })).toContain('width:60%;height:50vh');
    expect(previewDocument('<h2>x</h2>', { width: 10, backdropColor: 'url(x)', backdropOpacity: 3 })).toContain('width:100%;height:100vh');
    expect(previewDocument('<h2>x</h2>', { backdropColor: 'url(x)', backdropOpacity: 3 })).toContain('background:rgba(0,0,0,0.5);opacity:0.5');
  });
});
