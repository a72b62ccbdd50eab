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
  });

  it('says why a card is empty when its permission is denied, and asks nothing it may not read', async () => {
    const api = projectPageApi(['projects.read', 'members.read'], { [MEMBERS]: listPage([olivia]) }, project);
    renderApp(path, api.fetch);
    const activityCard = await screen.findByRole('region', { name: 'Recent activity' });
    expect(within(activityCard).getByText(/\(audit\.read\)/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Billing' })).getByText(/\(billing\.read\)/)).toBeInTheDocument();
    expect(api.callsTo(AUDIT)).toHaveLength(0);
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
