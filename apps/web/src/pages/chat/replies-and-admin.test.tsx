import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  channelFixture,
  FakeSocket,
  GRACE,
  ME,
  memberEntry,
  messageFixture,
  page,
  layOut,
} from '../../features/chat/chat-fixtures';
import { resetToasts } from '../../features/toasts/toasts';
import {
  apiError,
  fakeProject,
  json,
  memberFixture,
  projectPageApi,
  queryOf,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const project = fakeProject(1, { name: 'Acme shop' });
const P = project.id;
const general = channelFixture(1, { name: 'general', topic: 'Shop talk', lastMessageAt: '2026-11-20T09:10:00Z' });
const C = general.id;
const CHANNEL = `/v1/chat/channels/${C}`;
const ALAN = memberFixture(7, { user: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' } });

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
  layOut();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetToasts();
});

function chatApi(
  routes: FakeRoutes = {},
  { held = ['chat.read', 'chat.write', 'members.read'], channels = [general] } = {},
) {
  let listed = channels;
  return projectPageApi(
    held,
    {
      'GET /v1/chat/channels': () => json(200, { items: listed }),
      [`GET ${CHANNEL}/users`]: json(200, { items: [memberEntry(ME, messageFixture(3).id), memberEntry(GRACE)] }),
      [`GET ${CHANNEL}/messages`]: page([messageFixture(1), messageFixture(2), messageFixture(3)]),
      [`POST /v1/chat/users/${ME.id}/messages/metadata`]: json(200, { items: [] }),
      [`GET /v1/projects/${P}/users`]: json(200, { items: [ALAN], nextPageToken: null }),
      // A channel deleted or left leaves the list when it is read again.
      [`DELETE ${CHANNEL}`]: () => {
        listed = [];
        return new Response(null, { status: 204 });
      },
      ...routes,
    },
    project,
  );
}

const log = () => screen.findByRole('log', { name: 'Messages of general' });
const article = async (text: string) =>
  within(await log())
    .getAllByRole('article')
    .find((a) => a.textContent?.includes(text))!;

describe('replies', () => {
  it('answers a message: the composer shows what is answered, cancels, and sends replyTo', async () => {
    const api = chatApi({
      [`POST ${CHANNEL}/messages`]: (call) =>
        json(
          201,
          messageFixture(4, {
            author: { id: ME.id, name: ME.name },
            text: (call.body as { text: string }).text,
            replyTo: messageFixture(2).id,
          }),
        ),
    });
    renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    await userEvent.click(within(await article('Message 2')).getByRole('button', { name: 'Reply' }));
    const replying = screen.getByRole('status', { name: 'Replying to' });
    expect(replying).toHaveTextContent('Replying to Grace Hopper: Message 2');
    const box = screen.getByRole('textbox', { name: 'Message general' });
    expect(box).toHaveFocus();

    await userEvent.click(within(replying).getByRole('button', { name: 'Cancel reply' }));
    expect(screen.queryByRole('status', { name: 'Replying to' })).not.toBeInTheDocument();

    await userEvent.click(within(await article('Message 2')).getByRole('button', { name: 'Reply' }));
    await userEvent.type(box, 'On it{Enter}');
    await waitFor(() => expect(api.callsTo(`POST ${CHANNEL}/messages`)).toHaveLength(1));
    expect(api.callsTo(`POST ${CHANNEL}/messages`)[0]!.body).toEqual({
      text: 'On it',
      mentions: [],
      attachments: [],
      replyTo: messageFixture(2).id,
    });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Replying to' })).not.toBeInTheDocument());
    // The new message quotes what it answers.
    expect(await within(await log()).findByRole('button', { name: 'Reply to Grace Hopper: Message 2' })).toBeVisible();
  });

  it('quotes the message answered (author and first line, or "Deleted message") and jumps to it', async () => {
    const outside = messageFixture(40, {
      text: 'First line of an old one\nsecond line',
      author: { id: ME.id, name: ME.name },
    });
    const api = chatApi({
      [`GET ${CHANNEL}/messages`]: (call) =>
        queryOf(call).around
          ? page([outside, messageFixture(41)], true, true)
          : page([
              messageFixture(1, { deleted: true, text: '' }),
              messageFixture(2, { replyTo: messageFixture(1).id }),
              messageFixture(3, { replyTo: outside.id }),
            ]),
      [`GET ${CHANNEL}/messages/${outside.id}`]: json(200, outside),
    });
    const { router } = renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    const list = await log();
    expect(within(list).getByRole('button', { name: 'Reply to: Deleted message' })).toBeInTheDocument();
    // Not in the window: fetched on its own.
    const quote = await within(list).findByRole('button', { name: 'Reply to Ada Lovelace: First line of an old one' });
    expect(quote).not.toHaveTextContent('second line');
    await userEvent.click(quote);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ channel: C, message: outside.id }));
    await waitFor(() =>
      expect(api.callsTo(`GET ${CHANNEL}/messages`).map(queryOf)).toContainEqual({ limit: '50', around: outside.id }),
    );
  });

  it('offers no reply in an archived channel', async () => {
    const archived = { ...general, archived: true };
    renderApp(`/chat?project=${P}&channel=${C}`, chatApi({}, { channels: [archived] }).fetch);
    const message = await article('Message 2');
    expect(within(message).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });
});

describe('channel administration', () => {
  const manager = ['chat.read', 'chat.write', 'chat.manage', 'members.read'];

  it('renames the channel and changes its topic (chat.manage), naming the project', async () => {
    const api = chatApi(
      {
        [`PATCH ${CHANNEL}`]: (call) => json(200, { ...general, ...(call.body as object) }),
      },
      { held: manager },
    );
    renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of general' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'shop-floor');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Topic' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'Today');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PATCH ${CHANNEL}`)).toHaveLength(1));
    expect(queryOf(api.callsTo(`PATCH ${CHANNEL}`)[0])).toEqual({ project: P });
    expect(api.callsTo(`PATCH ${CHANNEL}`)[0]!.body).toEqual({ name: 'shop-floor', topic: 'Today' });
    expect(await screen.findByRole('heading', { name: 'shop-floor' })).toBeInTheDocument();
  });

  it('archives (read-only, with a banner) and brings the channel back', async () => {
    const api = chatApi(
      { [`PATCH ${CHANNEL}`]: (call) => json(200, { ...general, ...(call.body as object) }) },
      { held: manager },
    );
    renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Archive channel' }));
    expect(await screen.findByText('This channel is archived: it is read-only.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message general' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    const banner = screen.getByText('This channel is archived: it is read-only.').parentElement!;
    await userEvent.click(within(banner).getByRole('button', { name: 'Bring back' }));
    expect(await screen.findByRole('textbox', { name: 'Message general' })).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${CHANNEL}`).map((c) => c.body)).toEqual([{ archived: true }, { archived: false }]);
  });

  it('deletes the channel after a confirmation naming it, and shows the API’s refusal', async () => {
    let refuse = true;
    const api = chatApi(
      {
        [`DELETE ${CHANNEL}`]: () => {
          if (refuse) {
            refuse = false;
            return apiError(403, 'FORBIDDEN', 'Only its creator may delete this channel.');
          }
          return new Response(null, { status: 204 });
        },
      },
      { held: manager },
    );
    const { router } = renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete channel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete general?' });
    expect(api.callsTo(`DELETE ${CHANNEL}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete channel' }));
    expect(await within(confirm).findByText('Only its creator may delete this channel.')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete channel' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('channel'));
    expect(queryOf(api.callsTo(`DELETE ${CHANNEL}`)[1])).toEqual({ project: P });
  });

  it('shows no settings or removing to a member who neither created the channel nor manages chat', async () => {
    renderApp(`/chat?project=${P}&channel=${C}`, chatApi().fetch);
    await log();
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2 members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of general' });
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Leave channel' })).toBeInTheDocument();
  });

  it('gives the channel’s creator its settings', async () => {
    const mine = { ...general, createdBy: ME.id };
    renderApp(`/chat?project=${P}&channel=${C}`, chatApi({}, { channels: [mine] }).fetch);
    expect(await screen.findByRole('button', { name: 'Settings' })).toBeInTheDocument();
  });

  it('offers no settings for a direct or support conversation', async () => {
    const direct = channelFixture(1, { name: 'Grace Hopper', kind: 'direct', createdBy: ME.id });
    renderApp(`/chat?project=${P}&channel=${C}`, chatApi({}, { held: manager, channels: [direct] }).fetch);
    await screen.findByRole('log', { name: 'Messages of Grace Hopper' });
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('adds project members, removes one, and leaves the channel', async () => {
    const api = chatApi(
      {
        [`POST ${CHANNEL}/users`]: json(200, {
          items: [
            memberEntry(ME),
            memberEntry(GRACE),
            { ...memberEntry(GRACE), userId: ALAN.user.id, name: 'Alan Turing' },
          ],
        }),
        [`DELETE ${CHANNEL}/users`]: new Response(null, { status: 204 }),
      },
      { held: manager },
    );
    const { router } = renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: '2 members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of general' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add members' }));
    const people = await within(dialog).findByRole('list', { name: 'Project members' });
    await userEvent.click(within(people).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await waitFor(() => expect(api.callsTo(`POST ${CHANNEL}/users`)).toHaveLength(1));
    expect(api.callsTo(`POST ${CHANNEL}/users`)[0]!.body).toEqual({ users: [ALAN.user.id] });
    expect(queryOf(api.callsTo(`POST ${CHANNEL}/users`)[0])).toEqual({ project: P });
    const members = await within(dialog).findByRole('list', { name: 'Channel members' });
    expect(within(members).getByText('Alan Turing')).toBeInTheDocument();

    await userEvent.click(within(members).getByRole('button', { name: 'Remove Grace Hopper' }));
    await waitFor(() => expect(within(members).queryByText('Grace Hopper')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${CHANNEL}/users`)[0]!.body).toEqual({ users: [GRACE.id] });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave channel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave general?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Leave channel' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('channel'));
    expect(api.callsTo(`DELETE ${CHANNEL}/users`)[1]!.body).toEqual({ users: [ME.id] });
  });
});
