import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { customerId, OWNER, P, PLATFORM, storefrontApi } from '../../features/storefront/storefront-fixtures';
import { getSnapshot, resetToasts } from '../../features/toasts/toasts';
import { apiError, json } from '../../test/fake-api';
import { ENQUIRY_MANAGER, enquiryFixture, fromCustomer, logFixture } from './enquiry-fixtures';

afterEach(() => {
  forgetModules();
  resetToasts();
});

const enquiry = fromCustomer(4, { subject: 'Where is my parcel?' });
const PAGE = `/platform/enquiries/${enquiry.id}?project=${P}`;
const GET = `GET ${PLATFORM}/customers/enquiries/${enquiry.id}`;
const LOGS = `GET ${PLATFORM}/customers/enquiries/${enquiry.id}/logs`;
const PATCH = `PATCH ${PLATFORM}/customers/enquiries/${enquiry.id}`;
const REPLY = `POST ${PLATFORM}/customers/enquiries/${enquiry.id}/reply`;

const received = logFixture(1, 'received');
const readLine = logFixture(2, 'read');
const nudges = () => getSnapshot('nudge').map((toast) => toast.message);

/** The API answering this enquiry as it stands after each change the page asks for. */
function enquiryApi(held = ENQUIRY_MANAGER, start = enquiry) {
  let current = start;
  let logs = [received];
  const fake = storefrontApi(
    {
      [GET]: () => json(200, current),
      [LOGS]: () => json(200, { items: logs }),
      [PATCH]: (call) => {
        const body = call.body as { read?: boolean; status?: 'open' | 'closed' };
        current = {
          ...current,
          ...(body.read === undefined
            ? {}
            : { read: body.read, readAt: body.read ? '2026-11-27T10:00:00.000Z' : null }),
          ...(body.status ? { status: body.status } : {}),
        };
        if (body.read) logs = [...logs, readLine];
        return json(200, current);
      },
      [REPLY]: (call) => {
        const { message } = call.body as { message: string };
        current = { ...current, read: true, replied: true, repliedAt: '2026-11-27T10:05:00.000Z' };
        logs = [...logs, logFixture(3, 'replied', { message })];
        return json(200, current);
      },
    },
    held,
  );
  return fake;
}

describe('an enquiry (platform.enquiries.view)', () => {
  it('shows the message, the sender linked to the customer and the log, and marks an unread enquiry read', async () => {
    const fake = enquiryApi();
    renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByText('Where is my parcel?')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Enquiry - Wharf'));
    expect(screen.getAllByRole('heading', { name: /^Enquiry/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Buyer 1, customer' })).toHaveAttribute(
      'href',
      `/platform/customers/${customerId(1)}?project=${P}`,
    );
    expect(screen.getByText(/where is parcel 4\?/)).toBeInTheDocument();
    expect(screen.getByText('Open', { selector: '[data-status]' })).toBeInTheDocument();

    // Opening it read it: one PATCH, and the log shows the read line.
    await waitFor(() => expect(fake.callsTo(PATCH).map((call) => call.body)).toEqual([{ read: true }]));
    const log = screen.getByRole('list', { name: 'Log' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Received');
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('The storefront');
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('Olivia Owner');
    expect(screen.getByRole('button', { name: 'Mark as unread' })).toBeEnabled();
    expect(nudges()).toEqual([]);

    // Marked unread again, it stays so: the page reads it only once.
    await userEvent.click(screen.getByRole('button', { name: 'Mark as unread' }));
    await screen.findByRole('button', { name: 'Mark as read' });
    expect(fake.callsTo(PATCH).map((call) => call.body)).toEqual([{ read: true }, { read: false }]);
    expect(nudges()).toEqual(['Marked as unread.']);
  });

  it('sends a reply only when there is one, empties the box, says so and shows it in the log', async () => {
    const fake = enquiryApi(ENQUIRY_MANAGER, enquiryFixture(4, { read: true, subject: 'Where is my parcel?' }));
    renderWithModules(PAGE, fake.fetch);
    const box = await screen.findByRole('textbox', { name: 'Reply to Sender 4' });
    expect(screen.getByText('Not a customer of the shop.')).toBeInTheDocument();
    expect(screen.getByText(/Mailed to buyer4@example.com as “Re: Where is my parcel\?”/)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send reply' });
    expect(send).toBeDisabled();
    await userEvent.type(box, '   ');
    expect(send).toBeDisabled();

    await userEvent.clear(box);
    await userEvent.type(box, 'It ships today.');
    await userEvent.click(send);
    await waitFor(() => expect(nudges()).toEqual(['Reply sent to buyer4@example.com.']));
    expect(fake.callsTo(REPLY).map((call) => call.body)).toEqual([{ message: 'It ships today.' }]);
    expect(fake.callsTo(REPLY)[0]!.url).toContain(`project=${P}`);
    expect(box).toHaveValue('');
    const log = screen.getByRole('list', { name: 'Log' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('Replied');
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('It ships today.');
    expect(await screen.findByText('Replied', { selector: '[data-status]' })).toBeInTheDocument();
    // Already read: nothing marked it.
    expect(fake.callsTo(PATCH)).toHaveLength(0);
  });

  it('says why a reply was not sent, and keeps what was written', async () => {
    const fake = storefrontApi(
      {
        [GET]: json(200, { ...enquiry, read: true }),
        [LOGS]: json(200, { items: [received] }),
        [REPLY]: () => apiError(400, 'VALIDATION_ERROR', 'Use at most 20000 characters.'),
      },
      ENQUIRY_MANAGER,
    );
    renderWithModules(PAGE, fake.fetch);
    const box = await screen.findByRole('textbox', { name: 'Reply to Buyer 1' });
    await userEvent.type(box, 'Too long, say');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Use at most 20000 characters.')).toBeInTheDocument();
    expect(screen.getByText('The reply was not sent')).toBeInTheDocument();
    expect(box).toHaveValue('Too long, say');
  });

  it('closes and reopens', async () => {
    const fake = enquiryApi(ENQUIRY_MANAGER, { ...enquiry, read: true });
    renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.getByText('Closed', { selector: '[data-status]' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    await screen.findByRole('button', { name: 'Close' });
    expect(fake.callsTo(PATCH).map((call) => call.body)).toEqual([{ status: 'closed' }, { status: 'open' }]);
    expect(nudges()).toEqual(['Enquiry closed.', 'Enquiry reopened.']);
  });

  it('lets a role without enquiries.manage read it without marking it, and says why the buttons are off', async () => {
    const fake = enquiryApi([...OWNER, 'enquiries.read']);
    renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByText('Where is my parcel?')).toBeInTheDocument();
    expect(screen.getByText(/not reply to it, mark it or close it/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Reply to Buyer 1' })).toBeDisabled();
    await screen.findByRole('list', { name: 'Log' });
    expect(fake.callsTo(PATCH)).toHaveLength(0);
  });

  it('says when the enquiry cannot be loaded', async () => {
    const fake = storefrontApi(
      { [GET]: () => apiError(404, 'ENQUIRY_NOT_FOUND', 'There is no such enquiry in this project.') },
      ENQUIRY_MANAGER,
    );
    renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByText('The enquiry could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('There is no such enquiry in this project.')).toBeInTheDocument();
  });
});
