import type { RealtimeServerFrame } from '@wharf/contract';
import { WebSocket } from 'ws';
import type { TestApp } from './app.js';

/** Long enough for a loaded CI machine; a frame that never comes fails the test after it. */
const WAIT_MS = 5_000;

type Frame = RealtimeServerFrame;

/**
 * A realtime client for tests: a real WebSocket to a listening test app, keeping every frame it
 * receives so a test can wait for the next one that matches, or check that none did.
 */
export class TestSocket {
  readonly frames: Frame[] = [];
  /** Frames a `next` already answered: each is answered once. */
  private readonly taken = new Set<number>();
  private readonly waiters: { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      const waiter = this.waiters.findIndex((w) => w.match(frame));
      if (waiter >= 0) {
        this.taken.add(this.frames.length - 1);
        this.waiters.splice(waiter, 1)[0]!.resolve(frame);
      }
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  send(frame: object | string): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame received from now or already here (not yet waited for) that matches. */
  next<T extends Frame['type']>(
    type: T,
    match: (frame: Extract<Frame, { type: T }>) => boolean = () => true,
  ): Promise<Extract<Frame, { type: T }>> {
    return this.nextWhere(
      (frame): boolean => frame.type === type && match(frame as Extract<Frame, { type: T }>),
    ) as Promise<Extract<Frame, { type: T }>>;
  }

  nextWhere(matches: (frame: Frame) => boolean): Promise<Frame> {
    const index = this.frames.findIndex((frame, i) => !this.taken.has(i) && matches(frame));
    if (index >= 0) {
      this.taken.add(index);
      return Promise.resolve(this.frames[index]!);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        match: matches,
        resolve: (frame: Frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching frame within ${WAIT_MS} ms`));
      }, WAIT_MS);
      this.waiters.push(waiter);
    });
  }

  /** The events received so far on a topic, by kind. */
  events(topic: string): { kind: string; [key: string]: unknown }[] {
    return this.frames.flatMap((frame) =>
      frame.type === 'event' && frame.topic === topic ? [frame.data as { kind: string }] : [],
    );
  }

  /** Authenticates and waits for `ready`. */
  async auth(token: string): Promise<void> {
    this.send({ type: 'auth', token });
    await this.next('ready');
  }

  /** Subscribes and waits for the answer: `subscribed`, or the error about the topic. */
  async subscribe(topic: string, after?: string): Promise<Frame> {
    this.send({ type: 'subscribe', topic, ...(after ? { after } : {}) });
    return this.nextWhere((frame) => (frame.type === 'subscribed' || frame.type === 'error') && frame.topic === topic);
  }

  close(): void {
    this.socket.close();
  }
}

/** Listens on a free loopback port (once) and answers the app's ws:// base. */
export async function listening(t: TestApp): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `ws://127.0.0.1:${address.port}`;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const bound = t.app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('the test app is not listening');
  return `ws://127.0.0.1:${bound.port}`;
}

/** Opens a realtime socket to the test app (optionally signed in), with the headers given. */
export async function openSocket(
  t: TestApp,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<TestSocket> {
  const base = await listening(t);
  const socket = new WebSocket(`${base}/v1/realtime`, { headers: options.headers ?? {} });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const client = new TestSocket(socket);
  if (options.token) await client.auth(options.token);
  return client;
}

/** The status an upgrade was refused with (the socket never opened). */
export async function refusedUpgrade(t: TestApp, headers: Record<string, string>): Promise<number> {
  const base = await listening(t);
  const socket = new WebSocket(`${base}/v1/realtime`, { headers });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => reject(new Error('the socket opened')));
    socket.once('error', () => undefined);
  });
}
