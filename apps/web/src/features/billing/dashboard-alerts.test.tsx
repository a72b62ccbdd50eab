import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProject, json, listPage, projectPageApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { billingProjectFixture } from './billing-fixtures';

// The dashboard's Billing card (features/dashboard/ui/ProjectDashboard.tsx) shows the account alerts.
const project = fakeProject(1, {
  billing: {
    plan: { code: 'starter' },
    flags: [{ code: 'payment_method_expired', message: 'Payment method expired.', level: 'danger' }],
  },
});
const everything = ['projects.read', 'members.read', 'audit.read', 'billing.read', 'integrations.read'];
const path = `/dashboard/?project=${project.id}`;
const others = {
  [`GET /v1/projects/${project.id}/audit`]: listPage([]),
  [`GET /v1/projects/${project.id}/users`]: listPage([]),
};

describe('dashboard billing alerts', () => {
  it('shows the billing account’s alerts in their level colours with their actions', async () => {
    const account = billingProjectFixture({
      projectId: project.id,
      flags: [
        {
          code: 'payment_method_expiring',
          message: 'Payment method expiring soon.',
          level: 'warning',
          actions: [{ text: 'Update', route: { name: 'billing.payment-methods', params: {}, query: {} } }],
        },
        { code: 'has_overdue_invoices', message: 'Account has overdue invoices.', level: 'danger', actions: [] },
      ],
    });
    const api = projectPageApi(everything, { ...others, 'GET /v1/billing/billing': json(200, account) }, project);
    renderApp(path, api.fetch);
    const card = await screen.findByRole('region', { name: 'Billing' });
    const alerts = await within(card).findByRole('list', { name: 'Billing alerts' });
    await within(alerts).findByText('Payment method expiring soon.');
    const [expiring, overdue] = within(alerts).getAllByRole('listitem');
    expect(expiring).toHaveAttribute('data-level', 'warning');
    expect(expiring).toHaveClass('text-warning');
    expect(within(expiring!).getByRole('link', { name: 'Update' })).toHaveAttribute(
      'href',
      `/billing/payment-methods?project=${project.id}`,
    );
    expect(overdue).toHaveAttribute('data-level', 'error');
    expect(overdue).toHaveClass('text-danger');
  });

  it('falls back to the project’s copy of the alerts, with SPEC.md’s actions for their codes', async () => {
    const api = projectPageApi(everything, { ...others, 'GET /v1/billing/billing': json(500, {}) }, project);
    renderApp(path, api.fetch);
    const card = await screen.findByRole('region', { name: 'Billing' });
    const item = within(await within(card).findByRole('list', { name: 'Billing alerts' })).getByRole('listitem');
    expect(item).toHaveTextContent('Payment method expired.');
    expect(within(item).getByRole('link', { name: 'Fix' })).toHaveAttribute(
      'href',
      `/billing/payment-methods?project=${project.id}`,
    );
  });

  it('lists missing company details, with where to add them, rather than “Nothing needs your attention”', async () => {
    const bare = fakeProject(1, { billing: { plan: { code: 'starter' }, flags: [] } });
    const account = billingProjectFixture({ projectId: bare.id, company: null, flags: [] });
    const api = projectPageApi(everything, { ...others, 'GET /v1/billing/billing': json(200, account) }, bare);
    renderApp(`/dashboard/?project=${bare.id}`, api.fetch);
    const card = await screen.findByRole('region', { name: 'Billing' });
    const alerts = await within(card).findByRole('list', { name: 'Billing alerts' });
    const item = within(alerts).getByRole('listitem');
    expect(item).toHaveTextContent('Company details missing: add them before adding a card.');
    expect(item).toHaveAttribute('data-level', 'warning');
    expect(within(item).getByRole('link', { name: 'Add details' })).toHaveAttribute(
      'href',
      `/project/settings?project=${bare.id}`,
    );
    expect(within(card).queryByText('Nothing needs your attention.')).not.toBeInTheDocument();
  });

  it('says nothing needs attention once the company details are set and there are no alerts', async () => {
    const set = fakeProject(1, { billing: { plan: { code: 'starter' }, flags: [] } });
    const account = billingProjectFixture({ projectId: set.id, flags: [] });
    const api = projectPageApi(everything, { ...others, 'GET /v1/billing/billing': json(200, account) }, set);
    renderApp(`/dashboard/?project=${set.id}`, api.fetch);
    const card = await screen.findByRole('region', { name: 'Billing' });
    expect(await within(card).findByText('Nothing needs your attention.')).toBeInTheDocument();
  });
});
