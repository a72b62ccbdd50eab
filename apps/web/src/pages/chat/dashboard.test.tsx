import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelFixture, FakeSocket } from '../../features/chat/chat-fixtures';
import { fakeProject, json, projectPageApi, type FakeProject } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const acme = fakeProject(1, { name: 'Acme shop' });
const plant = fakeProject(2, { name: 'North Plant' });

beforeEach(() => vi.stubGlobal('WebSocket', FakeSocket));
afterEach(() => vi.unstubAllGlobals());

function dashboardApi(items: unknown[], projects: FakeProject[] = [acme, plant]) {
  return projectPageApi(
    ['chat.read'],
    { 'GET /v1/chat/channels': json(200, { items }), 'GET /v1/projects': () => json(200, projects) },
    acme,
  );
}

describe('chat.dashboard', () => {
  it('lists every conversation across the projects, newest first, with unread counts, each opening its project', async () => {
    const quiet = channelFixture(1, { name: 'general', lastMessageAt: '2026-11-01T09:00:00Z' });
    const busy = channelFixture(2, {
      name: 'line-2',
      projectId: plant.id,
      projectName: 'North Plant',
      lastMessageAt: '2026-11-20T09:00:00Z',
      unreadCount: 3,
      mentionCount: 1,
    });
    const empty = channelFixture(3, { name: 'new-room', lastMessageAt: null });
    renderApp(`/chat/dashboard?project=${acme.id}`, dashboardApi([quiet, empty, busy]).fetch);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.querySelector('span span')?.textContent)).toEqual(['line-2', 'general', 'new-room']);
    expect(links[0]).toHaveTextContent('North Plant');
    expect(links[0]).toHaveTextContent('3 unread, 1 mention');
    expect(links[0]).toHaveAttribute('href', `/chat?project=${plant.id}&channel=${busy.id}`);
    expect(links[2]).toHaveTextContent('No messages yet');
  });

  it('says when there is no conversation yet', async () => {
    renderApp(`/chat/dashboard?project=${acme.id}`, dashboardApi([]).fetch);
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
  });
});
