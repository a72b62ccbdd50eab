import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  fakeOrganisation,
  fakeProject,
  json,
  signedInApi,
  user,
  type FakeCall,
  type FakeOrganisation,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const ORGANISATIONS = 'GET /v1/organisations';
const CREATE = 'POST /v1/organisations';

const trading = fakeOrganisation(1, { name: 'Harbour Trading' });
const works = fakeOrganisation(2, { name: 'Dockside Works', requireTwoFactor: true });
const update = (organisation: FakeOrganisation) => `PATCH /v1/organisations/${organisation.id}`;
const withTwoFactor = { ...user, twoFactorEnabled: true };

function organisationsApi(start: FakeOrganisation[] = [trading, works], routes: FakeRoutes = {}, who = withTwoFactor) {
  let organisations = start;
  const patch = ({ path, body }: FakeCall) => {
    const saved = { ...organisations.find((o) => path.endsWith(o.id))!, ...(body as object) };
    organisations = organisations.map((o) => (o.id === saved.id ? saved : o));
    return json(200, saved);
  };
  return signedInApi(
    {
      [ORGANISATIONS]: () => json(200, organisations),
      'GET /v1/projects': json(200, [
        fakeProject(1, { name: 'Harbour Shop', organisationId: trading.id }),
        fakeProject(2, { name: 'Quay Shop', organisationId: trading.id }),
        fakeProject(3, { name: 'Invited Project', organisationId: fakeOrganisation(9).id }),
      ]),
      [CREATE]: ({ body }: FakeCall) => {
        const created = fakeOrganisation(3, { name: (body as { name: string }).name });
        organisations = [...organisations, created];
        return json(201, created);
      },
      [update(trading)]: patch,
      [update(works)]: patch,
      ...routes,
    },
    who,
  );
}

const card = (name: string) => screen.findByRole('article', { name });

describe('organisations', () => {
  it('lists the organisations with how many of the projects each holds', async () => {
    renderApp('/organisations', organisationsApi().fetch);
    const first = await card('Harbour Trading');
    await waitFor(() => expect(first).toHaveTextContent('2 projects'));
    expect(within(first).getByRole('link', { name: 'Harbour Shop' })).toHaveAttribute(
      'href',
      `/projects/switch?project=${fakeProject(1).id}`,
    );
    const second = await card('Dockside Works');
    expect(second).toHaveTextContent('No projects');
    expect(second).toHaveTextContent('Two-factor required');
    expect(first).toHaveTextContent('Two-factor optional');
    expect(screen.getByText(/1 of your projects belongs to an organisation you were not added to/)).toBeInTheDocument();
    expect(document.title).toBe('Organisations - Wharf');
  });

  it('has an empty state, and creates an organisation', async () => {
    const api = organisationsApi([]);
    renderApp('/organisations', api.fetch);
    expect(await screen.findByText(/You don't belong to an organisation yet/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Organisation name'), '  Quay Ltd ');
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('Quay Ltd created.')).toBeInTheDocument();
    expect(api.callsTo(CREATE)[0]?.body).toEqual({ name: 'Quay Ltd' });
    expect(await card('Quay Ltd')).toHaveTextContent('No projects');
    expect(screen.getByLabelText('Organisation name')).toHaveValue('');
  });

  it('checks the name before creating, beside the field', async () => {
    const api = organisationsApi();
    renderApp('/organisations', api.fetch);
    await card('Harbour Trading');
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Organisation name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('requires two-factor authentication after a confirmation that says what it does', async () => {
    const api = organisationsApi();
    renderApp('/organisations', api.fetch);
    const tradingCard = await card('Harbour Trading');
    const toggle = within(tradingCard).getByRole('checkbox', { name: 'Require two-factor authentication' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/must use two-factor authentication/);
    await userEvent.click(toggle);

    const dialog = screen.getByRole('dialog', { name: 'Require two-factor authentication in Harbour Trading?' });
    expect(dialog).toHaveTextContent('will not be able to open their projects until they do');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Require it' }));
    expect(
      await within(tradingCard).findByText('Two-factor authentication is now required in Harbour Trading.'),
    ).toBeInTheDocument();
    expect(api.callsTo(update(trading))[0]?.body).toEqual({ requireTwoFactor: true });
    expect(toggle).toBeChecked();
    expect(tradingCard).toHaveTextContent('Two-factor required');
  });

  it('makes it optional again without a confirmation', async () => {
    const api = organisationsApi();
    renderApp('/organisations', api.fetch);
    const dockside = await card('Dockside Works');
    await userEvent.click(within(dockside).getByRole('checkbox', { name: 'Require two-factor authentication' }));
    expect(
      await within(dockside).findByText('Two-factor authentication is now optional in Dockside Works.'),
    ).toBeInTheDocument();
    expect(api.callsTo(update(works))[0]?.body).toEqual({ requireTwoFactor: false });
  });

  it("shows the server's refusal when the user may not change the organisation", async () => {
    renderApp(
      '/organisations',
      organisationsApi([trading, works], {
        [update(works)]: apiError(
          403,
          'FORBIDDEN',
          "Only an owner of one of the organisation's projects can change it.",
        ),
      }).fetch,
    );
    const dockside = await card('Dockside Works');
    await userEvent.click(within(dockside).getByRole('checkbox', { name: 'Require two-factor authentication' }));
    expect(await within(dockside).findByRole('alert')).toHaveTextContent(
      "Only an owner of one of the organisation's projects can change it.",
    );
    expect(within(dockside).getByRole('checkbox')).toBeChecked();
  });

  it('asks users without two-factor authentication to turn it on for themselves first', async () => {
    const api = organisationsApi([trading], {}, user);
    renderApp('/organisations', api.fetch);
    const tradingCard = await card('Harbour Trading');
    expect(within(tradingCard).getByRole('checkbox', { name: 'Require two-factor authentication' })).toBeDisabled();
    expect(tradingCard).toHaveTextContent('Turn on two-factor authentication for your own account first');
    expect(within(tradingCard).getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute(
      'href',
      '/settings/two-factor-authentication/setup-authenticator',
    );
  });

  it('goes to two-factor set-up when the organisations are refused with 403 (SPEC.md section 8)', async () => {
    const { router } = renderApp(
      '/organisations',
      organisationsApi([], { [ORGANISATIONS]: apiError(403, 'TWO_FACTOR_REQUIRED') }).fetch,
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/two-factor-authentication/setup-authenticator'),
    );
  });

  it('shows a failure and tries again', async () => {
    let failing = true;
    renderApp(
      '/organisations',
      organisationsApi([trading], {
        [ORGANISATIONS]: () => (failing ? apiError(500, 'INTERNAL_ERROR') : json(200, [trading])),
      }).fetch,
    );
    expect(await screen.findByText('Your organisations could not be loaded')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Harbour Trading')).toBeInTheDocument();
  });
});
