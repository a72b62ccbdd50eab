import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { dayEnd, dayStart } from '../../features/storefront/filters';
import { P, PLATFORM, storefrontApi } from '../../features/storefront/storefront-fixtures';
import { apiError, deferred, json, queryOf } from '../../test/fake-api';
import { projectNav } from '../../test/menu-queries';
import { ENQUIRY_MANAGER, enquiryFixture, fromCustomer, summaryOfEnquiry } from './enquiry-fixtures';

afterEach(() => {
  forgetModules();
});

const INBOX = `/platform/enquiries?project=${P}`;
const LIST = `GET ${PLATFORM}/customers/enquiries`;

const unread = summaryOfEnquiry(fromCustomer(3, { subject: 'Where is my parcel?' }));
const read = summaryOfEnquiry(enquiryFixture(2, { read: true, replied: true, subject: 'Gift wrapping' }));
const closed = summaryOfEnquiry(enquiryFixture(1, { read: true, status: 'closed', subject: 'Wholesale' }));

const page = (items: unknown[], nextPageToken: string | null = null, unreadCount = 1) =>
  json(200, { items, nextPageToken, unreadCount });
const api = (routes: Parameters<typeof storefrontApi>[0], held = ENQUIRY_MANAGER) => storefrontApi(routes, held);
const rows = () => within(screen.getByRole('list', { name: 'Enquiries, newest first' })).getAllByRole('listitem');

describe('the Enquiries inbox (platform.enquiries)', () => {
  it('lists the enquiries newest first, unread ones bold, with the unread count and a menu entry', async () => {
    const fake = api({ [LIST]: page([unread, read, closed]) });
    renderWithModules(INBOX, fake.fetch);
    const first = await screen.findByRole('link', { name: 'Unread: Where is my parcel?, from Buyer 1' });
    expect(first).toHaveAttribute('href', `/platform/enquiries/${unread.id}?project=${P}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Enquiries - Wharf'));
    expect(screen.getByText('1 unread')).toBeInTheDocument();

    expect(rows()).toHaveLength(3);
    expect(within(rows()[0]!).getByText('Where is my parcel?')).toHaveClass('font-bold');
    expect(within(rows()[1]!).getByText('Gift wrapping')).not.toHaveClass('font-bold');
    expect(within(rows()[1]!).getByRole('link')).toHaveAccessibleName('Gift wrapping, from Sender 2');
    expect(within(rows()[1]!).getByText('Replied')).toBeInTheDocument();
    expect(within(rows()[2]!).getByText('Closed')).toHaveAttribute('data-status', 'closed');
    expect(within(rows()[0]!).getByText(/where is parcel 3\?/)).toBeInTheDocument();
    expect(queryOf(fake.callsTo(LIST)[0])).toEqual({ project: P, pageSize: '25' });

    const nav = await projectNav();
    expect(within(nav).getByRole('link', { name: 'Enquiries', hidden: true })).toHaveAttribute('href', INBOX);
  });

  it('searches, filters by status, unread and dates, and pages with the next page token', async () => {
    const fake = api({
      [LIST]: (call) => (queryOf(call).pageToken === 'next-1' ? page([closed]) : page([unread, read], 'next-1')),
    });
    renderWithModules(INBOX, fake.fetch);
    await screen.findByText('Where is my parcel?');
    expect(screen.getByText('2 enquiries shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Wholesale');
    expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ pageToken: 'next-1' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search enquiries' }), 'parcel');
    await waitFor(() => expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ search: 'parcel' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'open');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(queryOf(fake.callsTo(LIST).at(-1))).toEqual({
        project: P,
        pageSize: '25',
        search: 'parcel',
        status: 'open',
        unread: 'true',
        start: dayStart('2026-11-01'),
        end: dayEnd('2026-11-30'),
      }),
    );
  });

  it('shows loading, then the empty state, says when filters match nothing, and offers to retry a failure', async () => {
    const answer = deferred<Response>();
    let calls = 0;
    const fake = api({
      [LIST]: () => {
        calls += 1;
        if (calls === 1) return answer.promise;
        if (calls === 2) return page([], null, 0);
        if (calls === 3) return apiError(400, 'SEARCH_TOO_LONG', 'Search with at most 8 words.');
        return page([unread]);
      },
    });
    renderWithModules(INBOX, fake.fetch);
    expect(await screen.findByText('Loading enquiries…')).toBeInTheDocument();
    answer.resolve(page([], null, 0));
    expect(await screen.findByText('No enquiries yet.')).toBeInTheDocument();
    expect(screen.getByText('0 unread')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
    expect(await screen.findByText('No enquiries match these filters.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    expect(await screen.findByText('The enquiries could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Search with at most 8 words.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Where is my parcel?')).toBeInTheDocument();
  });

  it('says why the page is not available to a role without enquiries.read, and asks nothing', async () => {
    const fake = api({ [LIST]: page([unread]) }, ['projects.read', 'orders.read']);
    renderWithModules(INBOX, fake.fetch);
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByText(/\(enquiries\.read\)/)).toBeInTheDocument();
    expect(fake.callsTo(LIST)).toHaveLength(0);
  });
});
