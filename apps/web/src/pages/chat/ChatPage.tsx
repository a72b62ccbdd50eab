import { useEffect, useRef, useState } from 'react';
import { useUser } from '../../features/accounts/api/session';
import type { Access } from '../../features/access/api/enforce';
import { useChannels, byLatest } from '../../features/chat/api/channels';
import { useCreateChannel } from '../../features/chat/api/create-channel';
import type { Channel } from '../../features/chat/api/types';
import { useChatSearch, useOpenChannel } from '../../features/chat/chat-search';
import { RealtimeProvider, useChannelEvents, useRealtimeStatus } from '../../features/chat/realtime/use-realtime';
import { ChannelList } from '../../features/chat/ui/ChannelList';
import { Conversation } from '../../features/chat/ui/Conversation';
import { DirectMessageDialog } from '../../features/chat/ui/DirectMessageDialog';
import { NewChannelDialog } from '../../features/chat/ui/NewChannelDialog';
import { ChannelsNotReady } from '../../features/chat/ui/ChannelsNotReady';
import { errorMessage } from '../../features/forms/form-errors';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/ListStates';
import { mediaQueries, useMediaQuery } from '../../ui/use-media-query';

/**
 * `/chat` (route `chat.index`): the project's channels beside the open conversation. `?channel=`
 * opens one (`support` finds or makes the project's support channel), `&message=` centres the
 * conversation on a message. On a phone the list and the conversation are two screens.
 */
export function ChatPage() {
  return (
    <ProjectPage title="Chat" permissions={['chat.read', 'chat.write', 'chat.manage']}>
      {(project, access) => (
        <RealtimeProvider>
          <Chat key={project.id} project={project} access={access} />
        </RealtimeProvider>
      )}
    </ProjectPage>
  );
}

function Chat({ project, access }: { project: Project; access: Access }) {
  const me = useUser()?.id ?? '';
  const channels = useChannels();
  const search = useChatSearch();
  const open = useOpenChannel(project.id);
  const wide = useMediaQuery(mediaQueries.md);
  const [creating, setCreating] = useState<'channel' | 'direct' | null>(null);
  const canWrite = access.can('chat.write');
  const live = useRealtimeStatus();

  const mine = (channels.data ?? []).filter((c) => c.projectId === project.id).sort(byLatest);
  useChannelEvents(mine.map((c) => c.id));
  const support = useSupportChannel(project.id, search.channel === 'support', open);
  const current = mine.find((c) => c.id === search.channel);

  if (!channels.data) return <ChannelsNotReady channels={channels} />;

  const select = (channel: Channel) => open(channel.id);
  const showList = wide || !search.channel;
  const showConversation = wide || Boolean(search.channel);

  return (
    <div className="flex h-[calc(100dvh-12rem)] min-h-96 overflow-hidden rounded-xl border border-border">
      {showList && (
        <aside
          className={cx('flex flex-col gap-3 overflow-y-auto border-border p-2', wide ? 'w-64 border-r' : 'w-full')}
        >
          {canWrite && (
            <div className="flex gap-2">
              <Button size="small" variant="secondary" onClick={() => setCreating('channel')}>
                New channel
              </Button>
              <Button size="small" variant="secondary" onClick={() => setCreating('direct')}>
                New message
              </Button>
            </div>
          )}
          {live === 'offline' && (
            <p role="status" className="rounded-md bg-warning-soft px-2 py-1 text-xs">
              Offline: reconnecting… New messages show once the connection is back.
            </p>
          )}
          {mine.length === 0 ? (
            <EmptyState title="No conversations yet">
              {canWrite ? 'Create a channel or message a member to start one.' : 'Channels you join appear here.'}
            </EmptyState>
          ) : (
            <ChannelList channels={mine} selected={current?.id} onSelect={select} />
          )}
        </aside>
      )}
      {showConversation && (
        <div className="flex min-w-0 flex-1 flex-col">
          {current ? (
            <Conversation
              channel={current}
              me={me}
              around={search.message ?? null}
              onJump={(message) => open(current.id, message)}
              onLatest={() => open(current.id)}
              onBack={wide ? undefined : () => open(null)}
              canManage={access.can('chat.manage')}
              canWrite={canWrite}
              onGone={() => open(null)}
            />
          ) : search.channel === 'support' ? (
            support.error ? (
              <Alert tone="danger" title="The support conversation could not be opened" className="m-4">
                {errorMessage(support.error)}
              </Alert>
            ) : (
              <p className="p-6 text-sm text-muted">Opening the support conversation…</p>
            )
          ) : search.channel ? (
            <div className="p-6">
              <EmptyState title="This conversation is not available">
                It may have been deleted, or you are no longer one of its members.
              </EmptyState>
              {!wide && (
                <Button variant="secondary" className="mt-3" onClick={() => open(null)}>
                  Back to conversations
                </Button>
              )}
            </div>
          ) : (
            <div className="grid flex-1 place-items-center p-6 text-sm text-muted">Choose a conversation.</div>
          )}
        </div>
      )}
      <NewChannelDialog
        project={project.id}
        open={creating === 'channel'}
        onOpenChange={(next) => setCreating(next ? 'channel' : null)}
        onCreated={(channel) => {
          setCreating(null);
          select(channel);
        }}
      />
      <DirectMessageDialog
        project={project.id}
        me={me}
        open={creating === 'direct'}
        onOpenChange={(next) => setCreating(next ? 'direct' : null)}
        onStarted={(channel) => {
          setCreating(null);
          select(channel);
        }}
      />
    </div>
  );
}

/**
 * `?channel=support`: asks the server for the project's support channel (made on first ask, the
 * existing one after) and replaces the parameter with its id, so the URL names the channel.
 */
function useSupportChannel(project: string, wanted: boolean, open: ReturnType<typeof useOpenChannel>) {
  const create = useCreateChannel(project);
  const asked = useRef(false);
  const { mutate } = create;
  useEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    mutate({ kind: 'support' }, { onSuccess: (channel) => open(channel.id, undefined, { replace: true }) });
  }, [wanted, mutate, open]);
  return create;
}
