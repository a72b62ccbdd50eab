import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTokens } from '../../accounts/use-auth';
import { applyRealtimeEvent, chatTopic, forgetChannel, reloadTopic, channelOfTopic } from './apply-event';
import { createRealtimeClient, realtimeUrl, type RealtimeClient, type RealtimeStatus } from './realtime-client';

interface RealtimeState {
  client: RealtimeClient | null;
  status: RealtimeStatus;
}

/** The connection and its status, for the components below the provider (useSyncExternalStore). */
function createRealtimeStore() {
  let state: RealtimeState = { client: null, status: 'connecting' };
  const listeners = new Set<() => void>();
  const set = (next: Partial<RealtimeState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  return {
    set,
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type RealtimeStore = ReturnType<typeof createRealtimeStore>;

const RealtimeContext = createContext<RealtimeStore | null>(null);

function useRealtimeState(): RealtimeState {
  const store = useContext(RealtimeContext);
  const subscribe = store?.subscribe ?? noSubscription;
  return useSyncExternalStore(subscribe, store?.get ?? offline);
}

const noSubscription = () => () => undefined;
const OFFLINE: RealtimeState = { client: null, status: 'offline' };
const offline = () => OFFLINE;

/**
 * One realtime connection for the chat screens while they are open: events go straight into the
 * query cache, so every list and window on screen stays current without polling.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const tokens = useTokens();
  const [store] = useState(createRealtimeStore);

  useEffect(() => {
    let me: string | null = null;
    const client = createRealtimeClient({
      url: realtimeUrl(),
      getToken: () => tokens.getToken(),
      refreshAt: () => tokens.peek()?.refreshAt ?? Infinity,
      onEvent: (topic, data) => applyRealtimeEvent(queryClient, topic, data, me),
      onReload: (topic) => reloadTopic(queryClient, topic),
      onAccessLost: (topic) => {
        const channel = channelOfTopic(topic);
        if (channel) forgetChannel(queryClient, channel);
      },
      onStatus: (status, userId) => {
        me = userId;
        store.set({ status });
      },
    });
    store.set({ client });
    return () => {
      client.close();
      store.set({ client: null });
    };
  }, [queryClient, tokens, store]);

  return <RealtimeContext value={store}>{children}</RealtimeContext>;
}

export function useRealtimeStatus(): RealtimeStatus {
  return useRealtimeState().status;
}

/** Hears the channels' events while the component showing them is mounted. */
export function useChannelEvents(channels: readonly string[]) {
  const { client } = useRealtimeState();
  // One effect per set of channels, not per render of a new array.
  const key = [...channels].sort().join(',');
  useEffect(() => {
    if (!client || !key) return;
    const topics = key.split(',').map(chatTopic);
    for (const topic of topics) client.subscribe(topic);
    return () => {
      for (const topic of topics) client.unsubscribe(topic);
    };
  }, [client, key]);
}

/** Tells the channel the person is typing (throttled by the client). */
export function useTypingSignal(channel: string): () => void {
  const { client } = useRealtimeState();
  return () => client?.typing(chatTopic(channel));
}
