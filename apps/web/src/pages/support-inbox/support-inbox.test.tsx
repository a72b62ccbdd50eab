import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  channelFixture,
  FakeSocket,
  layOut,
  ME,
  memberEntry,
  messageFixture,
  onPhone,
  page,
} from '../../features/chat/chat-fixtures';
import { fakeProject, json, queryOf, signedInApi, user, type FakeRoutes } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const acme = fakeProject(1, { name: 'Acme shop' });
const plant = fakeProject(2, { name: 'North Plant' });
const answered = channelFixture(1, {
  kind: 'support',
  name: 'Support',
  projectId: acme.id,
  projectName: 'Acme shop',
  lastMessageAt: '2026-11-20T09:00:00Z',
  member: true,
});
const waiting = channelFixture(2, {
  kind: 'support',
  name: 'Support',
  projectId: plant.id,
  projectName: 'North Plant',
  lastMessageAt: '2026-11-21T09:00:00Z',
  unreadCount: 2,
  member: false,
});
const open = channelFixture(3, { name: 'general', projectId: acme.id, projectName: 'Acme shop' });
const admin = { ...user, isAdmin: true };
const W = waiting.id;

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
  layOut();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function inboxApi(routes: FakeRoutes = {}) {
  return signedInApi(
    {
      'GET /v1/chat/channels': json(200, { items: [answered, open, waiting] }),
      [`GET /v1/chat/channels/${W}/users`]: json(200, { items: [] }),
      [`GET /v1/chat/channels/${W}/messages`]: page([
        messageFixture(1, { channelId: W, text: 'Our invoices do not show.' }),
        messageFixture(2, { channelId: W, text: 'Invoice 42, please.' }),
      ]),
      [`POST /v1/chat/users/${ME.id}/messages/metadata`]: json(200, { items: [] }),
      [`POST /v1/chat/users/${ME.id}/messages/read`]: json(200, {
        items: [{ channelId: W, lastReadMessageId: messageFixture(2).id, unreadCount: 0, mentionCount: 0 }],
      }),
      ...routes,
    },
    admin,
  );
}

const inbox = () => screen.findByRole('list', { name: 'Support conversations' });

describe('the support inbox (platform administrators)', () => {
  it('lists every project’s support conversation, newest first, with its project and whether it waits', async () => {
    renderApp('/admin/support', inboxApi().fetch);
    expect(await screen.findByRole('heading', { name: 'Support inbox', level: 1 })).toBeInTheDocument();
    const list = await inbox();
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual([
        expect.stringMatching(/^North Plant, .+, waiting for an answer, 2 unread$/),
        expect.stringMatching(/^Acme shop, (?!.*waiting)/),
      ]),
    );
    expect(within(list).getByText(/Waiting for an answer/)).toBeInTheDocument();
    expect(screen.getByText('1 waiting for an answer')).toBeInTheDocument();
    expect(within(list).queryByText('general')).not.toBeInTheDocument();
  });

  it('opens a conversation in the page and answers it, naming the channel’s project', async () => {
    const api = inboxApi({
      [`POST /v1/chat/channels/${W}/messages`]: (call) =>
        json(
          201,
          messageFixture(3, {
            channelId: W,
            author: { id: ME.id, name: 'Platform Admin' },
            text: (call.body as { text: string }).text,
          }),
        ),
    });
    const { router } = renderApp('/admin/support', api.fetch);
    await userEvent.click(await within(await inbox()).findByRole('button', { name: /^North Plant/ }));
    expect(router.state.location.pathname).toBe('/admin/support');
    expect(router.state.location.search).toMatchObject({ channel: W });
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('Invoice 42, please.')).toBeInTheDocument();
    // Staff are not of the project: no attachments from its drive.
    expect(screen.queryByRole('button', { name: 'Attach an image from the drive' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message North Plant' }), 'Fixed now.{Enter}');
    await waitFor(() => expect(api.callsTo(`POST /v1/chat/channels/${W}/messages`)).toHaveLength(1));
    const call = api.callsTo(`POST /v1/chat/channels/${W}/messages`)[0]!;
    expect(queryOf(call)).toEqual({ project: plant.id });
    expect(call.body).toEqual({ text: 'Fixed now.', mentions: [], attachments: [] });
    expect(await within(log).findByText('Fixed now.')).toBeInTheDocument();
    // Read: no longer waiting.
    expect(await screen.findByText('Nothing waiting for an answer.')).toBeInTheDocument();
  });

  it('on a phone shows the inbox, then the conversation with a way back', async () => {
    onPhone();
    const { router } = renderApp(
      '/admin/support',
      inboxApi({ [`GET /v1/chat/channels/${W}/users`]: json(200, { items: [memberEntry(ME)] }) }).fetch,
    );
    await userEvent.click(await within(await inbox()).findByRole('button', { name: /^North Plant/ }));
    await screen.findByRole('log');
    expect(screen.queryByRole('list', { name: 'Support conversations' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(await inbox()).toBeInTheDocument();
    expect(router.state.location.search).not.toHaveProperty('channel');
  });

  it('is closed to anyone but platform administrators', async () => {
    renderApp('/admin/support', signedInApi({ 'GET /v1/chat/channels': json(200, { items: [waiting] }) }).fetch);
    expect(
      await screen.findByText("Only platform administrators answer the projects' support conversations."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Support conversations' })).not.toBeInTheDocument();
  });
});
