import type { Campaign } from '@wharf/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_POLL_MS } from '../../features/marketing/api/campaigns';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { getSnapshot, resetToasts } from '../../features/toasts/toasts';
import { apiError, json, type FakeRoutes } from '../../test/fake-api';
import { formatDateTimeIn } from '../../ui/dates';
import {
  CAMPAIGNS,
  campaignApi,
  campaignFixture,
  COUNT,
  MAIL_MANAGER,
  MAIL_READER,
  newsletter,
  P,
  vip,
  welcome,
} from './campaign-fixtures';

afterEach(() => {
  vi.useRealTimers();
  forgetModules();
  resetToasts();
});

const draft = campaignFixture(1, { name: 'Spring sale' });
const PAGE = `/marketing/campaigns/${draft.id}?project=${P}`;
const GET = `GET ${CAMPAIGNS}/${draft.id}`;
const PATCH = `PATCH ${CAMPAIGNS}/${draft.id}`;
const SEND = `POST ${CAMPAIGNS}/${draft.id}/send`;
const PAUSE = `POST ${CAMPAIGNS}/${draft.id}/pause`;
const CANCEL = `POST ${CAMPAIGNS}/${draft.id}/cancel`;
const nudges = () => getSnapshot('nudge').map((toast) => toast.message);
const audienceSize = () => screen.getByRole('status', { name: 'Audience size' });

/** The API holding this campaign as each call leaves it. */
function pageApi(start: Campaign, routes: FakeRoutes = {}, held?: readonly string[]) {
  let current = start;
  const to = (fields: Partial<Campaign>) => {
    current = { ...current, ...fields, updatedAt: new Date().toISOString() };
    return json(200, current);
  };
  return campaignApi(
    {
      [GET]: () => json(200, current),
      [PATCH]: (call) => to(call.body as Partial<Campaign>),
      [SEND]: () =>
        to({
          status: current.scheduledAt ? 'scheduled' : 'sending',
          startedAt: current.scheduledAt ? null : '2026-11-27T10:00:00.000Z',
          stats: { recipients: 1234, sent: 0, delivered: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 },
        }),
      [PAUSE]: () => to({ status: 'paused' }),
      [CANCEL]: () => to({ status: 'cancelled' }),
      ...routes,
    },
    held,
  );
}

const sending = campaignFixture(1, {
  name: 'Spring sale',
  status: 'sending',
  startedAt: '2026-11-27T10:00:00.000Z',
  stats: { recipients: 1000, sent: 400, delivered: 388, failed: 12, opened: 50, clicked: 10, unsubscribed: 1 },
});

describe('a campaign (marketing.campaigns.view)', () => {
  it('counts the audience again as the builder changes, and saves what changed', async () => {
    const fake = pageApi(draft, {
      [COUNT]: (call) => {
        const { audience } = call.body as { audience: Campaign['audience'] };
        return json(200, { count: audience.filters.length > 0 ? 87 : audience.lists.length > 0 ? 420 : 1234 });
      },
    });
    renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Spring sale');
    await waitFor(() => expect(audienceSize()).toHaveTextContent('1,234 subscribers'));

    const sendTo = screen.getByRole('group', { name: 'Send to lists' });
    await userEvent.click(within(sendTo).getByRole('checkbox', { name: 'Newsletter' }));
    await waitFor(() => expect(audienceSize()).toHaveTextContent('420 subscribers'));
    const leaveOut = screen.getByRole('group', { name: 'Leave out lists' });
    await userEvent.click(within(leaveOut).getByRole('checkbox', { name: 'VIP' }));

    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const filter = screen.getByRole('listitem', { name: 'Filter 1' });
    expect(within(filter).getByRole('combobox', { name: 'Filter 1: what' })).toHaveDisplayValue('Purchased');
    expect(within(filter).getByRole('combobox', { name: 'Filter 1: when' })).toHaveDisplayValue('within the last');
    expect(within(filter).getByRole('spinbutton', { name: 'Filter 1: days' })).toHaveValue('90');
    await userEvent.selectOptions(within(filter).getByRole('combobox', { name: 'Filter 1: when' }), 'more than');
    expect(within(filter).getByText('days ago')).toBeInTheDocument();
    await waitFor(() => expect(audienceSize()).toHaveTextContent('87 subscribers'));

    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const second = screen.getByRole('listitem', { name: 'Filter 2' });
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Filter 2: what' }), 'Gender');
    await userEvent.selectOptions(
      within(second).getByRole('combobox', { name: 'Filter 2: include or exclude' }),
      'Exclude',
    );
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Filter 2: gender' }), 'Male');

    const expected = {
      lists: [newsletter.id],
      excludeLists: [vip.id],
      filters: [
        { field: 'lastPurchased', mode: 'include', comparator: 'gt', days: 90 },
        { field: 'gender', mode: 'exclude', value: 'male' },
      ],
    };
    await waitFor(() => expect(fake.callsTo(COUNT).at(-1)?.body).toEqual({ audience: expected }));
    // Each pause in the changes counts once, not each click.
    expect(fake.callsTo(COUNT).length).toBeLessThan(8);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Draft' }), 'Welcome');
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule for' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:30' } });
    expect(screen.getByText('In the project’s time zone, Europe/London.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(nudges()).toContain('Campaign saved.'));
    expect(fake.callsTo(PATCH).map((call) => call.body)).toEqual([
      { draftId: welcome.id, audience: expected, scheduledAt: '2026-12-01T09:30:00+00:00' },
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('asks before sending, naming the count, then shows the progress', async () => {
    const fake = pageApi(draft);
    renderWithModules(PAGE, fake.fetch);
    await waitFor(() => expect(audienceSize()).toHaveTextContent('1,234 subscribers'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send “Spring sale” to 1,234 subscribers now?' });
    expect(fake.callsTo(SEND)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));

    const progress = await screen.findByRole('progressbar', { name: 'Sending progress' });
    expect(progress).toHaveAttribute('aria-valuemax', '1234');
    expect(fake.callsTo(SEND)).toHaveLength(1);
    expect(fake.callsTo(PATCH)).toHaveLength(0);
    expect(nudges()).toContain('Spring sale is sending.');
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeEnabled();
  });

  it('saves a new schedule first, and asks to schedule it at that time in the project’s zone', async () => {
    const fake = pageApi(draft);
    renderWithModules(PAGE, fake.fetch);
    await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule for' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const shown = formatDateTimeIn('2026-12-01T09:00:00Z', 'Europe/London');
    const dialog = await screen.findByRole('dialog', { name: `Schedule “Spring sale” for ${shown} (Europe/London)?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(nudges()).toContain(`Spring sale is scheduled for ${shown} (Europe/London).`));
    expect(fake.callsTo(PATCH).map((call) => call.body)).toEqual([{ scheduledAt: '2026-12-01T09:00:00+00:00' }]);
    expect(fake.callsTo(SEND)).toHaveLength(1);
    expect(screen.getByText(`Goes out ${shown} (Europe/London).`)).toBeInTheDocument();
  });

  it('offers no send to an audience of nobody', async () => {
    renderWithModules(PAGE, pageApi(draft, { [COUNT]: json(200, { count: 0 }) }).fetch);
    await waitFor(() => expect(audienceSize()).toHaveTextContent('0 subscribers'));
    expect(screen.getByText(/Nobody in this audience would be mailed now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows why a send was refused, in place', async () => {
    const fake = pageApi(draft, {
      [SEND]: apiError(409, 'AUDIENCE_EMPTY', 'Nobody in this audience would be mailed now.'),
    });
    renderWithModules(PAGE, fake.fetch);
    await waitFor(() => expect(audienceSize()).toHaveTextContent('1,234 subscribers'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: /^Send “Spring sale”/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    const sendingPanel = screen.getByRole('complementary', { name: 'Sending' });
    expect(await within(sendingPanel).findByRole('alert')).toHaveTextContent(
      'Nobody in this audience would be mailed now.',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });

  it('pauses a sending campaign, and cancels it only after asking', async () => {
    const fake = pageApi(sending);
    renderWithModules(PAGE, fake.fetch);
    const progress = await screen.findByRole('progressbar', { name: 'Sending progress' });
    // The failed are among the mailed (delivered + failed = sent), not on top of them.
    expect(progress).toHaveAttribute('aria-valuenow', '400');
    expect(screen.getByText('400 of 1,000 mailed (40%), 12 failed')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Audience size' })).not.toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Statistics' });
    expect(within(stats).getByRole('img', { name: /Campaign figures: sent 400/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(fake.callsTo(PAUSE)).toHaveLength(1);
    expect(nudges()).toContain('Spring sale is paused.');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel “Spring sale” for good?' });
    expect(fake.callsTo(CANCEL)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel campaign' }));
    await waitFor(() => expect(nudges()).toContain('Spring sale was cancelled.'));
    expect(fake.callsTo(CANCEL)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('asks for a sending campaign again every few seconds, and stops once it is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = sending;
    const fake = pageApi(sending, { [GET]: () => json(200, current) });
    renderWithModules(PAGE, fake.fetch);
    const progress = await screen.findByRole('progressbar', { name: 'Sending progress' });
    const asked = fake.callsTo(GET).length;

    current = { ...sending, stats: { ...sending.stats, sent: 900 } };
    await vi.advanceTimersByTimeAsync(CAMPAIGN_POLL_MS);
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '900'));
    expect(fake.callsTo(GET).length).toBe(asked + 1);

    current = { ...sending, status: 'sent', finishedAt: '2026-11-27T10:30:00.000Z' };
    await vi.advanceTimersByTimeAsync(CAMPAIGN_POLL_MS);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await vi.advanceTimersByTimeAsync(CAMPAIGN_POLL_MS * 3);
    expect(fake.callsTo(GET).length).toBe(asked + 2);
  });

  it('says why a send stopped, and resumes a paused campaign after asking', async () => {
    const failure = 'The draft no longer renders: fix its merge tags, then resume.';
    const fake = pageApi({ ...sending, status: 'paused', failure });
    renderWithModules(PAGE, fake.fetch);
    const sendingPanel = await screen.findByRole('complementary', { name: 'Sending' });
    expect(await within(sendingPanel).findByText(failure)).toBeInTheDocument();
    expect(within(sendingPanel).getByText('Sending stopped')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume “Spring sale”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resume sending' }));
    await screen.findByRole('button', { name: 'Pause' });
    expect(fake.callsTo(SEND)).toHaveLength(1);
  });

  it('lets a paused campaign change only its name and schedule: its mail and audience stay as sent', async () => {
    renderWithModules(PAGE, pageApi({ ...sending, status: 'paused' }).fetch);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByText(/Sending has begun, so its mail and audience stay as they were sent/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add filter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Schedule for' })).toBeInTheDocument();
  });

  it('shows a sent campaign’s figures with its rates', async () => {
    const sent = campaignFixture(1, {
      name: 'Spring sale',
      status: 'sent',
      startedAt: '2026-11-03T09:00:00.000Z',
      finishedAt: '2026-11-03T09:10:00.000Z',
      audience: {
        lists: [newsletter.id],
        excludeLists: [],
        filters: [{ field: 'lastPurchased', mode: 'include', comparator: 'lte', days: 90 }],
      },
      stats: { recipients: 1000, sent: 1000, delivered: 800, failed: 0, opened: 400, clicked: 100, unsubscribed: 3 },
    });
    renderWithModules(PAGE, pageApi(sent).fetch);
    const stats = await screen.findByRole('region', { name: 'Statistics' });
    expect(within(stats).getByText('50% open rate')).toBeInTheDocument();
    expect(within(stats).getByText('13% click rate')).toBeInTheDocument();
    expect(screen.getByText('Include · Purchased · within the last 90 days')).toBeInTheDocument();
    expect(await screen.findByText('Newsletter')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send|Pause|Cancel/ })).not.toBeInTheDocument();
  });

  it('shows a reader everything, with no way to change or send it', async () => {
    const fake = pageApi(
      {
        ...draft,
        audience: { lists: [], excludeLists: [vip.id], filters: [{ field: 'gender', mode: 'exclude', value: 'male' }] },
      },
      {},
      MAIL_READER,
    );
    renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByText(/You can see this campaign, but not change it./)).toBeInTheDocument();
    await waitFor(() => expect(audienceSize()).toHaveTextContent('1,234 subscribers'));
    expect(screen.getByText('Exclude · Gender · Male')).toBeInTheDocument();
    expect(screen.getByText('Everyone subscribed')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('lets a manager without mail.send edit but not send', async () => {
    renderWithModules(PAGE, pageApi(draft, {}, MAIL_MANAGER).fetch);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.getByText(/need the mail.send permission/)).toBeInTheDocument();
  });
});
