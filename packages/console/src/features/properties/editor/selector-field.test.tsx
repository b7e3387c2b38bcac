import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage } from '../../../test/render';
import { PropertiesRoutes } from '../index';
import { EDITOR, propertyApi, version } from '../test-fixtures';

const LOGIN_FAILED = '/properties/health-site/rules/Link%3A%20Login%20Failed';
const scenario = { versions: [version(5), version(6)], environments: { development: 6, staging: 6, production: 6 }, publications: [] };
const open = (path: string) => renderPage(<PropertiesRoutes />, { path, route: '/properties/*' });
async function fill(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}

// The editor validates with the same schema as the compiler: a selector the browser cannot
// parse is shown next to its field, with the position and the reason, and is never saved.
describe('a CSS selector field', { timeout: 20_000 }, () => {
  it('shows why the browser cannot parse the selector next to the field, and does not save', async () => {
    const mock = mockServer(propertyApi(scenario), EDITOR);
    open(`${LOGIN_FAILED}/edit`);
    const selector = await screen.findByLabelText('CSS selector');
    expect(selector).toHaveValue('#login-failed');
    await fill(selector, 'a[href');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    const message = 'not a valid CSS selector: missing "]" to close the attribute at position 2';
    expect(selector).toHaveAttribute('aria-invalid', 'true');
    expect(selector).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('The rule cannot be saved: 1 problem to fix.');
    expect(within(summary).getByRole('link', { name: 'Rule “Link: Login Failed” › Event 1 (click) › CSS selector' })).toBeInTheDocument();
    expect(summary).toHaveTextContent(`Rule “Link: Login Failed” › Event 1 (click) › CSS selector: ${message}`);
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await fill(selector, '#login-failed, a[href]');
    expect(selector).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
