import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { builtInRoleFixture, fakeProject, projectPageApi, type FakeProject } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const project = fakeProject(1, { name: 'Acme shop' });
const P = project.id;

function billingApi(held: Iterable<string> | (() => Iterable<string>), shown: FakeProject = project) {
  return projectPageApi(held, {}, shown);
}

describe('billing', () => {
  it('denies a Member, saying why, and opens once the owner gives them Finance', async () => {
    let roles = ['member'];
    const held = () => roles.flatMap((key) => builtInRoleFixture(key).permissions);
    const { queryClient } = renderApp(`/billing?project=${P}`, billingApi(held).fetch);

    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Your role in this project doesn't allow this. You need: See plans, invoices, transactions, wallets and payment methods (billing.read). Ask a project owner or admin for a role that includes it.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No invoices yet.')).not.toBeInTheDocument();

    // The owner gives them Finance; the cached decision lapses (10 s) and the page asks again.
    roles = ['finance'];
    await queryClient.invalidateQueries({ queryKey: ['enforce'] });
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
    expect(screen.queryByText('Not available')).not.toBeInTheDocument();
  });

  it("shows the project's plan and honest empty states, and no made-up data", async () => {
    renderApp(`/billing?project=${P}`, billingApi(['billing.read']).fetch);
    const plan = await screen.findByRole('region', { name: 'Plan' });
    expect(plan).toHaveTextContent('Starter');
    expect(plan).toHaveTextContent('starter');
    expect(screen.getByRole('region', { name: 'Invoices' })).toHaveTextContent('No invoices yet.');
    expect(screen.getByRole('region', { name: 'Payment methods' })).toHaveTextContent('No payment methods yet.');
    expect(screen.queryByText('Project is in demo mode.')).not.toBeInTheDocument();
    expect(document.title).toBe('Billing - Wharf');
  });

  it('says a demo project is in demo mode, and shows what billing flags', async () => {
    const demo = fakeProject(1, {
      billing: {
        plan: { code: 'demo' },
        flags: [{ code: 'payment_method_required', message: 'Missing payment method.', level: 'danger' }],
      },
    });
    renderApp(`/billing?project=${P}`, billingApi(['billing.read'], demo).fetch);
    // The page says it in its Plan section (the chrome's announcement bar says it too).
    expect(
      await within(await screen.findByRole('region', { name: 'Plan' })).findByText('Project is in demo mode.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Billing notices' })).toHaveTextContent('Missing payment method.');
  });
});
