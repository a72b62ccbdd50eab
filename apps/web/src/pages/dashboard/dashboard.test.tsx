import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProject, listPage, memberFixture, projectPageApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const project = fakeProject(1, {
  name: 'Harbour Goods',
  integrations: [{ code: 'shopify' }],
  billing: {
    plan: { code: 'demo' },
    flags: [{ code: 'COMPANY_NOT_FOUND', message: 'Company setup required.', level: 'warning' }],
  },
});
const olivia = memberFixture(1, { user: { firstName: 'Olivia', lastName: 'Owner' }, roles: ['owner'] });
const AUDIT = `GET /v1/projects/${project.id}/audit`;
const MEMBERS = `GET /v1/projects/${project.id}/users`;
const BILLING = 'GET /v1/billing/billing';

const activity = [
  {
    id: '00000000-0000-4000-8000-000000000002',
    at: '2026-11-21T11:00:00.000Z',
    operationId: 'createInvite',
    actorUserId: olivia.user.id,
    actorKind: 'user',
    projectId: project.id,
    target: null,
    ip: null,
    result: 'success',
    status: 201,
    details: null,
  },
];

const everything = ['projects.read', 'members.read', 'audit.read', 'billing.read', 'integrations.read'];
const path = `/dashboard/?project=${project.id}`;

describe('dashboard', () => {
  it('shows billing, modules, the team and recent activity in words', async () => {
    const api = projectPageApi(everything, { [AUDIT]: listPage(activity), [MEMBERS]: listPage([olivia]) }, project);
    renderApp(path, api.fetch);
    const billing = await screen.findByRole('region', { name: 'Billing' });
    expect(within(billing).getByText('demo')).toBeInTheDocument();
    expect(within(billing).getByText('Company setup required.')).toBeInTheDocument();
    // By name, leading to the module's settings page once its route is in.
    const modules = screen.getByRole('region', { name: 'Modules' });
    expect(within(modules).getByText('Shopify')).toBeInTheDocument();
    expect((await within(modules).findByRole('link', { name: 'Shopify' })).getAttribute('href')).toBe(
      `/modules/shopify?project=${project.id}`,
    );
    const team = screen.getByRole('region', { name: 'Team' });
    expect(await within(team).findByText('Olivia Owner')).toBeInTheDocument();
    expect(await screen.findByText('Olivia Owner invited someone')).toBeInTheDocument();
    expect(api.callsTo(BILLING).length).toBeGreaterThan(0);
  });

  it('leaves out the cards and quick links a role may not use, and asks nothing for them', async () => {
    const api = projectPageApi(['projects.read', 'members.read'], { [MEMBERS]: listPage([olivia]) }, project);
    renderApp(path, api.fetch);
    const team = await screen.findByRole('region', { name: 'Team' });
    expect(await within(team).findByText('Olivia Owner')).toBeInTheDocument();
    for (const card of ['Billing', 'Modules', 'Recent activity', 'Your access']) {
      expect(screen.queryByRole('region', { name: card })).not.toBeInTheDocument();
    }
    const links = screen.getByRole('region', { name: 'Quick links' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Support']);
    expect(screen.queryByText(/doesn.t allow|You need:/)).not.toBeInTheDocument();
    expect(api.callsTo(AUDIT)).toHaveLength(0);
    expect(api.callsTo(BILLING)).toHaveLength(0);
  });

  it('shows a role that may read none of the cards what it can use and whom to ask, never refusals', async () => {
    const api = projectPageApi(['projects.read', 'blog.read'], {}, project);
    renderApp(path, api.fetch);
    const welcome = await screen.findByRole('region', { name: 'Your access' });
    expect(within(welcome).getByText(/Ask an owner or admin of Harbour Goods/)).toBeInTheDocument();
    const links = screen.getByRole('region', { name: 'Quick links' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Support']);
    for (const card of ['Billing', 'Modules', 'Team', 'Recent activity']) {
      expect(screen.queryByRole('region', { name: card })).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/doesn.t allow|You need:/)).not.toBeInTheDocument();
    for (const call of [AUDIT, MEMBERS, BILLING]) expect(api.callsTo(call)).toHaveLength(0);
  });

  it('offers the quick links of the pages an owner can use', async () => {
    const api = projectPageApi(
      [...everything, 'invites.manage', 'authkeys.manage', 'projects.update'],
      { [AUDIT]: listPage([]), [MEMBERS]: listPage([olivia]) },
      project,
    );
    renderApp(path, api.fetch);
    const links = await screen.findByRole('region', { name: 'Quick links' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Invite people', 'Create an API key', 'Project settings', 'Support']);
    expect(screen.queryByRole('region', { name: 'Your access' })).not.toBeInTheDocument();
  });

  it('shows honest empty states', async () => {
    const empty = fakeProject(1, { name: 'Harbour Goods' });
    const api = projectPageApi(everything, { [AUDIT]: listPage([]), [MEMBERS]: listPage([olivia]) }, empty);
    renderApp(path, api.fetch);
    expect(await screen.findByText('No modules installed yet')).toBeInTheDocument();
    expect(await screen.findByText('Nothing has happened yet')).toBeInTheDocument();
    expect(screen.getByText('Nothing needs your attention.')).toBeInTheDocument();
  });
});
