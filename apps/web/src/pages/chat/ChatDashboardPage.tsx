import { EmptyAreaPage } from '../../features/projects/ui/EmptyAreaPage';

/** `/chat/dashboard` (route `chat.dashboard`): the conversations being followed, and who waits for an answer. */
export function ChatDashboardPage() {
  return (
    <EmptyAreaPage
      title="Chat dashboard"
      permission="chat.read"
      empty={{
        title: 'No conversations to follow yet',
        body: 'Open conversations and who is waiting for an answer show here once the first one starts.',
        next: { route: 'chat.index', label: 'Go to chat' },
      }}
    />
  );
}
