import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage } from '../../test/render';
import { EDITOR, propertyApi, version } from '../properties/test-fixtures';
import { ActivitiesRoutes } from './index';

/** axe-core's WCAG 2.1 A/AA and best-practice rules, as properties/a11y.test.tsx runs them; serious and critical only. */
async function seriousViolations(): Promise<string[]> {
  // Frames (a message's preview) are not entered here: this DOM has no frame windows; Chromium's run in e2e/console.test.ts checks the page with them.
  const result = await axe.run(document.body, { iframes: false, runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const scenario = { versions: [version(5), version(6)], environments: { development: 6, staging: 6, production: 6 }, publications: [] };
const open = (path: string) => {
  mockServer(propertyApi(scenario), EDITOR);
  renderPage(<ActivitiesRoutes />, { path, route: '/activities/*' });
};

describe('accessibility of the A/B test form (axe-core)', () => {
  it('an existing test, with every offer type that has fields of its own', async () => {
    open('/activities/property/health-site/1001/edit');
    await screen.findByRole('heading', { name: 'Edit A/B test Home page heading wording' });
    const variant = screen.getByRole('group', { name: 'Experience 2' });
    // One offer of each kind of field: markup, attributes, JSON (the location is an mbox), an in-app message with its preview; redirect elsewhere.
    for (const type of ['setHtml', 'setAttribute', 'json', 'inAppMessage']) {
      await userEvent.click(within(variant).getByRole('button', { name: 'Add offer' }));
      const offers = within(variant).getAllByLabelText('Offer type');
      fireEvent.change(offers[offers.length - 1]!, { target: { value: type } });
    }
    expect(await seriousViolations()).toEqual([]);
  }, 90_000);

  it('a new test showing its problems', async () => {
    open('/activities/property/health-site/new');
    await screen.findByRole('heading', { name: 'New A/B test' });
    fireEvent.change(within(screen.getByRole('group', { name: 'Experience 2' })).getByLabelText('Traffic split (%)'), { target: { value: '30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByRole('alert');
    expect(await seriousViolations()).toEqual([]);
  }, 90_000);
});
