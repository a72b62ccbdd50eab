import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDomain, ProjectDomainList } from '@wharf/contract';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { fakeProject, json, projectPageApi } from '../../test/fake-api';

afterEach(() => forgetModules());

const shop = fakeProject(1, {
  name: 'Harbour Goods',
  integrations: [{ code: 'core' }, { code: 'domains' }],
});
const P = shop.id;
const PAGE = `/platform/domains?project=${P}`;
const LIST = 'GET /v1/platform/client/domains';
const CREATE = 'POST /v1/platform/client/domains';
const MANAGER = ['domains.read', 'domains.manage', 'integrations.read'];

const pending: ProjectDomain = {
  domain: 'shop.example',
  status: 'pending',
  failure: 'No TXT record found at _wharf.shop.example yet.',
  record: { type: 'TXT', name: '_wharf.shop.example', value: 'wharf-verification=abc123' },
  lastCheckedAt: '2026-11-27T10:00:00.000Z',
  nextCheckAt: '2026-11-27T10:05:00.000Z',
  verifiedAt: null,
  createdAt: '2026-11-27T09:59:00.000Z',
};
const verified: ProjectDomain = {
  ...pending,
  domain: 'www.harbour.example',
  status: 'verified',
  failure: null,
  record: { type: 'TXT', name: '_wharf.www.harbour.example', value: 'wharf-verification=def456' },
  nextCheckAt: null,
  verifiedAt: '2026-11-27T10:01:00.000Z',
};
const listOf = (data: ProjectDomain[], custom: string | null = null): ProjectDomainList => ({
  data,
  website: { customDomainName: custom, domainName: 'a1b2c3d4e5f6.wharf.example' },
});

describe('the domains page (platform.domains)', () => {
  it('explains custom domains when there are none, and adds one with the server’s refusal shown', async () => {
    let added = false;
    const api = projectPageApi(
      MANAGER,
      {
        [LIST]: () => json(200, listOf(added ? [pending] : [])),
        [CREATE]: (call) => {
          const { domain } = call.body as { domain: string };
          if (domain === '10.0.0.1')
            return json(400, { code: 'INVALID_DOMAIN', message: 'Use a domain name, not an IP address.' });
          added = true;
          return json(201, pending);
        },
      },
      shop,
    );
    renderWithModules(PAGE, api.fetch);
    expect(await screen.findByText('No custom domains yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Domains' })).toBeInTheDocument();
    expect(screen.getByText('a1b2c3d4e5f6.wharf.example')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Domain'), '10.0.0.1');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Use a domain name, not an IP address.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Domain'));
    await userEvent.type(screen.getByLabelText('Domain'), 'shop.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    const card = await screen.findByRole('listitem', { name: 'shop.example' });
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).getByText('_wharf.shop.example')).toBeInTheDocument();
    expect(within(card).getByText('wharf-verification=abc123')).toBeInTheDocument();
    expect(api.callsTo(CREATE).at(-1)!.url).toContain(`project=${P}`);
  });

  it('copies the record, checks now and removes after confirming', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let domains = [pending, verified];
    const api = projectPageApi(
      MANAGER,
      {
        [LIST]: () => json(200, listOf(domains, 'www.harbour.example')),
        'POST /v1/platform/client/domains/shop.example/check': () =>
          json(429, {
            code: 'DOMAIN_CHECKED_RECENTLY',
            message: 'shop.example was checked a moment ago: try again in 7 seconds.',
          }),
        'DELETE /v1/platform/client/domains/shop.example': () => {
          domains = [verified];
          return new Response(null, { status: 204 });
        },
      },
      shop,
    );
    renderWithModules(PAGE, api.fetch);
    const card = await screen.findByRole('listitem', { name: 'shop.example' });
    await userEvent.click(within(card).getByRole('button', { name: 'Copy value' }));
    expect(writeText).toHaveBeenCalledWith('wharf-verification=abc123');
    expect(await within(card).findByText('Copied')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Check now' }));
    expect(await within(card).findByText(/try again in 7 seconds/)).toBeInTheDocument();
    const done = screen.getByRole('listitem', { name: 'www.harbour.example' });
    expect(within(done).getByText('Verified')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Remove shop.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove shop.example?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'shop.example' })).not.toBeInTheDocument());
  });

  it('lets readers see the domains without the buttons', async () => {
    const api = projectPageApi(
      ['domains.read', 'integrations.read'],
      { [LIST]: () => json(200, listOf([pending])) },
      shop,
    );
    renderWithModules(PAGE, api.fetch);
    const card = await screen.findByRole('listitem', { name: 'shop.example' });
    expect(within(card).queryByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Domain')).not.toBeInTheDocument();
    expect(screen.getByText(/You can see the domains but not add/)).toBeInTheDocument();
  });
});

describe("the header's website link", () => {
  it('opens the verified custom domain in a new tab', async () => {
    const api = projectPageApi(MANAGER, { [LIST]: () => json(200, listOf([verified], 'www.harbour.example')) }, shop);
    renderWithModules(PAGE, api.fetch);
    const link = await screen.findByRole('link', { name: 'Open your website' });
    expect(link).toHaveAttribute('href', 'https://www.harbour.example');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('is hidden from people without domains.read, who are not asked for the domains', async () => {
    const api = projectPageApi(['integrations.read', 'orders.read'], { [LIST]: () => json(200, listOf([])) }, shop);
    renderWithModules(`/modules/domains?project=${P}`, api.fetch);
    await screen.findAllByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Open your website' })).not.toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });
});
