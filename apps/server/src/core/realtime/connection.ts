import { REALTIME_AUTH_TIMEOUT_MS, REALTIME_CLOSE, RealtimeClientFrame } from '@wharf/contract';
import { WebSocket, type RawData } from 'ws';
import { compareEventIds, type RealtimeEvent } from './bus.js';
import type { RealtimeGateway, SocketUser } from './gateway.js';

/** Topics one socket may hear at once (a person in many channels subscribes to each). */
export const MAX_SUBSCRIPTIONS = 500;
/** Past this much unsent, the client reads too slowly: it is closed, and catches up when it reconnects. */
export const MAX_BUFFERED_BYTES = 1 << 20;
/**
 * Frames a client may send: a burst, refilled at a steady rate (typing, subscriptions, pings). The
 * burst lets a console that (re)connects subscribe to every channel it shows at once.
 */
const FRAME_BURST = MAX_SUBSCRIPTIONS + 100;
const FRAMES_PER_SECOND = 20;
/** Unreadable frames tolerated before the socket is closed (a client that speaks another protocol). */
const MAX_BAD_FRAMES = 5;
/** A typing frame is passed on at most this often per topic. */
const TYPING_EVERY_MS = 2_000;
/** Events read from the history per round trip when catching up. */
const REPLAY_PAGE = 500;

interface Subscription {
  stop: () => void;
  /** The newest event sent, so one heard both live and in the history goes out once. */
  lastSentId?: string;
  /**
   * Whether events may come out of order or twice: while catching up, the history and the live
   * events overlap. Once caught up, the bus hands a topic's events over in order, once each.
   */
  overlapping: boolean;
  /** Events held while the subscription catches up, or while access is asked again. */
  held?: RealtimeEvent[];
}

/**
 * One socket's side of the realtime protocol (packages/contract's realtime.ts, decision 033).
 * Frames are handled one after another, in the order they came, so a subscribe followed by an
 * unsubscribe never ends subscribed.
 */
export class RealtimeConnection {
  private user: SocketUser | undefined;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly lastTyping = new Map<string, number>();
  private queue: Promise<void> = Promise.resolve();
  private authTimer: NodeJS.Timeout | undefined;
  private answeredPing = true;
  private badFrames = 0;
  private allowance = FRAME_BURST;
  private refilledAt: number;

  constructor(
    private readonly socket: WebSocket,
    private readonly gateway: RealtimeGateway,
  ) {
    this.refilledAt = gateway.now();
  }

  get sessionId(): string | undefined {
    return this.user?.sessionId;
  }

  start(): void {
    this.socket.on('message', (raw, isBinary) => this.receive(raw, isBinary));
    this.socket.on('pong', () => (this.answeredPing = true));
    this.socket.once('close', () => this.stop());
    this.socket.on('error', (error) => this.gateway.log('realtime socket error', error));
    this.authTimer = setTimeout(
      () => this.close(REALTIME_CLOSE.unauthenticated, 'Authenticate within 10 seconds.'),
      REALTIME_AUTH_TIMEOUT_MS,
    );
  }

  /**
   * The gateway's regular look at every socket: a token past its expiry closes it (unless a fresh
   * one came), and with `ping`, a socket that did not answer the last ping is gone (a phone that
   * lost its network) and the others are pinged again.
   */
  tick(now: number, ping: boolean): void {
    if (this.user && this.user.tokenExpiresAt * 1000 <= now) {
      return this.close(REALTIME_CLOSE.unauthenticated, 'The token expired. Authenticate again.');
    }
    if (ping) this.ping();
  }

  sessionEnded(): void {
    this.close(REALTIME_CLOSE.unauthenticated, 'The session ended. Sign in again.');
  }

  shutDown(): void {
    this.close(1001, 'The server is restarting. Reconnect.');
  }

  private receive(raw: RawData, isBinary: boolean): void {
    if (!this.spend()) return this.close(REALTIME_CLOSE.protocol, 'Too many frames. Slow down.');
    const frame = isBinary ? undefined : readFrame(raw);
    if (!frame?.success) {
      const message = frame?.error ?? 'Frames are JSON text.';
      this.badFrames += 1;
      if (this.badFrames > MAX_BAD_FRAMES) return this.close(REALTIME_CLOSE.protocol, 'Too many unreadable frames.');
      return this.send({ type: 'error', code: 'BAD_FRAME', message });
    }
    const data = frame.data;
    if (!this.user && data.type !== 'auth') {
      return this.close(REALTIME_CLOSE.unauthenticated, 'Authenticate first: send your token in an auth frame.');
    }
    this.queue = this.queue
      .then(() => this.handle(data))
      .catch((error: unknown) => {
        this.gateway.log('realtime frame failed', error);
        this.send({ type: 'error', code: 'INTERNAL_ERROR', message: 'Something went wrong. Try again.' });
      });
  }

  private async handle(frame: RealtimeClientFrame): Promise<void> {
    if (this.closed) return;
    switch (frame.type) {
      case 'auth':
        return this.authenticate(frame.token);
      case 'subscribe':
        return this.subscribe(frame.topic, frame.after);
      case 'unsubscribe':
        this.drop(frame.topic);
        return this.send({ type: 'unsubscribed', topic: frame.topic, reason: 'asked' });
      case 'typing':
        return this.typing(frame.topic);
      case 'ping':
        return this.send({ type: 'pong' });
    }
  }

  /**
   * First: who the socket is. Again (a fresh token before the last expires): the socket stays open,
   * and every topic it hears is asked again, so rights taken away end within a token's life.
   */
  private async authenticate(token: string): Promise<void> {
    let user: SocketUser | null;
    try {
      user = await this.gateway.authenticate(token);
    } catch {
      user = null;
    }
    if (!user) return this.close(REALTIME_CLOSE.unauthenticated, 'The token is not valid. Sign in again.');
    if (this.user && this.user.userId !== user.userId) {
      return this.close(REALTIME_CLOSE.unauthenticated, 'A socket stays with the person who opened it.');
    }
    const again = this.user !== undefined;
    this.user = user;
    clearTimeout(this.authTimer);
    this.send({ type: 'ready', userId: user.userId, tokenExpiresAt: user.tokenExpiresAt });
    if (again) {
      await Promise.all([...this.subscriptions].map(([topic, subscription]) => this.askAgain(topic, subscription)));
    } else {
      await this.subscribe(`user:${user.userId}`, undefined);
    }
  }

  /**
   * Listens first, then reads what it missed (or the newest id), then sends what arrived meanwhile:
   * nothing published in between is lost, and nothing goes out twice.
   */
  private async subscribe(topic: string, after: string | undefined): Promise<void> {
    const user = this.user!;
    this.drop(topic);
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      return this.send({
        type: 'error',
        code: 'TOO_MANY_SUBSCRIPTIONS',
        message: `A socket hears at most ${MAX_SUBSCRIPTIONS} topics at once.`,
        topic,
      });
    }
    if (!(await this.mayListen(user, topic))) {
      return this.send({
        type: 'error',
        code: 'TOPIC_NOT_FOUND',
        message: 'There is no such topic, or you may not hear it.',
        topic,
      });
    }
    if (this.closed || this.subscriptions.has(topic)) return;
    const subscription: Subscription = { stop: () => undefined, held: [], overlapping: true };
    subscription.stop = this.gateway.bus.subscribe(topic, (event) => this.deliver(topic, subscription, event), {
      onGap: () => this.send({ type: 'reload', topic }),
    });
    this.subscriptions.set(topic, subscription);
    await this.gateway.bus.ready();
    if (after === undefined) {
      const latest = await this.gateway.bus.latest(topic);
      if (latest !== null) subscription.lastSentId = latest;
      this.send({ type: 'subscribed', topic, lastEventId: latest });
    } else {
      this.send({ type: 'subscribed', topic, lastEventId: after });
      await this.catchUp(topic, subscription, after);
    }
    this.release(topic, subscription);
  }

  private async catchUp(topic: string, subscription: Subscription, after: string): Promise<void> {
    let cursor = after;
    subscription.lastSentId = after;
    for (;;) {
      const events = await this.gateway.bus.since(topic, cursor, REPLAY_PAGE);
      if (this.subscriptions.get(topic) !== subscription) return;
      if (events === 'too-old') return this.send({ type: 'reload', topic });
      for (const event of events) this.sendEvent(subscription, event);
      if (events.length < REPLAY_PAGE) return;
      cursor = events.at(-1)!.id;
    }
  }

  private deliver(topic: string, subscription: Subscription, event: RealtimeEvent): void {
    if (subscription.held) {
      subscription.held.push(event);
      return;
    }
    this.sendEvent(subscription, event);
    const found = this.gateway.authorityOf(topic);
    if (this.user && found?.authority.changesAccess?.(event.data, this.user.userId)) {
      void this.askAgain(topic, subscription);
    }
  }

  /** Asks the topic's authority again; meanwhile its events wait. Access gone: the subscription ends. */
  private async askAgain(topic: string, subscription: Subscription): Promise<void> {
    subscription.held ??= [];
    let allowed = false;
    try {
      allowed = await this.mayListen(this.user!, topic);
    } catch (error) {
      this.gateway.log(`realtime access to ${topic} not asked again; the subscription ends`, error);
    }
    if (this.subscriptions.get(topic) !== subscription) return;
    if (!allowed) {
      this.drop(topic);
      return this.send({ type: 'unsubscribed', topic, reason: 'access' });
    }
    this.release(topic, subscription);
  }

  private release(topic: string, subscription: Subscription): void {
    if (this.subscriptions.get(topic) !== subscription) return;
    const held = subscription.held ?? [];
    subscription.held = undefined;
    for (const event of held) this.deliver(topic, subscription, event);
    subscription.overlapping = false;
  }

  private sendEvent(subscription: Subscription, event: RealtimeEvent): void {
    if (
      subscription.overlapping &&
      subscription.lastSentId !== undefined &&
      compareEventIds(event.id, subscription.lastSentId) <= 0
    ) {
      return;
    }
    subscription.lastSentId = event.id;
    this.write(this.gateway.frameOf(event));
  }

  private async mayListen(user: SocketUser, topic: string): Promise<boolean> {
    const found = this.gateway.authorityOf(topic);
    return found !== undefined && (await found.authority.mayListen(user, found.id));
  }

  private async typing(topic: string): Promise<void> {
    const now = this.gateway.now();
    if (now - (this.lastTyping.get(topic) ?? -Infinity) < TYPING_EVERY_MS) return;
    this.lastTyping.set(topic, now);
    const found = this.gateway.authorityOf(topic);
    if (!found?.authority.typing) {
      return this.send({ type: 'error', code: 'BAD_FRAME', message: 'Nobody can type in this topic.', topic });
    }
    try {
      await found.authority.typing(this.user!, found.id);
    } catch {
      this.send({ type: 'error', code: 'FORBIDDEN', message: 'You may not write in this channel.', topic });
    }
  }

  private drop(topic: string): void {
    const subscription = this.subscriptions.get(topic);
    if (!subscription) return;
    this.subscriptions.delete(topic);
    subscription.stop();
  }

  private send(frame: object): void {
    this.write(JSON.stringify(frame));
  }

  /** Text frames: a string, or the UTF-8 bytes of one (an event's frame, shared by its sockets). */
  private write(text: string | Buffer): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      return this.close(REALTIME_CLOSE.tooSlow, 'Too slow to read its events: reconnect and catch up.');
    }
    this.socket.send(text, { binary: false });
  }

  /** A token bucket: FRAME_BURST frames at once, FRAMES_PER_SECOND after. */
  private spend(): boolean {
    const now = this.gateway.now();
    this.allowance = Math.min(FRAME_BURST, this.allowance + ((now - this.refilledAt) / 1000) * FRAMES_PER_SECOND);
    this.refilledAt = now;
    if (this.allowance < 1) return false;
    this.allowance -= 1;
    return true;
  }

  private ping(): void {
    if (!this.answeredPing) {
      this.socket.terminate();
      return;
    }
    this.answeredPing = false;
    if (this.socket.readyState === WebSocket.OPEN) this.socket.ping();
  }

  private get closed(): boolean {
    return this.socket.readyState !== WebSocket.OPEN;
  }

  private close(code: number, reason: string): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(code, reason);
    }
    this.stop();
  }

  /** Stops every timer and leaves every topic (when the socket closes, for whatever reason). */
  private stop(): void {
    clearTimeout(this.authTimer);
    for (const topic of [...this.subscriptions.keys()]) this.drop(topic);
  }
}

/** A client frame read through the contract, or what is wrong with it. */
function readFrame(raw: RawData): { success: true; data: RealtimeClientFrame } | { success: false; error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString());
  } catch {
    return { success: false, error: 'Frames are JSON text.' };
  }
  const result = RealtimeClientFrame.safeParse(parsed);
  if (result.success) return { success: true, data: result.data };
  return { success: false, error: result.error.issues[0]?.message ?? 'This frame is not part of the protocol.' };
}
