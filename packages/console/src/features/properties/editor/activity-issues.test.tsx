import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage } from '../../../test/render';
import { ActivitiesRoutes } from '../../activities/index';
import type { PropertyDocument } from '../document';
import { EDITOR, freshHealthSite, propertyApi, version } from '../test-fixtures';

// Issue 14 item 4 with issue 19 item 5: an A/B test's problems, of every kind the schema reports
// for activities, listed in the analyst's words (never `personalisation.activities[1]...`), each
// linked to the form field that shows it.

const healthSite = freshHealthSite();
/** The broken test is the property's last activity: its number in the labels. */
const n = (healthSite.personalisation?.activities?.length ?? 0) + 1;

function brokenTest(): PropertyDocument {
  const document = healthSite;
  const personalisation = document.personalisation!;
  personalisation.activities = [
    ...(personalisation.activities ?? []),
    {
      id: 1500,
      name: '',
      type: 'ab',
      state: 'active',
      location: { type: 'mbox', name: 'not a name!' },
      audience: { conditions: [{ type: 'path', operator: 'startsWith', values: [] }] },
      experiences: [
        { name: 'Control', split: 30, offers: [{ type: 'trackClick', selector: '' }] },
        {
          name: 'Variant',
          split: 50,
          offers: [
            { type: 'setAttribute', selector: 'main h1', content: { onclick: 'x' } },
            { type: 'rearrange', selector: 'main ul', content: { from: 1, to: 1 } },
          ],
        },
      ],
      goals: [
        { type: 'page-view', name: '', path: 'no-slash' },
        { type: 'analytics-event', name: 'Booked', event: 'evt' },
      ],
    },
  ];
  return document;
}

const scenario = { versions: [version(5), version(6, brokenTest())], environments: { development: 6, staging: 6, production: 6 }, publications: [] };
const summary = () => screen.getByRole('alert');

describe('an A/B test’s issues in the summary', { timeout: 30_000 }, () => {
  it('are named in words and each link focuses the invalid field of the form', async () => {
    mockServer({ ...propertyApi(scenario), 'GET /api/admin/activities': () => ({ activities: [] }) }, EDITOR);
    renderPage(<ActivitiesRoutes />, { path: '/activities/property/health-site/1500/edit', route: '/activities/*' });
    await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));

    const items = within(summary()).getAllByRole('listitem').map((li) => li.textContent);
    const test = `Activity ${n} (no name yet)`;
    expect(items).toEqual([
      `${test} › Test name: must not be empty`,
      `${test} › Location › Location name: letters, digits, _, ., : and -, such as target-global-mbox`,
      `${test} › Audience › Condition 1 (path) › Values: at least one path`,
      `${test} › Experience 1 “Control” › Offer 1 (trackClick) › CSS selector: must not be empty`,
      `${test} › Experience 2 “Variant” › Offer 1 (setAttribute) › Content › onclick: event handler attributes (on...) run code and are not allowed`,
      `${test} › Experience 2 “Variant” › Offer 2 (rearrange) › Content: from and to must differ`,
      `${test} › Goal 1 › Goal name: must not be empty`,
      `${test} › Goal 1 › Page path: a path starting with /`,
      `${test} › Goal 2 “Booked” › Analytics event: an analytics event such as event15`,
    ]);
    expect(summary().textContent).not.toMatch(/personalisation|activities\[|\[\d+\]/);

    const links = within(summary()).getAllByRole('link');
    expect(links.length).toBe(items.length);
    for (const link of links) {
      await userEvent.click(link);
      const field = document.activeElement as HTMLElement;
      expect(field, link.textContent!).not.toBe(link);
      expect(field, link.textContent!).not.toBe(document.body);
      expect(field, link.textContent!).toHaveAttribute('aria-invalid', 'true');
    }
  });

  it("an in-app message's issues: its HTML, its mobile parameters, a display setting and a rule, each linked to its field", async () => {
    const withMessageTest = freshHealthSite();
    withMessageTest.personalisation!.activities = [
      ...(withMessageTest.personalisation!.activities ?? []),
      {
        id: 1501,
        name: 'Flu reminder',
        type: 'ab',
        location: { type: 'mbox', name: 'target-global-mbox' },
        experiences: [
          { name: 'Control', split: 50, offers: [{ type: 'trackClick', selector: 'main a' }] },
          {
            name: 'Reminder',
            split: 50,
            offers: [{ type: 'inAppMessage', contentType: 'application/json', content: { html: '<p>No heading</p>', webParameters: { width: 20 } }, ruleSet: { conditions: [{ type: 'message', withinDays: 60 }] } }],
          },
        ],
        goals: [{ type: 'message', name: 'Dismissed', event: 'dismiss' }],
      } as never,
    ];
    const withMessage = { versions: [version(5), version(6, withMessageTest)], environments: { development: 6, staging: 6, production: 6 }, publications: [] };
    mockServer({ ...propertyApi(withMessage), 'GET /api/admin/activities': () => ({ activities: [] }) }, EDITOR);
    renderPage(<ActivitiesRoutes />, { path: '/activities/property/health-site/1501/edit', route: '/activities/*' });
    await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));

    const offer = 'A/B test “Flu reminder” › Experience 2 “Reminder” › Offer 1 (inAppMessage)';
    const items = within(summary()).getAllByRole('listitem').map((li) => li.textContent);
    expect([...items].sort()).toEqual(
      [
        `${offer} › Message HTML: must hold a heading (h1 to h6): it names the dialog for screen readers`,
        `${offer} › Mobile parameters: required`,
        `${offer} › Display › Width (% of the screen): at least 50 (percent of the screen's width): narrower is not readable at 360 px`,
        `${offer} › Rule set › Rule 1 (message) › Within days: at most 30: history is kept 30 days (SPEC §9)`,
      ].sort(),
    );
    for (const link of within(summary()).getAllByRole('link')) {
      await userEvent.click(link);
      expect(document.activeElement, link.textContent!).toHaveAttribute('aria-invalid', 'true');
    }
  });
});
