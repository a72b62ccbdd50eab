import { REALTIME_CLOSE } from '@wharf/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { TestSocket } from '../../test/realtime.js';
import { openRealtimeBus } from './bus.js';
import { MAX_SUBSCRIPTIONS } from './connection.js';
import { RealtimeGateway, type SocketUser } from './gateway.js';
import { registerRealtimeRoute } from './socket-route.js';

const USER = '00000000-0000-4000-8000-000000000001';
const topicId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * The gateway alone, on a bare Fastify: one person (token "good"), a topic family `chat` whose
 * authority the test controls, and the in-process bus. What chat itself does is chat's tests'.
 */
async function gatewayWith(allowed: (id: string) => boolean = () => true) {
  const errors: unknown[] = [];
  const gateway = new RealtimeGateway(openRealtimeBus(undefined, { onError: (_m, e) => errors.push(e) }), {
    log: (_message, details) => errors.push(details),
  });
  gateway.useAuthenticator(async (token): Promise<SocketUser | null> =>
    token === 'good' ? { userId: USER, sessionId: 's1', tokenExpiresAt: Math.floor(Date.now() / 1000) + 300 } : null,
  );
  gateway.define('chat', { mayListen: async (_user, id) => allowed(id) });
  const app = Fastify();
  await registerRealtimeRoute(app, gateway, []);
  await app.listen({ host: '127.0.0.1', port: 0 });
  apps.push(app);
  const port = (app.server.address() as { port: number }).port;
  const open = async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/v1/realtime`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const client = new TestSocket(socket);
    await client.auth('good');
    return client;
  };
  return { gateway, open, errors };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('the realtime gateway', () => {
  it('closes a socket that reads too slowly (4408) instead of keeping its events in memory', async () => {
    const { gateway, open } = await gatewayWith();
    const reader = await open();
    const topic = `chat:${topicId(1)}`;
    await reader.subscribe(topic);
    // The client stops reading; the server's unsent bytes grow past what it keeps for a socket.
    const raw = (reader.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    const padding = 'x'.repeat(64 * 1024);
    for (let n = 0; n < 200; n += 1) {
      await gateway.bus.publish(topic, { kind: 'typing', userId: USER, name: padding });
      await new Promise((resolve) => setImmediate(resolve));
    }
    raw.resume();
    expect((await reader.closed).code).toBe(REALTIME_CLOSE.tooSlow);
  });

  it('refuses a subscription past the most a socket may hear, and keeps the others', async () => {
    const { open } = await gatewayWith();
    const socket = await open();
    // The person's own user topic is one of them already.
    for (let n = 1; n < MAX_SUBSCRIPTIONS; n += 1) socket.send({ type: 'subscribe', topic: `chat:${topicId(n)}` });
    await socket.next('subscribed', (frame) => frame.topic === `chat:${topicId(MAX_SUBSCRIPTIONS - 1)}`);
    expect(await socket.subscribe(`chat:${topicId(9999)}`)).toMatchObject({
      type: 'error',
      code: 'TOO_MANY_SUBSCRIPTIONS',
    });
  }, 30_000);

  it('closes a socket that sends frames faster than it may (4400)', async () => {
    const { open } = await gatewayWith();
    const socket = await open();
    for (let n = 0; n < MAX_SUBSCRIPTIONS + 200; n += 1) socket.send({ type: 'ping' });
    expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.protocol, reason: 'Too many frames. Slow down.' });
  });

  it('delivers an event to every socket of a topic, the frame written once for all', async () => {
    const { gateway, open } = await gatewayWith((id) => id !== topicId(2));
    const topic = `chat:${topicId(1)}`;
    const sockets = await Promise.all([open(), open(), open()]);
    for (const socket of sockets) await socket.subscribe(topic);
    expect(await sockets[0]!.subscribe(`chat:${topicId(2)}`)).toMatchObject({ code: 'TOPIC_NOT_FOUND' });
    expect(gateway.connectionCount).toBe(3);
    const event = await gateway.bus.publish(topic, { kind: 'typing', userId: USER, name: 'Ada' });
    for (const socket of sockets) {
      expect(await socket.next('event')).toEqual({
        type: 'event',
        topic,
        id: event.id,
        at: event.at,
        data: event.data,
      });
    }
    expect(gateway.frameOf(event)).toBe(gateway.frameOf(event));
  });
});
