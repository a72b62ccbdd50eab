import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { resetToasts } from '../../features/toasts/toasts';
import { apiError, json, listPage, queryOf } from '../../test/fake-api';
import { draftOf, flowApi, flowFixture, FLOW_READER, P, welcomeFlow } from './flow-fixtures';

afterEach(() => {
  forgetModules();
  resetToasts();
});

const LIST_PAGE = `/flows?project=${P}`;
const LIST = 'GET /v1/flows';
const CREATE = 'POST /v1/flows';
const paused = flowFixture(2, {
  name: 'Win back',
  status: 'paused',
  trigger: { kind: 'noPurchase', days: 30 },
  liveVersion: 1,
  hasChanges: true,
  runs: { active: 2, completed: 7, exited: 1 },
});
const fresh = flowFixture(1, { name: 'Thank you' });
const rows = () => within(screen.getByRole('list', { name: 'Flows, newest first' })).getAllByRole('listitem');

describe('the Flows list (flows.list)', () => {
  it('lists the flows with status, trigger in words, live version, changes and runs; searches and pages', async () => {
    const fake = flowApi({
      [LIST]: (call) => {
        const query = queryOf(call);
        if (query.search === 'win') return listPage([paused]);
        return query.pageToken === 'next-1' ? listPage([fresh]) : listPage([welcomeFlow, paused], 'next-1');
      },
    });
    renderWithModules(LIST_PAGE, fake.fetch);
    const link = await screen.findByRole('link', { name: 'Welcome series' });
    expect(link).toHaveAttribute('href', `/flows/${welcomeFlow.id}?project=${P}`);
    await waitFor(() => expect(document.title).toBe('Flows - Wharf'));
    expect(queryOf(fake.callsTo(LIST)[0])).toEqual({ project: P, pageSize: '25' });

    const [welcome, winBack] = rows();
    await waitFor(() => expect(within(welcome!).getByText('When someone joins Newsletter')).toBeInTheDocument());
    expect(within(welcome!).getByText('Active')).toBeInTheDocument();
    expect(within(welcome!).getByText('Version 2 live')).toBeInTheDocument();
    expect(within(welcome!).getByText(/5 in the flow · 40 completed · 3 left early/)).toBeInTheDocument();
    expect(within(welcome!).queryByText('Unpublished changes')).not.toBeInTheDocument();
    expect(within(winBack!).getByText('Paused')).toBeInTheDocument();
    expect(within(winBack!).getByText('30 days after the last purchase')).toBeInTheDocument();
    expect(within(winBack!).getByText('Unpublished changes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Thank you' });
    expect(within(rows()[2]!).getByText('Draft')).toBeInTheDocument();
    expect(within(rows()[2]!).getByText('Not published yet')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search flows' }), 'win');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ search: 'win' });
  });

  it('shows a skeleton while loading, then explains flows when there are none', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fake = flowApi({ [LIST]: new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithModules(LIST_PAGE, fake.fetch);
    expect(await screen.findByRole('status', { name: 'Loading flows…' })).toBeInTheDocument();
    answer(listPage([]));
    expect(await screen.findByText('No flows yet.')).toBeInTheDocument();
    expect(screen.getByText(/A flow mails each subscriber by itself/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New flow' })).toBeEnabled();
  });

  it('makes a new flow from its name and opens it', async () => {
    const made = flowFixture(9, { name: 'Birthday' });
    const fake = flowApi({
      [LIST]: listPage([]),
      [CREATE]: json(201, made),
      [`GET /v1/flows/${made.id}`]: json(200, made),
      [`GET /v1/flows/${made.id}/draft`]: json(200, draftOf(made)),
      [`GET /v1/flows/${made.id}/versions`]: json(200, { items: [] }),
    });
    renderWithModules(LIST_PAGE, fake.fetch);
    await screen.findByText('No flows yet.');
    await userEvent.click(screen.getByRole('button', { name: 'New flow' }));
    const dialog = await screen.findByRole('dialog', { name: 'New flow' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Birthday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create flow' }));
    expect(await screen.findByText('Birthday')).toBeInTheDocument();
    expect(fake.callsTo(CREATE).map((call) => call.body)).toEqual([{ name: 'Birthday' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Flow' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Flow steps' })).toBeInTheDocument();
  });

  it('shows why a new flow was not made, in the dialog', async () => {
    const fake = flowApi({
      [LIST]: listPage([]),
      [CREATE]: apiError(403, 'MODULE_NOT_INSTALLED', 'Install the Marketing module to run flows.'),
    });
    renderWithModules(LIST_PAGE, fake.fetch);
    await screen.findByText('No flows yet.');
    await userEvent.click(screen.getByRole('button', { name: 'New flow' }));
    const dialog = await screen.findByRole('dialog', { name: 'New flow' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Birthday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create flow' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
        expect.stringContaining('Install the Marketing module'),
      ),
    );
  });

  it('offers a reader no way to make one', async () => {
    renderWithModules(LIST_PAGE, flowApi({ [LIST]: listPage([welcomeFlow]) }, FLOW_READER).fetch);
    await screen.findByRole('link', { name: 'Welcome series' });
    expect(screen.queryByRole('button', { name: 'New flow' })).not.toBeInTheDocument();
  });
});
