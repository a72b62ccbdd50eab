import { useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/Alert';
import { formatDateTime } from '../../../ui/dates';
import { errorMessage } from '../../forms/form-errors';
import { useSearchMessages } from '../api/search-messages';
import type { Message } from '../api/types';

/**
 * Searching the channel: words, and `from:`, `has:attachment`, `reaction:`, `before:`, `after:`.
 * A result opens the conversation centred on that message.
 */
export function SearchPanel({ channel, onOpen }: { channel: string; onOpen: (message: Message) => void }) {
  const [text, setText] = useState('');
  const [words, setWords] = useState('');
  const results = useSearchMessages(channel, words);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setWords(text.trim());
  };
  return (
    <section aria-label="Search this channel" className="grid gap-2 border-b border-border p-3">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <input
          type="search"
          aria-label="Search messages"
          placeholder="Words, from:email, has:attachment, reaction:👍, after:2026-01-31"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="min-w-0 flex-1 rounded-md border border-border bg-background px-2 py-1 text-sm"
        />
      </form>
      {words &&
        (results.isPending ? (
          <p className="text-xs text-muted">Searching…</p>
        ) : results.error ? (
          <Alert tone="danger">{errorMessage(results.error)}</Alert>
        ) : results.data.length === 0 ? (
          <p className="text-xs text-muted">No message matches “{words}”.</p>
        ) : (
          <ul aria-label="Search results" className="grid max-h-64 gap-1 overflow-y-auto">
            {results.data.map((message) => (
              <li key={message.id}>
                <button
                  type="button"
                  onClick={() => onOpen(message)}
                  className="grid w-full rounded-md p-2 text-left text-sm hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-focus"
                >
                  <span className="text-xs text-muted">
                    {message.author?.name ?? 'Former member'} · {formatDateTime(message.createdAt)}
                  </span>
                  <span className="line-clamp-2">{message.text}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
