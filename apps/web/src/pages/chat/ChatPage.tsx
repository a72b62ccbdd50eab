import { EmptyAreaPage } from '../../features/projects/ui/EmptyAreaPage';

/** `/chat` (route `chat.index`): the project's conversations. */
export function ChatPage() {
  return (
    <EmptyAreaPage
      title="Chat"
      permission="chat.read"
      empty={{
        title: 'No conversations yet',
        body: "Conversations with your team and the platform's support people appear here.",
        next: { route: 'core.support', label: 'Find answers in Support' },
      }}
    />
  );
}
