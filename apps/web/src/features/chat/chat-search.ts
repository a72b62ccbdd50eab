import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { pathOf } from '../../app/navigation';
import { searchString } from '../../app/search';

/**
 * The chat page's own search parameters: `channel` (an id, or `support` for the project's support
 * channel) and `message` (a message to open the conversation centred on). They live beside the
 * root's parameters in the URL, so a link, a notification or a search result can point at them.
 */
export interface ChatSearch {
  channel: string | undefined;
  message: string | undefined;
}

export function useChatSearch(): ChatSearch {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const pathname = useLocation({ select: (location) => location.pathname });
  const channel = searchString(search.channel);
  // `/chat/support` (Support → Chat) is the chat page asked for the support channel.
  const support = pathname.replace(/\/+$/, '') === pathOf('chat.support');
  return { channel: channel ?? (support ? 'support' : undefined), message: searchString(search.message) };
}

/** Opens a channel of the project (and a message in it), or the list (`channel` null, on phones). */
export function useOpenChannel(project: string) {
  const navigate = useNavigate();
  return useCallback(
    (channel: string | null, message?: string, options: { replace?: boolean } = {}) =>
      void navigate({
        to: pathOf('chat.index'),
        search: { project, ...(channel ? { channel } : {}), ...(channel && message ? { message } : {}) },
        ...(options.replace ? { replace: true } : {}),
      }),
    [navigate, project],
  );
}
