import { CHAT_MESSAGE_MAX } from '@wharf/contract';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { cx } from '../../../ui/cx';
import { formatDateTime, formatTime } from '../../../ui/dates';
import { nudge } from '../../toasts/toasts';
import { errorMessage } from '../../forms/form-errors';
import { useDownloadFile } from '../../drive/api/download-file';
import { useDeleteMessage } from '../api/delete-message';
import { useToggleReaction } from '../api/toggle-reaction';
import { useMessage } from '../api/message';
import { useUpdateMessage } from '../api/update-message';
import type { Message } from '../api/types';
import { Markdown } from '../markdown/markdown';
import { ClipGlyph } from './glyphs';

// The picker and its emoji come when someone first reacts, not with the conversation.
const EmojiPicker = lazy(() => import('./EmojiPicker').then((m) => ({ default: m.EmojiPicker })));

export interface MessageItemProps {
  message: Message;
  projectId: string;
  me: string;
  /** How many of the channel's other members read this far (read-by on hover); unknown while loading. */
  readBy: number | undefined;
  mentionNames: readonly string[];
  /** Archived channels take no reactions, edits or deletes. */
  readOnly: boolean;
  highlighted: boolean;
  /** The message this one answers, when it is in the loaded window (else it is fetched). */
  original?: Message | undefined;
  /** Answer this message (the composer shows what is answered). */
  onReply?: ((message: Message) => void) | undefined;
  /** Open the conversation centred on a message (the original of a reply). */
  onJump?: ((message: string) => void) | undefined;
}

/** One message: who and when, the text, attachments, reactions, and its actions on hover or focus. */
export function MessageItem({
  message,
  projectId,
  me,
  readBy,
  mentionNames,
  readOnly,
  highlighted,
  original,
  onReply,
  onJump,
}: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [picking, setPicking] = useState(false);
  const remove = useDeleteMessage(message.channelId);
  const react = useToggleReaction(message.channelId);
  const own = message.author?.id === me;
  const author = message.author?.name ?? 'Former member';

  const toggle = (emoji: string) =>
    react.mutate({ message, emoji }, { onError: (error) => nudge({ message: errorMessage(error), level: 'danger' }) });

  return (
    <article
      aria-label={`${author} at ${formatTime(message.createdAt)}`}
      className={cx(
        'group relative px-4 py-1.5 hover:bg-surface-raised focus-within:bg-surface-raised',
        highlighted && 'bg-warning-soft',
      )}
    >
      <header className="flex items-baseline gap-2 text-sm">
        <span className="font-semibold">{author}</span>
        <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)} className="text-xs text-muted">
          {formatTime(message.createdAt)}
        </time>
        {message.editedAt && !message.deleted && <span className="text-xs text-muted">(edited)</span>}
        {readBy !== undefined && !message.deleted && (
          <span className="invisible text-xs text-muted group-hover:visible group-focus-within:visible">
            {readBy === 0 ? 'Not read yet' : `Read by ${readBy}`}
          </span>
        )}
      </header>
      {message.replyTo && !message.deleted && (
        <ReplyQuote channel={message.channelId} id={message.replyTo} loaded={original} onJump={onJump} />
      )}
      {message.deleted ? (
        <p className="text-sm text-muted italic">This message was deleted.</p>
      ) : editing ? (
        <EditMessage message={message} onDone={() => setEditing(false)} />
      ) : (
        <div className="text-sm">
          <Markdown text={message.text} mentionNames={mentionNames} />
        </div>
      )}
      {!message.deleted && message.attachments.length > 0 && <Attachments message={message} projectId={projectId} />}
      {!message.deleted && message.reactions.length > 0 && (
        <ul aria-label="Reactions" className="mt-1 flex flex-wrap gap-1">
          {message.reactions.map((r) => (
            <li key={r.emoji}>
              <button
                type="button"
                disabled={readOnly}
                aria-pressed={r.mine}
                aria-label={`${r.emoji} ${r.count}${r.mine ? ', yours' : ''}`}
                onClick={() => toggle(r.emoji)}
                className={cx(
                  'rounded-full border px-2 text-xs',
                  r.mine ? 'border-primary bg-primary-soft' : 'border-border',
                )}
              >
                {r.emoji} {r.count}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!message.deleted && !readOnly && !editing && (
        <div className="invisible absolute top-0 right-4 flex gap-1 rounded-md border border-border bg-surface p-0.5 shadow-sm group-hover:visible group-focus-within:visible">
          <Button size="small" variant="ghost" aria-label="Add reaction" onClick={() => setPicking((v) => !v)}>
            ☺+
          </Button>
          {onReply && (
            <Button size="small" variant="ghost" onClick={() => onReply(message)}>
              Reply
            </Button>
          )}
          {own && (
            <>
              <Button size="small" variant="ghost" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button size="small" variant="ghost" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            </>
          )}
        </div>
      )}
      {picking && (
        <div className="absolute top-8 right-4 z-dropdown">
          <Suspense fallback={<p className="rounded bg-surface p-2 text-xs">Loading emoji…</p>}>
            <EmojiPicker
              onPick={(emoji) => {
                setPicking(false);
                toggle(emoji);
              }}
              onClose={() => setPicking(false)}
            />
          </Suspense>
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this message?"
        confirmLabel="Delete message"
        pendingLabel="Deleting…"
        danger
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : undefined}
        onConfirm={() => remove.mutate(message.id, { onSuccess: () => setConfirmDelete(false) })}
        onCancel={() => setConfirmDelete(false)}
      >
        Everyone in the channel will see that a message was deleted, not what it said.
      </ConfirmDialog>
    </article>
  );
}

/** The first line of a message, shortened: what a quote or the composer's "replying to" shows. */
export function firstLine(text: string, max = 120): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  const plain = line.trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** "Alan: the first line" of the message answered; it opens the conversation centred on it. */
function ReplyQuote({
  channel,
  id,
  loaded,
  onJump,
}: {
  channel: string;
  id: string;
  loaded: Message | undefined;
  onJump: ((message: string) => void) | undefined;
}) {
  const fetched = useMessage(channel, id, loaded === undefined);
  const original = loaded ?? fetched.data;
  const author = original ? (original.author?.name ?? 'Former member') : null;
  const summary = !original
    ? fetched.isError
      ? 'Message not available'
      : 'Loading…'
    : original.deleted
      ? 'Deleted message'
      : firstLine(original.text);
  const label = original && !original.deleted ? `Reply to ${author}: ${summary}` : `Reply to: ${summary}`;
  return (
    <button
      type="button"
      aria-label={label}
      title="Show the message answered"
      onClick={() => onJump?.(id)}
      disabled={!onJump}
      className="my-0.5 flex max-w-full min-w-0 items-baseline gap-1 rounded border-l-2 border-primary bg-surface-raised px-2 py-0.5 text-left text-xs text-muted hover:text-text"
    >
      <span aria-hidden="true">↪</span>
      {original && !original.deleted && <span className="shrink-0 font-semibold">{author}</span>}
      <span className={cx('min-w-0 truncate', original?.deleted && 'italic')}>{summary}</span>
    </button>
  );
}

function EditMessage({ message, onDone }: { message: Message; onDone: () => void }) {
  const [text, setText] = useState(message.text);
  const update = useUpdateMessage(message.channelId);
  const tooLong = text.length > CHAT_MESSAGE_MAX;
  const save = () => {
    if (!text.trim() || tooLong) return;
    if (text === message.text) return onDone();
    update.mutate({ message: message.id, text }, { onSuccess: onDone });
  };
  return (
    <div className="grid gap-1">
      <textarea
        aria-label="Edit message"
        value={text}
        autoFocus
        rows={Math.min(8, text.split('\n').length + 1)}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            save();
          }
        }}
        className="w-full rounded-md border border-border bg-background p-2 text-sm"
      />
      {update.error && <p className="text-xs text-danger">{errorMessage(update.error)}</p>}
      {tooLong && <p className="text-xs text-danger">A message holds at most 16,000 characters.</p>}
      <div className="flex gap-2">
        <Button size="small" onClick={save} disabled={update.isPending || tooLong || !text.trim()}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button size="small" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Drive files of the channel's project; a download goes through the API (it needs the bearer token). */
function Attachments({ message, projectId }: { message: Message; projectId: string }) {
  const download = useDownloadFile(projectId);
  return (
    <ul aria-label="Attachments" className="mt-1 flex flex-wrap gap-2">
      {message.attachments.map((file) => (
        <li key={file.id}>
          <button
            type="button"
            onClick={() =>
              download.mutate(file, {
                onError: (error) =>
                  nudge({ message: `${file.name} could not be downloaded. ${errorMessage(error)}`, level: 'danger' }),
              })
            }
            className="inline-flex items-center gap-1 rounded-md border border-border px-2 py-1 text-xs hover:bg-surface-raised"
          >
            <ClipGlyph /> {file.name} · {formatSize(file.size)}
          </button>
        </li>
      ))}
    </ul>
  );
}
