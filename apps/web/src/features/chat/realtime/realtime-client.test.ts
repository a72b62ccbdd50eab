import { REALTIME_CLOSE } from '@wharf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelFixture, FakeSocket, GRACE, messageFixture, ME } from '../chat-fixtures';
import { createRealtimeClient, realtimeUrl, type RealtimeOptions } from './realtime-client';

const TOPIC = `chat:${channelFixture(1).id}`;
const OTHER = `chat:${channelFixture(2).id}`;
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => vi.useRealTimers());

function start(options: Partial<RealtimeOptions> = {}) {
  const events: [string, unknown][] = [];
  const reloads: string[] = [];
  const tokens = ['token-1', 'token-2', 'token-3'];
  let served = 0;
  const client = createRealtimeClient({
    url: 'ws://console.test/v1/realtime',
    getToken: () => Promise.resolve(tokens[Math.min(served++, tokens.length - 1)]!),
    socket: (url) => new FakeSocket(url),
    backoff: (attempt) => attempt * 1000,
    pingEveryMs: 0,
    onEvent: (topic, data) => events.push([topic, data]),
    onReload: (topic) => reloads.push(topic),
    ...options,
  });
  return { client, events, reloads };
}

async function connect(socket = FakeSocket.last) {
  socket.open();
  await flush();
  socket.receive({ type: 'ready', userId: ME.id, tokenExpiresAt: Date.now() + 300_000 });
  return socket;
}

const event = (topic: string, id: string, data: unknown) => ({
  type: 'event',
  topic,
  id,
  at: '2026-11-20T09:00:00Z',
  data,
});

describe('the realtime client', () => {
  it('uses ws: or wss: on the page’s own origin', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'console.example.com' })).toBe(
      'wss://console.example.com/v1/realtime',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/v1/realtime');
  });

  it('authenticates first, then subscribes to the topics asked for, before and after ready', async () => {
    const { client } = start();
    client.subscribe(TOPIC);
    const socket = FakeSocket.last;
    expect(socket.url).toBe('ws://console.test/v1/realtime');
    socket.open();
    await flush();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    socket.receive({ type: 'ready', userId: ME.id, tokenExpiresAt: 0 });
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', topic: TOPIC });
    client.subscribe(OTHER);
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', topic: OTHER });
    client.unsubscribe(OTHER);
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', topic: OTHER });
  });

  it('hands on events read through the contract, and ignores frames it cannot read', async () => {
    const { client, events } = start();
    client.subscribe(TOPIC);
    const socket = await connect();
    const message = messageFixture(1);
    socket.receive(event(TOPIC, '1-0', { kind: 'message', message }));
    socket.receive({ type: 'event', topic: TOPIC, id: '1-1', data: { kind: 'nonsense' } });
    socket.onmessage?.({ data: 'not json' });
    expect(events).toEqual([[TOPIC, { kind: 'message', message }]]);
  });

  it('reconnects with back-off and catches up from the last event id of each topic', async () => {
    const { client } = start();
    client.subscribe(TOPIC);
    client.subscribe(OTHER);
    const first = await connect();
    first.receive({ type: 'subscribed', topic: OTHER, lastEventId: '5-0' });
    first.receive(event(TOPIC, '7-2', { kind: 'typing', userId: GRACE.id, name: GRACE.name }));

    first.drop();
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = FakeSocket.last;
    expect(second).not.toBe(first);
    await connect(second);
    expect(second.sentOf('subscribe')).toEqual([
      { type: 'subscribe', topic: TOPIC, after: '7-2' },
      { type: 'subscribe', topic: OTHER, after: '5-0' },
    ]);

    // A second drop before ready waits longer; a ready resets the wait.
    second.drop();
    await vi.advanceTimersByTimeAsync(1000);
    const third = FakeSocket.last;
    third.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.all).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(4);
    client.close();
  });

  it('reconnects at once when closed for reading too slowly', async () => {
    start().client.subscribe(TOPIC);
    const socket = await connect();
    socket.drop(REALTIME_CLOSE.tooSlow);
    await flush();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('asks for a reload when the server no longer has the events missed', async () => {
    const { client, reloads } = start();
    client.subscribe(TOPIC);
    const socket = await connect();
    socket.receive(event(TOPIC, '3-0', { kind: 'message.deleted', messageId: messageFixture(1).id }));
    socket.receive({ type: 'reload', topic: TOPIC });
    expect(reloads).toEqual([TOPIC]);
    socket.drop();
    await vi.advanceTimersByTimeAsync(1000);
    await connect();
    // The old id is forgotten: catching up from it would only be refused again.
    expect(FakeSocket.last.sentOf('subscribe')).toEqual([{ type: 'subscribe', topic: TOPIC }]);
  });

  it('re-sends auth with each newer token the store hands out', async () => {
    let refreshAt = Date.now() + 60_000;
    start({ refreshAt: () => refreshAt });
    const socket = await connect();
    expect(socket.sentOf('auth')).toEqual([{ type: 'auth', token: 'token-1' }]);
    refreshAt = Date.now() + 120_000;
    await vi.advanceTimersByTimeAsync(60_500);
    expect(socket.sentOf('auth')).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'auth', token: 'token-2' },
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.sentOf('auth')).toHaveLength(3);
  });

  it('tells of a topic whose access ended and stops resubscribing it', async () => {
    const lost: string[] = [];
    const { client } = start({ onAccessLost: (topic) => lost.push(topic) });
    client.subscribe(TOPIC);
    const socket = await connect();
    socket.receive({ type: 'unsubscribed', topic: TOPIC, reason: 'access' });
    expect(lost).toEqual([TOPIC]);
    socket.drop();
    await vi.advanceTimersByTimeAsync(1000);
    await connect();
    expect(FakeSocket.last.sentOf('subscribe')).toEqual([]);
  });

  it('sends typing at most every few seconds per topic, and closes for good', async () => {
    const { client } = start();
    const socket = await connect();
    client.typing(TOPIC, 10_000);
    client.typing(TOPIC, 11_000);
    client.typing(TOPIC, 13_000);
    expect(socket.sentOf('typing')).toEqual([
      { type: 'typing', topic: TOPIC },
      { type: 'typing', topic: TOPIC },
    ]);
    client.close();
    expect(socket.closedWith).toBe(1000);
    socket.drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
