import {
  REALTIME_CLOSE,
  RealtimeServerFrame,
  type ChatEvent,
  type RealtimeClientFrame,
  type UserEvent,
} from '@wharf/contract';

/** The part of the browser's WebSocket the client uses (tests hand it a fake). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export type RealtimeStatus = 'connecting' | 'ready' | 'offline';

export interface RealtimeHandlers {
  /** An event of a topic (`chat:{id}` or `user:{id}`). */
  onEvent(topic: string, data: ChatEvent | UserEvent): void;
  /** The events since the last one seen are gone: reload the topic's data from the API. */
  onReload(topic: string): void;
  /** The server stopped the topic because access to it ended (removed, channel deleted). */
  onAccessLost?(topic: string): void;
  onStatus?(status: RealtimeStatus, userId: string | null): void;
}

export interface RealtimeOptions extends RealtimeHandlers {
  url: string;
  /** The API's bearer token: the held one or a fresh one (features/accounts/token-store.ts). */
  getToken(): Promise<string>;
  /** When (ms, this clock) the token store will have a newer token than `token`. */
  refreshAt?(token: string): number;
  socket?: SocketFactory;
  /** Waits before reconnect attempt n (1-based). */
  backoff?(attempt: number): number;
  /** Pings keep proxies from closing an idle socket. */
  pingEveryMs?: number;
}

const OPEN = 1;
/** Typing frames are sent at most this often per topic (the protocol says every few seconds). */
export const TYPING_EVERY_MS = 3000;
export const DEFAULT_PING_MS = 25_000;

/** 1, 2, 4, 8, 16, then 30 s, each up to a fifth longer so clients do not return in step. */
export function defaultBackoff(attempt: number): number {
  const base = Math.min(30_000, 1000 * 2 ** (attempt - 1));
  return base + Math.floor(Math.random() * base * 0.2);
}

/** `/v1/realtime` on the page's origin, `wss:` under https. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/v1/realtime`;
}

/**
 * The console's realtime connection (contract schemas/realtime.ts). It authenticates with the API's
 * bearer token and again with each newer one, keeps the topics it was asked for subscribed across
 * reconnects (catching up from the last event id of each), and reconnects with back-off. Frames are
 * read through the contract's schema; one it cannot read is ignored rather than trusted.
 */
export function createRealtimeClient(options: RealtimeOptions) {
  const makeSocket: SocketFactory = options.socket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  const backoff = options.backoff ?? defaultBackoff;
  const wanted = new Set<string>();
  const lastEventIds = new Map<string, string>();
  const lastTyping = new Map<string, number>();
  let socket: SocketLike | null = null;
  let ready = false;
  let userId: string | null = null;
  let sentToken: string | null = null;
  let attempt = 0;
  let closed = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  function send(frame: RealtimeClientFrame) {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(frame));
  }

  function status(next: RealtimeStatus) {
    options.onStatus?.(next, userId);
  }

  function subscribeFrame(topic: string): RealtimeClientFrame {
    const after = lastEventIds.get(topic);
    return after ? { type: 'subscribe', topic, after } : { type: 'subscribe', topic };
  }

  async function authenticate(current: SocketLike) {
    let token: string;
    try {
      token = await options.getToken();
    } catch {
      // No token (the session is over: the token store sends the person to login); try later.
      if (socket === current) current.close();
      return;
    }
    if (socket !== current || closed) return;
    sentToken = token;
    send({ type: 'auth', token });
    scheduleRefresh(current, token);
  }

  /** Sends the next token once the store has one, so the socket outlives each token. */
  function scheduleRefresh(current: SocketLike, token: string) {
    clearTimeout(refreshTimer);
    const at = options.refreshAt?.(token);
    if (at === undefined || !Number.isFinite(at)) return;
    refreshTimer = setTimeout(
      () => {
        void options.getToken().then(
          (fresh) => {
            if (socket !== current || closed) return;
            if (fresh !== sentToken) {
              sentToken = fresh;
              send({ type: 'auth', token: fresh });
            }
            scheduleRefresh(current, fresh);
          },
          () => undefined,
        );
      },
      // A little after the store's own refresh, so the token asked for is the new one.
      Math.max(1000, at - Date.now() + 500),
    );
  }

  function handle(raw: unknown) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(raw));
    } catch {
      return;
    }
    const result = RealtimeServerFrame.safeParse(parsed);
    if (!result.success) return;
    const frame = result.data;
    switch (frame.type) {
      case 'ready': {
        const first = !ready;
        ready = true;
        userId = frame.userId;
        attempt = 0;
        // A repeated `ready` answers a re-sent auth: the subscriptions still stand.
        if (first) for (const topic of wanted) send(subscribeFrame(topic));
        status('ready');
        return;
      }
      case 'subscribed':
        if (frame.lastEventId && !lastEventIds.has(frame.topic)) lastEventIds.set(frame.topic, frame.lastEventId);
        return;
      case 'unsubscribed':
        if (frame.reason === 'access') {
          wanted.delete(frame.topic);
          lastEventIds.delete(frame.topic);
          options.onAccessLost?.(frame.topic);
        }
        return;
      case 'reload':
        lastEventIds.delete(frame.topic);
        options.onReload(frame.topic);
        return;
      case 'event':
        lastEventIds.set(frame.topic, frame.id);
        options.onEvent(frame.topic, frame.data);
        return;
      default:
        return;
    }
  }

  function connect() {
    if (closed) return;
    ready = false;
    status('connecting');
    const current = makeSocket(options.url);
    socket = current;
    current.onopen = () => void authenticate(current);
    current.onmessage = (event) => {
      if (socket === current) handle(event.data);
    };
    current.onerror = () => undefined;
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      ready = false;
      clearTimeout(refreshTimer);
      if (closed) return;
      status('offline');
      // Too slow to read: catch up at once; anything else waits longer each time.
      attempt += 1;
      const wait = event.code === REALTIME_CLOSE.tooSlow ? 0 : backoff(attempt);
      reconnectTimer = setTimeout(connect, wait);
    };
  }

  connect();
  const pingEvery = options.pingEveryMs ?? DEFAULT_PING_MS;
  if (pingEvery > 0) pingTimer = setInterval(() => ready && send({ type: 'ping' }), pingEvery);

  return {
    /** Hear a topic from now on, and again after every reconnect. */
    subscribe(topic: string) {
      if (wanted.has(topic)) return;
      wanted.add(topic);
      if (ready) send(subscribeFrame(topic));
    },
    unsubscribe(topic: string) {
      if (!wanted.delete(topic)) return;
      lastEventIds.delete(topic);
      if (ready) send({ type: 'unsubscribe', topic });
    },
    /** Says the caller is typing in a topic, at most every few seconds. */
    typing(topic: string, now = Date.now()) {
      if (!ready) return;
      if (now - (lastTyping.get(topic) ?? -Infinity) < TYPING_EVERY_MS) return;
      lastTyping.set(topic, now);
      send({ type: 'typing', topic });
    },
    /** The last event id seen of a topic (to catch up from). */
    lastEventId: (topic: string) => lastEventIds.get(topic),
    close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearTimeout(refreshTimer);
      clearInterval(pingTimer);
      socket?.close(1000);
      socket = null;
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
