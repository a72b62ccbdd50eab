import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  channelFixture,
  FakeSocket,
  GRACE,
  layOut,
  ME,
  memberEntry,
  messageFixture,
  onPhone,
  page,
} from '../../features/chat/chat-fixtures';
import { resetToasts } from '../../features/toasts/toasts';
import { apiError, deferred, fakeProject, json, projectPageApi, queryOf, type FakeRoutes } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const project = fakeProject(1, { name: 'Acme shop' });
const P = project.id;
const general = channelFixture(1, { name: 'general', unreadCount: 2, lastMessageAt: '2026-11-20T09:10:00Z' });
const ops = channelFixture(3, { name: 'ops', kind: 'private', muted: true, unreadCount: 5, mentionCount: 1 });
const dm = channelFixture(4, { name: 'Grace Hopper', kind: 'direct' });
const elsewhere = channelFixture(5, { name: 'other-project', projectId: fakeProject(2).id });
const CHANNELS = [general, ops, dm, elsewhere];
const C = general.id;
const MESSAGES = `GET /v1/chat/channels/${C}/messages`;

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

function chatApi(routes: FakeRoutes = {}) {
  return projectPageApi(
    ['chat.read', 'chat.write', 'members.read'],
    {
      'GET /v1/chat/channels': json(200, { items: CHANNELS }),
      [`GET /v1/chat/channels/${C}/users`]: json(200, {
        items: [memberEntry(ME, messageFixture(1).id), memberEntry(GRACE)],
      }),
      [MESSAGES]: page([messageFixture(1), messageFixture(2), messageFixture(3)]),
      [`POST /v1/chat/users/${ME.id}/messages/metadata`]: json(200, {
        items: [{ messageId: messageFixture(2).id, readBy: 1, myReactions: [] }],
      }),
      [`POST /v1/chat/users/${ME.id}/messages/read`]: json(200, {
        items: [{ channelId: C, lastReadMessageId: messageFixture(3).id, unreadCount: 0, mentionCount: 0 }],
      }),
      ...routes,
    },
    project,
  );
}

const log = () => screen.findByRole('log', { name: 'Messages of general' });
const texts = async () => [...(await log()).querySelectorAll('article p')].map((p) => p.textContent);

describe('chat.index', () => {
  it('lists the project’s channels by kind with unread and mention badges and the mute', async () => {
    renderApp(`/chat?project=${P}`, chatApi().fetch);
    const nav = await screen.findByRole('navigation', { name: 'Channels' });
    expect(within(nav).getByRole('button', { name: 'general, 2 unread' })).toBeInTheDocument();
    // Muted: its unread count stays quiet, its mention does not.
    expect(within(nav).getByRole('button', { name: 'ops, 1 mention, muted' })).toBeInTheDocument();
    expect(
      within(within(nav).getByRole('region', { name: 'Direct messages' })).getByRole('button'),
    ).toHaveAccessibleName('Grace Hopper');
    expect(within(nav).queryByText('other-project')).not.toBeInTheDocument();
    expect(screen.getByText('Choose a conversation.')).toBeInTheDocument();
  });

  it('opens a conversation with the new-messages divider, read-by on hover, and marks it read', async () => {
    const api = chatApi();
    const { router } = renderApp(`/chat?project=${P}`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'general, 2 unread' }));
    expect(router.state.location.search).toMatchObject({ project: P, channel: C });
    expect(await texts()).toEqual(['Message 1', 'Message 2', 'Message 3']);
    const divider = screen.getByRole('separator', { name: 'New messages' });
    // Read up to message 1: the divider is above message 2.
    expect(divider.nextElementSibling).toHaveTextContent('Message 2');
    expect(await screen.findByText('Read by 1')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`POST /v1/chat/users/${ME.id}/messages/read`)).toHaveLength(1));
    expect(api.callsTo(`POST /v1/chat/users/${ME.id}/messages/read`)[0]!.body).toEqual({
      marks: [{ channel: C, message: messageFixture(3).id }],
    });
    expect(await screen.findByRole('button', { name: 'general' })).toBeInTheDocument();
  });

  it('opens centred on the message of a link (around) and loads older and newer pages from its edges', async () => {
    const api = chatApi({
      [MESSAGES]: (call) => {
        const q = queryOf(call);
        if (q.around) return page([messageFixture(10), messageFixture(11), messageFixture(12)], true, true);
        if (q.before) return page([messageFixture(8), messageFixture(9)], false, true);
        return page([messageFixture(13)], true, false);
      },
    });
    renderApp(`/chat?project=${P}&channel=${C}&message=${messageFixture(11).id}`, api.fetch);
    await waitFor(async () =>
      expect(await texts()).toEqual(['Message 8', 'Message 9', 'Message 10', 'Message 11', 'Message 12', 'Message 13']),
    );
    const calls = api.callsTo(MESSAGES).map(queryOf);
    expect(calls[0]).toEqual({ limit: '50', around: messageFixture(11).id });
    expect(calls).toContainEqual({ limit: '50', before: messageFixture(10).id });
    expect(calls).toContainEqual({ limit: '50', after: messageFixture(12).id });
  });

  it('sends with Enter, keeps Shift+Enter as a new line, completes @mentions and shows the limit', async () => {
    const api = chatApi({
      [`POST /v1/chat/channels/${C}/messages`]: (call) =>
        json(
          201,
          messageFixture(4, { author: { id: ME.id, name: ME.name }, text: (call.body as { text: string }).text }),
        ),
    });
    renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    const box = await screen.findByRole('textbox', { name: 'Message general' });
    await log();
    await userEvent.type(box, 'Hello @gr');
    const options = await screen.findByRole('listbox', { name: 'Mention a member' });
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Grace Hopper grace@example.com']);
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('Hello @Grace Hopper ');
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}second line');
    expect(screen.getByText('32 / 16,000')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo(`POST /v1/chat/channels/${C}/messages`)).toHaveLength(1));
    const call = api.callsTo(`POST /v1/chat/channels/${C}/messages`)[0]!;
    expect(queryOf(call)).toEqual({ project: P });
    expect(call.body).toEqual({ text: 'Hello @Grace Hopper \nsecond line', mentions: [GRACE.id], attachments: [] });
    await waitFor(() => expect(box).toHaveValue(''));
    await waitFor(async () => expect((await texts()).at(-1)).toContain('second line'));
  });

  it('says why a message was refused, and keeps what was written', async () => {
    const api = chatApi({
      [`POST /v1/chat/channels/${C}/messages`]: apiError(409, 'CHANNEL_ARCHIVED', 'This channel is archived.'),
    });
    renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    const box = await screen.findByRole('textbox', { name: 'Message general' });
    await userEvent.type(box, 'Anyone?{Enter}');
    expect(await screen.findByText('This channel is archived.')).toBeInTheDocument();
    expect(box).toHaveValue('Anyone?');
  });

  it('reacts through the picker loaded on first use, and toggles a reaction', async () => {
    const id = messageFixture(3).id;
    const reacted = messageFixture(3, { reactions: [{ emoji: '👍', count: 1, mine: true }] });
    const api = chatApi({
      [`POST /v1/chat/channels/${C}/messages/${id}/reactions`]: json(200, reacted),
      [`DELETE /v1/chat/channels/${C}/messages/${id}/reactions`]: json(200, messageFixture(3)),
    });
    renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    await log();
    const third = screen.getAllByRole('article').at(-1)!;
    await userEvent.click(within(third).getByRole('button', { name: 'Add reaction' }));
    const picker = await screen.findByRole('dialog', { name: 'Pick a reaction' });
    await userEvent.click(within(picker).getByRole('button', { name: /React with 👍/ }));
    expect(api.callsTo(`POST /v1/chat/channels/${C}/messages/${id}/reactions`)[0]!.body).toEqual({ emoji: '👍' });
    const chip = await within(third).findByRole('button', { name: '👍 1, yours' });
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(chip);
    await waitFor(() => expect(within(third).queryByRole('list', { name: 'Reactions' })).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /v1/chat/channels/${C}/messages/${id}/reactions`)).toHaveLength(1);
  });

  it('edits and deletes one’s own message (after confirming), and offers neither on others’', async () => {
    const mine = messageFixture(3, { author: { id: ME.id, name: ME.name }, text: 'Typo hree' });
    const api = chatApi({
      [MESSAGES]: page([messageFixture(2), mine]),
      [`PATCH /v1/chat/channels/${C}/messages/${mine.id}`]: (call) =>
        json(200, { ...mine, text: (call.body as { text: string }).text, editedAt: '2026-11-20T10:00:00Z' }),
      [`DELETE /v1/chat/channels/${C}/messages/${mine.id}`]: new Response(null, { status: 204 }),
    });
    renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    await log();
    const [theirs, own] = screen.getAllByRole('article');
    expect(within(theirs!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await userEvent.click(within(own!).getByRole('button', { name: 'Edit' }));
    const editor = within(own!).getByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Typo here{Enter}');
    expect(await within(own!).findByText('(edited)')).toBeInTheDocument();
    expect(own).toHaveTextContent('Typo here');

    await userEvent.click(within(own!).getByRole('button', { name: 'Delete' }));
    expect(api.callsTo(`DELETE /v1/chat/channels/${C}/messages/${mine.id}`)).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete message' }));
    expect(await within(own!).findByText('This message was deleted.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /v1/chat/channels/${C}/messages/${mine.id}`)).toHaveLength(1);
  });

  it('searches the channel and jumps to a result', async () => {
    const found = messageFixture(2, { text: 'The invoice is late' });
    const api = chatApi({ [`GET /v1/chat/channels/${C}/messages/search`]: json(200, { items: [found] }) });
    const { router } = renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    await log();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'from:grace invoice{Enter}');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(queryOf(api.callsTo(`GET /v1/chat/channels/${C}/messages/search`)[0])).toEqual({
      search: 'from:grace invoice',
      limit: '20',
    });
    await userEvent.click(within(results).getByRole('button', { name: /The invoice is late/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ channel: C, message: found.id }));
    await waitFor(() => expect(api.callsTo(MESSAGES).map(queryOf)).toContainEqual({ limit: '50', around: found.id }));
  });

  it('mutes the channel and changes what it notifies of', async () => {
    const api = chatApi({
      [`PATCH /v1/chat/users/${ME.id}/subscriptions/${C}`]: (call) =>
        json(200, {
          ...memberEntry(ME),
          subscription: {
            notify: 'all',
            muted: false,
            lastReadMessageId: null,
            lastReadAt: null,
            ...(call.body as object),
          },
        }),
    });
    renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Mute' }));
    expect(await screen.findByRole('button', { name: 'general, muted' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Notify me of' }), 'mentions');
    const calls = api.callsTo(`PATCH /v1/chat/users/${ME.id}/subscriptions/${C}`).map((c) => c.body);
    expect(calls).toEqual([{ muted: true }, { notify: 'mentions' }]);
  });

  it('hears the channels shown over the realtime socket and shows new messages, typing and reactions', async () => {
    const api = chatApi();
    renderApp(`/chat?project=${P}&channel=${C}`, api.fetch);
    await log();
    const socket = FakeSocket.last;
    expect(socket.url).toMatch(/^ws:\/\/.+\/v1\/realtime$/);
    await act(async () => socket.open());
    await waitFor(() => expect(socket.sentOf('auth')).toHaveLength(1));
    expect((socket.sentOf('auth')[0] as { token: string }).token).toMatch(/^ey/);
    act(() => socket.receive({ type: 'ready', userId: ME.id, tokenExpiresAt: Date.now() + 300_000 }));
    await waitFor(() =>
      expect(
        socket
          .sentOf('subscribe')
          .map((f) => (f as { topic: string }).topic)
          .sort(),
      ).toEqual([general, ops, dm].map((c) => `chat:${c.id}`).sort()),
    );
    const at = '2026-11-20T10:00:00Z';
    act(() => {
      socket.receive({
        type: 'event',
        topic: `chat:${C}`,
        id: '1-0',
        at,
        data: { kind: 'typing', userId: GRACE.id, name: 'Grace Hopper' },
      });
    });
    expect(await screen.findByText('Grace Hopper is typing…')).toBeInTheDocument();
    act(() => {
      socket.receive({
        type: 'event',
        topic: `chat:${C}`,
        id: '1-1',
        at,
        data: { kind: 'message', message: messageFixture(4, { text: 'Live!' }) },
      });
      socket.receive({
        type: 'event',
        topic: `chat:${C}`,
        id: '1-2',
        at,
        data: {
          kind: 'reaction',
          messageId: messageFixture(1).id,
          emoji: '🎉',
          userId: GRACE.id,
          added: true,
          count: 1,
        },
      });
    });
    await waitFor(async () => expect((await texts()).at(-1)).toBe('Live!'));
    expect(screen.queryByText('Grace Hopper is typing…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '🎉 1' })).toHaveAttribute('aria-pressed', 'false');

    act(() => socket.drop());
    expect(await screen.findByText(/Offline: reconnecting/)).toBeInTheDocument();
  });

  it('Support → Chat finds the project’s support channel and opens it', async () => {
    const support = channelFixture(9, { kind: 'support', name: 'Support' });
    let listed = CHANNELS;
    const api = chatApi({
      'GET /v1/chat/channels': () => json(200, { items: listed }),
      'POST /v1/chat/channels': () => {
        listed = [...CHANNELS, support];
        return json(201, support);
      },
      [`GET /v1/chat/channels/${support.id}/users`]: json(200, { items: [memberEntry(ME)] }),
      [`GET /v1/chat/channels/${support.id}/messages`]: page([]),
    });
    const { router } = renderApp(`/chat/support?project=${P}`, api.fetch);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ channel: support.id }));
    expect(router.state.location.pathname).toBe('/chat');
    expect(api.callsTo('POST /v1/chat/channels')[0]!.body).toEqual({ kind: 'support' });
    expect(queryOf(api.callsTo('POST /v1/chat/channels')[0])).toEqual({ project: P });
    expect(await screen.findByText('No messages yet. Say hello!')).toBeInTheDocument();
  });

  it('creates a channel and starts a direct conversation with a member', async () => {
    const created = channelFixture(7, { name: 'launch' });
    const direct = channelFixture(8, { name: 'Grace Hopper', kind: 'direct' });
    const api = chatApi({
      'POST /v1/chat/channels': (call) =>
        json(201, (call.body as { kind: string }).kind === 'direct' ? direct : created),
      [`GET /v1/projects/${P}/users`]: json(200, {
        items: [
          {
            user: { id: ME.id, email: ME.email, username: null, firstName: 'Ada', lastName: 'Lovelace', avatar: null },
            roles: ['owner'],
            joinedAt: '2026-01-01T00:00:00Z',
          },
          {
            user: {
              id: GRACE.id,
              email: GRACE.email,
              username: null,
              firstName: 'Grace',
              lastName: 'Hopper',
              avatar: null,
            },
            roles: ['member'],
            joinedAt: '2026-01-01T00:00:00Z',
          },
        ],
        nextPageToken: null,
      }),
      [`GET /v1/chat/channels/${created.id}/users`]: json(200, { items: [] }),
      [`GET /v1/chat/channels/${created.id}/messages`]: page([]),
      [`GET /v1/chat/channels/${direct.id}/users`]: json(200, { items: [] }),
      [`GET /v1/chat/channels/${direct.id}/messages`]: page([]),
    });
    const { router } = renderApp(`/chat?project=${P}`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'New channel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create channel' }));
    expect(await screen.findByText('Give the channel a name.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'launch');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Who can join' }), 'private');
    await userEvent.click(screen.getByRole('button', { name: 'Create channel' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ channel: created.id }));
    expect(api.callsTo('POST /v1/chat/channels')[0]!.body).toEqual({ kind: 'private', name: 'launch', topic: '' });

    await userEvent.click(screen.getByRole('button', { name: 'New message' }));
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(members).getByRole('button', { name: /Grace Hopper/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ channel: direct.id }));
    expect(api.callsTo('POST /v1/chat/channels')[1]!.body).toEqual({ kind: 'direct', users: [GRACE.id] });
  });

  it('titles the page Chat and says when the project has no conversation yet', async () => {
    renderApp(`/chat?project=${P}`, chatApi({ 'GET /v1/chat/channels': json(200, { items: [] }) }).fetch);
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    expect(document.title).toBe('Chat - Wharf');
  });

  it('shows skeletons while loading and says why the channels could not be loaded', async () => {
    const answer = deferred<Response>();
    renderApp(`/chat?project=${P}`, chatApi({ 'GET /v1/chat/channels': answer.promise }).fetch);
    expect(await screen.findByRole('status', { name: 'Loading conversations…' })).toBeInTheDocument();
    answer.resolve(apiError(503, 'UNAVAILABLE', 'Chat is resting.'));
    expect(await screen.findByText('The conversations could not be loaded')).toBeInTheDocument();
  });

  it('on a phone shows the list first, then the conversation with a way back', async () => {
    onPhone();
    const { router } = renderApp(`/chat?project=${P}`, chatApi().fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'general, 2 unread' }));
    await log();
    expect(screen.queryByRole('navigation', { name: 'Channels' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(await screen.findByRole('navigation', { name: 'Channels' })).toBeInTheDocument();
    expect(router.state.location.search).not.toHaveProperty('channel');
  });
});
