import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { when } from '../../features/storefront/format';
import { apiError, json, listPage, queryOf, type FakeCall } from '../../test/fake-api';
import {
  at,
  eventFixture,
  LISTS,
  MAIL_READER,
  marketingApi,
  newsletter,
  P,
  subscriberFixture,
  subscriberPage,
  SUBSCRIBERS,
  vip,
} from './subscriber-fixtures';

afterEach(() => {
  forgetModules();
});

const mary = subscriberFixture(4, {
  email: 'mary@example.com',
  name: 'Mary Shelley',
  gender: 'female',
  attributes: { plan: 'gold', visits: 3 },
  consentAt: at(4, 10),
  consentSource: 'form',
  lastPurchasedAt: at(20),
  purchaseCount: 2,
});
const ONE = `${SUBSCRIBERS}/${mary.id}`;
const PAGE = `/marketing/subscribers/${mary.id}?project=${P}`;
const campaign = { id: '0c0c0000-0000-4000-8000-000000000001', name: 'Spring sale' };

const events = [
  eventFixture(9, 'purchased', { detail: 'order #1042' }),
  eventFixture(8, 'clicked', { campaign }),
  eventFixture(7, 'opened', { campaign }),
  eventFixture(6, 'list_added', { detail: 'Newsletter' }),
];
const older = [
  eventFixture(5, 'confirmed'),
  eventFixture(4, 'unsubscribed', { detail: 'console' }),
  eventFixture(3, 'created', { detail: 'form' }),
];

function api(held?: string[], subscriber = mary) {
  return marketingApi(
    {
      [`GET ${ONE}`]: json(200, subscriber),
      [`GET ${ONE}/events`]: (call: FakeCall) =>
        queryOf(call).pageToken === 'ev-2' ? listPage(older) : listPage(events, 'ev-2'),
      [`GET ${SUBSCRIBERS}`]: subscriberPage([]),
    },
    held,
  );
}

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('a subscriber’s page (marketing.subscribers.view)', () => {
  it('shows their facts, lists, attributes and activity in sentences, newest first and paged', async () => {
    const fake = api();
    renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByText('mary@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Subscriber' })).toBeInTheDocument();
    expect(screen.getAllByText('Subscribed')[0]).toBeInTheDocument();
    expect(fact('Name')).toHaveTextContent('Mary Shelley');
    expect(fact('Gender')).toHaveTextContent('Female');
    expect(fact('Consent')).toHaveTextContent(`${when(at(4, 10))} · through the sign-up form`);
    expect(fact('Unsubscribed')).toHaveTextContent('—');
    expect(fact('Last opened')).toHaveTextContent('—');
    expect(fact('Last purchased')?.querySelector('time')).toHaveAttribute('datetime', at(20));
    expect(fact('Purchases')).toHaveTextContent('2');
    expect(fact('plan')).toHaveTextContent('gold');
    expect(fact('visits')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Newsletter' })).toHaveAttribute(
      'href',
      `/marketing/subscribers?project=${P}&list=${newsletter.id}`,
    );

    const activity = await screen.findByRole('list', { name: 'Activity, newest first' });
    const lines = () =>
      within(activity)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent);
    expect(lines()).toEqual([
      'Bought something (order #1042)',
      'Clicked a link in “Spring sale”',
      'Opened “Spring sale”',
      'Added to list Newsletter',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(lines()).toHaveLength(7));
    expect(lines().slice(4)).toEqual([
      'Confirmed their subscription',
      'Was marked unsubscribed in the console',
      'Was added through the sign-up form',
    ]);
    expect(queryOf(fake.callsTo(`GET ${ONE}/events`).at(-1))).toEqual({
      project: P,
      pageSize: '20',
      pageToken: 'ev-2',
    });
  });

  it('edits the whole subscriber with PUT, offering only the statuses allowed, and shows the server’s refusal', async () => {
    let puts = 0;
    const fake = marketingApi({
      [`GET ${ONE}`]: json(200, mary),
      [`GET ${ONE}/events`]: listPage([]),
      [`PUT ${ONE}`]: ({ body }: FakeCall) => {
        puts += 1;
        if (puts === 1) return apiError(409, 'SUBSCRIBER_EXISTS', 'Another subscriber has this address.');
        return json(200, { ...mary, ...(body as object), lists: [{ id: vip.id, name: 'VIP' }] });
      },
    });
    renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit subscriber' }));
    const status = form.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Subscribed', 'Unsubscribed', 'Bounced']);

    await userEvent.clear(form.getByLabelText('Email'));
    await userEvent.type(form.getByLabelText('Email'), 'shelley@example.com');
    await userEvent.selectOptions(status, 'unsubscribed');
    await userEvent.click(form.getByRole('checkbox', { name: 'Newsletter' }));
    await userEvent.click(form.getByRole('checkbox', { name: /VIP/ }));
    await userEvent.clear(form.getByLabelText('Value 1'));
    await userEvent.type(form.getByLabelText('Value 1'), 'silver');
    await userEvent.clear(form.getByLabelText('Value 2'));
    await userEvent.type(form.getByLabelText('Value 2'), '4');
    await userEvent.click(form.getByRole('button', { name: 'Add attribute' }));
    await userEvent.type(form.getByLabelText('Name 3'), 'city');
    await userEvent.type(form.getByLabelText('Value 3'), 'London');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByText('Another subscriber has this address.')).toBeInTheDocument();
    const sent = {
      email: 'shelley@example.com',
      name: 'Mary Shelley',
      gender: 'female',
      status: 'unsubscribed',
      lists: [vip.id],
      // A number stays a number while it reads as one.
      attributes: { plan: 'silver', visits: 4, city: 'London' },
    };
    expect(fake.callsTo(`PUT ${ONE}`)[0]?.body).toEqual(sent);

    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subscriber saved.')).toBeInTheDocument();
    expect(fake.callsTo(`PUT ${ONE}`)[1]?.body).toEqual(sent);
    expect(await screen.findByText('shelley@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'VIP' })).toBeInTheDocument();
  });

  it('never offers to make an unsubscribed person subscribed or unconfirmed again', async () => {
    const fake = api(undefined, { ...mary, status: 'unsubscribed', unsubscribedAt: at(21) });
    renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const status = within(screen.getByRole('dialog', { name: 'Edit subscriber' })).getByRole('combobox', {
      name: 'Status',
    });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Unsubscribed', 'Bounced']);
    expect(screen.getByText('Only they can subscribe again, by signing up themselves.')).toBeInTheDocument();
    expect(fact('Unsubscribed')).toHaveTextContent(when(at(21)));
  });

  it('shows the server’s refusal of a status change for the whole form', async () => {
    const fake = marketingApi({
      [`GET ${ONE}`]: json(200, { ...mary, status: 'unconfirmed' }),
      [`GET ${ONE}/events`]: listPage([]),
      [`PUT ${ONE}`]: apiError(409, 'CONSENT_REQUIRED', 'Only the person can subscribe themselves.'),
    });
    renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit subscriber' }));
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Status' }), 'bounced');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Only the person can subscribe themselves.');
    expect(form.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(fake.callsTo(`PUT ${ONE}`)[0]?.body).toMatchObject({ status: 'bounced' });
  });

  it('deletes after a confirmation that says the address is kept as do-not-mail, then goes back to the list', async () => {
    const fake = marketingApi({
      [`GET ${ONE}`]: json(200, mary),
      [`GET ${ONE}/events`]: listPage([]),
      [`DELETE ${ONE}`]: new Response(null, { status: 204 }),
      [`GET ${SUBSCRIBERS}`]: subscriberPage([]),
    });
    const { router } = renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete mary@example.com?' }));
    expect(dialog.getByText(/erased for good/)).toHaveTextContent(/kept, scrambled, on a do-not-mail list/);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(fake.callsTo(`DELETE ${ONE}`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete subscriber' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketing/subscribers'));
    expect(fake.callsTo(`DELETE ${ONE}`)).toHaveLength(1);
    expect(queryOf(fake.callsTo(`DELETE ${ONE}`)[0])).toEqual({ project: P });
    expect(await screen.findByText('mary@example.com was deleted.')).toBeInTheDocument();
  });

  it('shows a reader the subscriber without Edit or Delete, and loads no lists to choose from', async () => {
    const fake = api(MAIL_READER);
    renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByText(/can see this subscriber but not change or delete them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // The page has settled (its activity is in) before the calls are counted.
    expect((await screen.findAllByText('Spring sale', { exact: false })).length).toBeGreaterThan(0);
    expect(fake.callsTo(`GET ${LISTS}`)).toHaveLength(0);
  });
});
