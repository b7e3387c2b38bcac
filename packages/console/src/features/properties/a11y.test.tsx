import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage } from '../../test/render';
import { PropertiesRoutes } from './index';
import { propertyApi, PUBLISHER, version } from './test-fixtures';

/** axe-core's WCAG 2.1 A/AA and best-practice rules, as the end-to-end tests run them; serious and critical only. */
async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const scenario = () => ({
  versions: [version(5), version(6)],
  environments: { development: 6, staging: 5, production: 5 },
  publications: [['development', 6], ['staging', 5], ['production', 5], ['development', 5]] as Array<['development' | 'staging' | 'production', number]>,
});

describe('accessibility of the property pages (axe-core)', { timeout: 30_000 }, () => {
  it.each([
    ['the property list', '/properties', 'Properties'],
    ['the rules', '/properties/health-site/rules', 'Rules'],
    ['a rule', '/properties/health-site/rules/Global%20page%20view', 'Global page view'],
    ['the rule editor', '/properties/health-site/rules/Global%20page%20view/edit', 'Edit rule Global page view'],
    ['the data elements', '/properties/health-site/data-elements', 'Data elements'],
    ['a data element', '/properties/health-site/data-elements/Vaccine%20Dose', 'Vaccine Dose'],
    ['the data element editor', '/properties/health-site/data-elements/Vaccine%20Dose/edit', 'Edit data element Vaccine Dose'],
    ['the SDR', '/properties/health-site/sdr', 'Solution design reference'],
    ['the versions', '/properties/health-site/versions', 'Version 6'],
  ])('%s', async (_, path, heading) => {
    mockServer(propertyApi(scenario()), PUBLISHER);
    renderPage(<PropertiesRoutes />, { path, route: '/properties/*' });
    await screen.findByRole('heading', { name: heading });
    expect(await seriousViolations()).toEqual([]);
  });

  // Issue 19 items 5 and 6: the issue summary with its links, and the production confirmation.
  it('the rule editor showing its problems', async () => {
    mockServer(propertyApi(scenario()), PUBLISHER);
    renderPage(<PropertiesRoutes />, { path: '/properties/health-site/rules/Global%20page%20view/edit', route: '/properties/*' });
    fireEvent.change(await screen.findByLabelText('Rule name'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByRole('link', { name: /Rule name$/ });
    expect(await seriousViolations()).toEqual([]);
    // axe over every field of a whole rule editor in jsdom takes longer than the default.
  }, 90_000);

  it('the production publish confirmation', async () => {
    mockServer(propertyApi({ ...scenario(), environments: { development: 6, staging: 6, production: 5 }, publications: [['staging', 6], ...scenario().publications] }), PUBLISHER);
    renderPage(<PropertiesRoutes />, { path: '/properties/health-site/versions', route: '/properties/*' });
    const publish = await screen.findByRole('button', { name: 'Publish version 6 to production' });
    await waitFor(() => expect(publish).toBeEnabled());
    await userEvent.click(publish);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, publish version 6 to production' }));
    await screen.findByText('Write a note before publishing to production.');
    expect(await seriousViolations()).toEqual([]);
  });

  it('the rule editor asking before it is left with unsaved changes', async () => {
    mockServer(propertyApi(scenario()), PUBLISHER);
    renderPage(<PropertiesRoutes />, { path: '/properties/health-site/rules/Global%20page%20view/edit', route: '/properties/*' });
    fireEvent.change(await screen.findByLabelText('Note'), { target: { value: 'Half-written' } });
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(await seriousViolations()).toEqual([]);
  });
});
