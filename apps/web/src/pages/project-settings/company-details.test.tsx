import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { billingProjectFixture } from '../../features/billing/billing-fixtures';
import {
  apiError,
  enforceRoute,
  fakeOrganisation,
  fakeProject,
  json,
  signedInApi,
  type FakeCall,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const project = fakeProject(1, { name: 'Harbour Shop' });
const BILLING = 'GET /v1/billing/billing';
const UPDATE = 'PATCH /v1/billing/billing';
const path = `/project/settings?project=${project.id}`;
const ALL = ['projects.read', 'projects.update', 'projects.delete', 'billing.read', 'billing.manage'];

function api(routes: FakeRoutes = {}, granted = ALL, account = billingProjectFixture({ projectId: project.id })) {
  return signedInApi({
    'GET /v1/projects': json(200, [project]),
    'GET /v1/organisations': json(200, [fakeOrganisation(1)]),
    ...enforceRoute(granted),
    [BILLING]: json(200, account),
    ...routes,
  });
}

const section = () => screen.findByRole('region', { name: 'Company details' });

describe('projects.settings: company details', () => {
  it('shows the company on record and saves changes with auto-pay', async () => {
    const fake = api({ [UPDATE]: ({ body }: FakeCall) => json(200, billingProjectFixture(body as object)) });
    renderApp(path, fake.fetch);
    const company = await section();
    const legal = await within(company).findByLabelText('Legal name');
    expect(legal).toHaveValue('Acme B.V.');
    expect(within(company).getByLabelText('Country')).toHaveValue('NL');
    expect(within(company).getByLabelText('Pay invoices automatically with the default card')).toBeChecked();

    await userEvent.clear(legal);
    await userEvent.type(legal, 'Acme Holding B.V.');
    await userEvent.type(within(company).getByLabelText('Region (optional)'), 'Noord-Holland');
    await userEvent.click(within(company).getByLabelText('Pay invoices automatically with the default card'));
    await userEvent.click(within(company).getByRole('button', { name: 'Save company details' }));
    expect(await within(company).findByText('Company details saved.')).toBeInTheDocument();
    expect(fake.callsTo(UPDATE)[0]?.body).toEqual({
      company: {
        legalName: 'Acme Holding B.V.',
        address: {
          line1: 'Kade 1',
          line2: null,
          city: 'Amsterdam',
          postalCode: '1011 AA',
          region: 'Noord-Holland',
          country: 'NL',
        },
        taxId: 'NL123456789B01',
        billingEmail: 'billing@acme.example',
      },
      autoPay: false,
    });
  });

  it('asks for the company when none is set, checking it in the browser with the contract’s words', async () => {
    const fake = api({}, ALL, billingProjectFixture({ projectId: project.id, company: null }));
    renderApp(path, fake.fetch);
    const company = await section();
    expect(await within(company).findByText(/Company setup required\./)).toBeInTheDocument();
    await userEvent.type(within(company).getByLabelText('Country'), 'n1');
    await userEvent.click(within(company).getByRole('button', { name: 'Save company details' }));
    expect(within(company).getByLabelText('Legal name')).toHaveAccessibleDescription('Enter the legal name.');
    expect(within(company).getByLabelText('Address line 1')).toHaveAccessibleDescription('Enter the street address.');
    expect(within(company).getByLabelText('City')).toHaveAccessibleDescription('Enter the city.');
    expect(within(company).getByLabelText('Country')).toHaveAccessibleDescription(
      /Use an ISO 3166 country code such as NL\./,
    );
    expect(within(company).getByLabelText('Billing email')).toHaveAccessibleDescription('Enter an email address.');
    expect(within(company).getByLabelText('Legal name')).toHaveFocus();
    expect(fake.callsTo(UPDATE)).toHaveLength(0);
  });

  it('shows the server’s field errors beside their fields', async () => {
    const fake = api({
      [UPDATE]: () =>
        apiError(400, 'VALIDATION_ERROR', 'Invalid body', [
          { path: 'body.company.address.postalCode', message: 'This postal code is not Dutch.' },
        ]),
    });
    renderApp(path, fake.fetch);
    const company = await section();
    await within(company).findByLabelText('Legal name');
    await userEvent.click(within(company).getByRole('button', { name: 'Save company details' }));
    await waitFor(() =>
      expect(within(company).getByLabelText('Postal code')).toHaveAccessibleDescription(
        'This postal code is not Dutch.',
      ),
    );
  });

  it('says why it is hidden or read-only without billing permissions', async () => {
    const fake = api({}, ['projects.read', 'projects.update', 'projects.delete']);
    renderApp(path, fake.fetch);
    const company = await section();
    expect(await within(company).findByText(/\(billing\.read\)/)).toBeInTheDocument();
    expect(fake.callsTo(BILLING)).toHaveLength(0);
  });

  it('lets a reader see but not change it', async () => {
    renderApp(path, api({}, ['projects.read', 'billing.read']).fetch);
    const company = await section();
    expect(await within(company).findByText(/\(billing\.manage\)/)).toBeInTheDocument();
    expect(within(company).getByLabelText('Legal name')).toBeDisabled();
  });
});
