import { vi } from 'vitest';
import type { Channel, ChannelUser, Message } from '@wharf/contract';
import { json, user } from '../../test/fake-api';
import type { SocketLike } from './realtime/realtime-client';

/** Test data of chat and a WebSocket stand-in; used by the chat tests only. */

export const GRACE = { id: '00000000-0000-4000-9000-000000000002', name: 'Grace Hopper', email: 'grace@example.com' };
export const ME = { id: user.id, name: 'Ada Lovelace', email: user.email };

export function channelFixture(n: number, fields: Partial<Channel> = {}): Channel {
  return {
    id: `00000000-0000-4000-8c00-${String(n).padStart(12, '0')}`,
    projectId: '00000000-0000-4000-b000-000000000001',
    projectName: 'Harbour Goods',
    kind: 'open',
    name: `channel-${n}`,
    topic: '',
    archived: false,
    createdBy: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    lastMessageAt: null,
    memberCount: 2,
    member: true,
    unreadCount: 0,
    mentionCount: 0,
    muted: false,
    ...fields,
  };
}

export function messageFixture(n: number, fields: Partial<Message> = {}): Message {
  return {
    id: `00000000-0000-4000-8d00-${String(n).padStart(12, '0')}`,
    channelId: channelFixture(1).id,
    author: { id: GRACE.id, name: GRACE.name },
    text: `Message ${n}`,
    mentions: [],
    attachments: [],
    replyTo: null,
    createdAt: new Date(Date.UTC(2026, 10, 20, 9, 0, 0) + n * 60_000).toISOString(),
    editedAt: null,
    deleted: false,
    reactions: [],
    ...fields,
  };
}

export function memberEntry(
  who: { id: string; name: string; email: string },
  lastRead: string | null = null,
): ChannelUser {
  return {
    userId: who.id,
    name: who.name,
    email: who.email,
    joinedAt: '2026-11-01T09:00:00.000Z',
    ...(who.id === ME.id
      ? { subscription: { notify: 'all', muted: false, lastReadMessageId: lastRead, lastReadAt: null } }
      : {}),
  };
}

export function page(items: Message[], hasOlder = false, hasNewer = false): Response {
  return json(200, { items, hasOlder, hasNewer });
}

/** A WebSocket the test drives: it records what the client sends and delivers what the test says. */
export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  static get last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('No socket was opened.');
    return socket;
  }
  static reset() {
    FakeSocket.all = [];
  }
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The server sends a frame. */
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The connection drops (or the server closes it with `code`). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  /** The frames sent of one type. */
  sentOf(type: string) {
    return this.sent.filter((frame) => (frame as { type: string }).type === type);
  }
}

/**
 * jsdom lays nothing out: the virtualised conversation (role log) gets a 600 px window and every
 * row 60 px, so it has something to fill. Undone by `vi.restoreAllMocks()`.
 */
export function layOut() {
  const height = (el: Element) => (el.getAttribute('role') === 'log' ? 600 : 60);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return height(this);
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(640);
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return height(this);
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(640);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const h = height(this);
    return { x: 0, y: 0, top: 0, left: 0, right: 640, bottom: h, width: 640, height: h, toJSON: () => ({}) } as DOMRect;
  });
}

/** A phone-sized window: every media query (`md` and up) answers no. */
export function onPhone(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
