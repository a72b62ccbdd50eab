import type { IntegrationInstallation } from '@wharf/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { installationFixture, storeApi } from '../../features/integrations/integration-fixtures';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { apiError, json, type FakeCall, type FakeRoutes } from '../../test/fake-api';

afterEach(forgetModules);

const P = storeApi().project().id;
const PAGE = `/modules/shopify?project=${P}`;
const SET_UP = { setupAt: '2026-11-02T09:00:00.000Z', config: { shopUrl: 'https://harbour.example', syncMinutes: 30 } };

/** Shopify installed (with its dependencies), its installation as given. */
function shopifyApi(installation: Partial<IntegrationInstallation>, routes: FakeRoutes = {}) {
  return storeApi({
    installed: ['core', 'orders', 'products', 'shopify'],
    installations: { shopify: installation },
    routes,
  });
}

const form = (name: string) => screen.findByRole('form', { name });

describe('a module’s settings page (integrations.{code}.settings)', () => {
  it('shows the set-up step first, checks it in the browser with the schema’s rules, then sets up', async () => {
    const SETUP = `POST ${shopifyApi({}).base}/shopify/setup`;
    const answer = () => json(200, installationFixture('shopify', { ...SET_UP, hasCredentials: true }));
    renderWithModules(PAGE, shopifyApi({}, { [SETUP]: answer }).fetch);
    const setUp = await form('Set up');
    expect(screen.getByRole('heading', { name: 'Set up Shopify' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Settings' })).not.toBeInTheDocument();

    // Defaults from the schema.
    expect(within(setUp).getByRole('spinbutton', { name: 'Sync minutes' })).toHaveValue('15');
    expect(within(setUp).getByRole('combobox', { name: 'Mode' })).toHaveValue('live');
    expect(within(setUp).getByRole('checkbox', { name: 'Import drafts' })).not.toBeChecked();

    await userEvent.type(within(setUp).getByRole('textbox', { name: 'Shop address' }), 'harbour');
    await userEvent.type(within(setUp).getByRole('textbox', { name: 'Contact email' }), 'ada@');
    // SPEC.md section 5: number inputs clamp to min and max (5–60 here), rather than being refused.
    await userEvent.clear(within(setUp).getByRole('spinbutton', { name: 'Sync minutes' }));
    await userEvent.type(within(setUp).getByRole('spinbutton', { name: 'Sync minutes' }), '999');
    await userEvent.type(within(setUp).getByRole('spinbutton', { name: 'Markup' }), '-1');
    await userEvent.click(within(setUp).getByRole('button', { name: 'Set up' }));

    expect(within(setUp).getByRole('textbox', { name: 'Shop address' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a web address starting with https://.'),
    );
    expect(within(setUp).getByText('Enter an email address such as name@example.com.')).toBeInTheDocument();
    expect(within(setUp).getByRole('spinbutton', { name: 'Sync minutes' })).toHaveValue('60');
    expect(within(setUp).getByRole('spinbutton', { name: 'Markup' })).toHaveValue('0');
    expect(within(setUp).queryByText(/Sync minutes must be/)).not.toBeInTheDocument();
    expect(within(setUp).queryByText('Markup cannot be negative.')).not.toBeInTheDocument();
    expect(within(setUp).getByText('Access token is required.')).toBeInTheDocument();
    expect(within(setUp).getByRole('textbox', { name: 'Shop address' })).toHaveFocus();

    const fill = async (name: string, value: string) => {
      const field = within(setUp).getByLabelText(name);
      await userEvent.clear(field);
      await userEvent.type(field, value);
    };
    await fill('Shop address', 'https://harbour.example');
    await fill('Contact email', 'ada@example.com');
    await fill('Sync minutes', '30');
    await fill('Markup', '2.5');
    await fill('Access token', 'shpat_0123456789');
    await userEvent.click(within(setUp).getByRole('checkbox', { name: 'Import drafts' }));
    await userEvent.click(within(setUp).getByRole('button', { name: 'Set up' }));

    // Then the settings and credentials, stored.
    expect(await form('Settings')).toBeInTheDocument();
    expect(screen.getByText('Stored')).toBeInTheDocument();
  });

  it('sends the set-up step’s values as the schema wants them', async () => {
    const SETUP = `POST ${shopifyApi({}).base}/shopify/setup`;
    const sent: unknown[] = [];
    const routes = {
      [SETUP]: (call: FakeCall) => {
        sent.push(call.body);
        return json(200, installationFixture('shopify', SET_UP));
      },
    };
    renderWithModules(PAGE, shopifyApi({}, routes).fetch);
    const setUp = await form('Set up');
    await userEvent.type(within(setUp).getByLabelText('Shop address'), 'https://harbour.example');
    await userEvent.type(within(setUp).getByLabelText('Access token'), 'shpat_0123456789');
    await userEvent.selectOptions(within(setUp).getByRole('combobox', { name: 'Mode' }), 'test');
    await userEvent.click(within(setUp).getByRole('button', { name: 'Set up' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      config: { shopUrl: 'https://harbour.example', syncMinutes: 15, importDrafts: false, mode: 'test' },
      credentials: { accessToken: 'shpat_0123456789' },
    });
  });

  it('saves settings, and shows the server’s field errors beside their fields in its words', async () => {
    const PATCH = `PATCH ${shopifyApi(SET_UP).base}/shopify`;
    const answers = [
      () =>
        apiError(400, 'VALIDATION_ERROR', 'Invalid settings', [
          { path: 'body.config.shopUrl', message: 'This shop does not exist on Shopify.' },
        ]),
      (call: FakeCall) => json(200, installationFixture('shopify', { ...SET_UP, ...(call.body as object) })),
    ];
    const patched: unknown[] = [];
    renderWithModules(
      PAGE,
      shopifyApi(SET_UP, {
        [PATCH]: (call: FakeCall) => {
          patched.push(call.body);
          return answers[patched.length - 1]!(call);
        },
      }).fetch,
    );
    const settings = await form('Settings');
    expect(within(settings).getByLabelText('Shop address')).toHaveValue('https://harbour.example');
    expect(within(settings).getByLabelText('Sync minutes')).toHaveValue('30');

    await userEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await within(settings).findByText('This shop does not exist on Shopify.')).toBeInTheDocument();
    expect(within(settings).getByLabelText('Shop address')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(settings).getByLabelText('Shop address'));
    await userEvent.type(within(settings).getByLabelText('Shop address'), 'https://harbour-goods.example');
    expect(within(settings).queryByText('This shop does not exist on Shopify.')).not.toBeInTheDocument();
    await userEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await within(settings).findByText('Settings saved.')).toBeInTheDocument();
    expect(patched[1]).toEqual({
      config: { shopUrl: 'https://harbour-goods.example', syncMinutes: 30, importDrafts: false, mode: 'live' },
    });
  });

  it('keeps credentials write-only and tests the connection with the stored ones', async () => {
    const TEST = `POST ${shopifyApi({}).base}/shopify/test`;
    const results = [
      { ok: false, message: 'Shopify refused the access token.', checkedAt: '2026-11-21T10:00:00.000Z' },
      { ok: true, message: 'Connected to harbour.myshopify.com.', checkedAt: '2026-11-21T10:01:00.000Z' },
    ];
    let tests = 0;
    renderWithModules(
      PAGE,
      shopifyApi({ ...SET_UP, hasCredentials: true }, { [TEST]: () => json(200, results[tests++]) }).fetch,
    );
    const credentials = await form('Credentials');
    expect(screen.getByText('Stored')).toBeInTheDocument();
    const token = within(credentials).getByLabelText('Access token');
    expect(token).toHaveValue('');
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveAttribute('placeholder', 'Stored. Leave blank to keep it.');

    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Shopify refused the access token.')).toBeInTheDocument();
    expect(screen.getByText('Not connected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected to harbour.myshopify.com.')).toBeInTheDocument();
  });

  it('cannot test a connector without stored credentials', async () => {
    renderWithModules(PAGE, shopifyApi({ ...SET_UP, hasCredentials: false }).fetch);
    await form('Credentials');
    expect(screen.getByText('Not stored')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeDisabled();
  });
});
