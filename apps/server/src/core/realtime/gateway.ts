import type { WebSocket } from 'ws';
import type { RealtimeBus, RealtimeEvent } from './bus.js';
import { RealtimeConnection } from './connection.js';

/** Who is on the other end of a socket, from the bearer token it authenticated with. */
export interface SocketUser {
  userId: string;
  /** The session the token was minted from: the socket closes when it ends. */
  sessionId: string;
  /** When the token stops working (seconds since the epoch): the socket closes then unless it authenticates again. */
  tokenExpiresAt: number;
}

/** How a socket proves who it is: the API's own bearer tokens (set by app.ts from the accounts module). */
export type SocketAuthenticator = (token: string) => Promise<SocketUser | null>;

/**
 * Who may hear the topics of one family (`chat:{channelId}`): the module that publishes them says.
 * Asked on every subscription, again whenever the socket authenticates again (every few minutes,
 * as bearer tokens are short-lived), and again after an event that may have changed the answer.
 */
export interface TopicAuthority {
  mayListen(user: SocketUser, id: string): Promise<boolean>;
  /**
   * Whether an event of the topic may have taken the topic away from this user (removed from a
   * channel, the channel deleted): the socket then delivers nothing more of it until asked again.
   */
  changesAccess?(data: object, userId: string): boolean;
  /** The user says they are typing in the topic; throws when they may not write there. */
  typing?(user: SocketUser, id: string): Promise<void>;
}

/** What modules are handed (SharedParts.realtime): publish events, and say who may hear a family of topics. */
export interface Realtime {
  /** Publishes after the change committed; a failure is logged, never thrown at the caller (the change stands). */
  publish(topic: string, data: object): void;
  define(family: string, authority: TopicAuthority): void;
}

/** How often every socket is looked at: expired tokens close within this. */
const TICK_MS = 5_000;
/** Every this many ticks, sockets are pinged (and those that did not answer the last ping dropped). */
const PING_EVERY_TICKS = 6;

export interface GatewayOptions {
  log(message: string, details?: unknown): void;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}

/**
 * The realtime sockets of one server process (decision 033): each `RealtimeConnection` runs the
 * protocol of packages/contract's realtime.ts for one socket; the gateway holds what they share —
 * the bus, the topic authorities, how tokens are checked — and finds the sockets of a session that
 * ended. Events reach every process through the bus, so a socket may be on any server.
 */
export class RealtimeGateway implements Realtime {
  private readonly authorities = new Map<string, TopicAuthority>();
  private readonly connections = new Set<RealtimeConnection>();
  /** An event's frame is written once, whatever the number of sockets it goes to. */
  private readonly frames = new WeakMap<RealtimeEvent, Buffer>();
  private authenticator: SocketAuthenticator | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private ticks = 0;
  readonly now: () => number;

  constructor(
    readonly bus: RealtimeBus,
    private readonly options: GatewayOptions,
  ) {
    this.now = options.now ?? Date.now;
    // Everyone hears their own user topic (the socket joins it on authenticating), and nobody else's.
    this.define('user', { mayListen: async (user, id) => user.userId === id });
  }

  define(family: string, authority: TopicAuthority): void {
    if (this.authorities.has(family)) throw new Error(`Realtime topics ${family}: are defined twice`);
    this.authorities.set(family, authority);
  }

  publish(topic: string, data: object): void {
    this.bus
      .publish(topic, data)
      .catch((error: unknown) => this.log(`realtime event on ${topic} not published`, error));
  }

  useAuthenticator(authenticator: SocketAuthenticator): void {
    this.authenticator = authenticator;
  }

  authenticate(token: string): Promise<SocketUser | null> {
    if (!this.authenticator) throw new Error('The realtime gateway has no authenticator: app.ts must give it one');
    return this.authenticator(token);
  }

  /** The authority of a topic's family, with the id after the colon; undefined for a family nobody defined. */
  authorityOf(topic: string): { authority: TopicAuthority; id: string } | undefined {
    const colon = topic.indexOf(':');
    const authority = this.authorities.get(topic.slice(0, colon));
    return authority ? { authority, id: topic.slice(colon + 1) } : undefined;
  }

  /**
   * The text frame of an event, made on first need and shared by every socket it goes to: as UTF-8
   * bytes, so a thousand sockets cost one encoding, not a thousand.
   */
  frameOf(event: RealtimeEvent): Buffer {
    let frame = this.frames.get(event);
    if (frame === undefined) {
      const text = JSON.stringify({ type: 'event', topic: event.topic, id: event.id, at: event.at, data: event.data });
      frame = Buffer.from(text);
      this.frames.set(event, frame);
    }
    return frame;
  }

  /** Runs the protocol on a socket that just opened; it forgets itself when it closes. */
  accept(socket: WebSocket): void {
    const connection = new RealtimeConnection(socket, this);
    this.connections.add(connection);
    if (!this.ticker) {
      this.ticker = setInterval(() => this.tick(), TICK_MS);
      this.ticker.unref();
    }
    socket.once('close', () => this.connections.delete(connection));
    connection.start();
  }

  /** Sessions that ended (sign-out, password change, revoked on another process): their sockets close now. */
  endSessions(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    const ended = new Set(sessionIds);
    for (const connection of this.connections) {
      if (connection.sessionId !== undefined && ended.has(connection.sessionId)) connection.sessionEnded();
    }
  }

  /** Looks at every socket (run every TICK_MS; tests call it after moving the clock). */
  tick(): void {
    this.ticks += 1;
    const now = this.now();
    const ping = this.ticks % PING_EVERY_TICKS === 0;
    for (const connection of this.connections) connection.tick(now, ping);
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  log(message: string, details?: unknown): void {
    this.options.log(message, details);
  }

  async close(): Promise<void> {
    clearInterval(this.ticker);
    for (const connection of this.connections) connection.shutDown();
    await this.bus.close();
  }
}
