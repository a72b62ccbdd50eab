import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_MAX, type DriveFile } from '@wharf/contract';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { ImagePicker } from '../../drive/ui/ImagePicker';
import { errorMessage } from '../../forms/form-errors';
import { useCreateMessage } from '../api/create-message';
import type { ChannelUser, Message } from '../api/types';
import { ClipGlyph } from './glyphs';
import { firstLine } from './MessageItem';
import { matchMembers, mentionedIds, mentionQueryAt } from './mentions';

/**
 * Writing a message: Markdown text (Enter sends, Shift+Enter starts a new line), `@` completes the
 * channel's members, images of the project's drive attach, and the length shows against the limit.
 */
export function Composer({
  project,
  channel,
  channelName,
  members,
  me,
  onTyping,
  onSent,
  replyTo = null,
  onCancelReply,
  canAttach = true,
}: {
  project: string;
  channel: string;
  channelName: string;
  members: readonly ChannelUser[];
  me: string;
  onTyping: () => void;
  onSent: () => void;
  /** The message being answered, shown above the box with a way to cancel. */
  replyTo?: Message | null;
  onCancelReply?: () => void;
  /** Attachments come from the project's drive: not for someone outside the project (platform staff). */
  canAttach?: boolean;
}) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [mentions, setMentions] = useState<Map<string, string>>(new Map());
  const [attachments, setAttachments] = useState<DriveFile[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes once a completed mention is in the box (set as the text is committed, not later).
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (placeCaret.current === null) return;
    input.current?.setSelectionRange(placeCaret.current, placeCaret.current);
    placeCaret.current = null;
  }, [text]);
  // Choosing a message to answer puts the caret in the box.
  const replyId = replyTo?.id;
  useEffect(() => {
    if (replyId) input.current?.focus();
  }, [replyId]);
  const send = useCreateMessage(project, channel);
  const listId = useId();
  const counterId = useId();

  const tooLong = text.length > CHAT_MESSAGE_MAX;
  const mention = mentionQueryAt(text, caret);
  const candidates =
    mention && dismissed !== mention.start
      ? matchMembers(
          members.filter((m) => m.userId !== me),
          mention.query,
        )
      : [];
  const suggesting = candidates.length > 0;

  function choose(member: ChannelUser) {
    if (!mention) return;
    const next = `${text.slice(0, mention.start)}@${member.name} ${text.slice(caret)}`;
    const at = mention.start + member.name.length + 2;
    setText(next);
    setMentions((m) => new Map(m).set(member.userId, member.name));
    setCaret(at);
    setActive(0);
    placeCaret.current = at;
  }

  function submit() {
    if (!text.trim() || tooLong || send.isPending) return;
    send.mutate(
      {
        text,
        mentions: mentionedIds(text, mentions),
        attachments: attachments.map((f) => f.id),
        ...(replyTo ? { replyTo: replyTo.id } : {}),
      },
      {
        onSuccess: () => {
          setText('');
          onCancelReply?.();
          setMentions(new Map());
          setAttachments([]);
          onSent();
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (suggesting) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + candidates.length) % candidates.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(candidates[Math.min(active, candidates.length - 1)]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(mention?.start ?? null);
        return;
      }
    }
    if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      onCancelReply?.();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <div className="relative border-t border-border p-3">
      {suggesting && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mention a member"
          className="absolute bottom-full left-3 z-dropdown mb-1 w-64 rounded-md border border-border bg-surface py-1 shadow-lg"
        >
          {candidates.map((member, i) => (
            <li
              key={member.userId}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(member);
              }}
              className={cx('cursor-pointer px-3 py-1 text-sm', i === active && 'bg-primary-soft')}
            >
              {member.name} <span className="text-xs text-muted">{member.email}</span>
            </li>
          ))}
        </ul>
      )}
      {replyTo && (
        <div
          role="status"
          aria-label="Replying to"
          className="mb-2 flex items-center gap-2 rounded-md border-l-2 border-primary bg-surface-raised px-2 py-1 text-xs"
        >
          <span className="min-w-0 flex-1 truncate">
            Replying to <span className="font-semibold">{replyTo.author?.name ?? 'Former member'}</span>
            <span className="text-muted">: {firstLine(replyTo.text)}</span>
          </span>
          <button
            type="button"
            aria-label="Cancel reply"
            onClick={() => {
              onCancelReply?.();
              input.current?.focus();
            }}
            className="shrink-0 rounded px-1 text-muted hover:text-text"
          >
            ×
          </button>
        </div>
      )}
      {attachments.length > 0 && (
        <ul aria-label="Attached files" className="mb-2 flex flex-wrap gap-2">
          {attachments.map((file) => (
            <li key={file.id} className="flex items-center gap-1 rounded-md border border-border px-2 py-0.5 text-xs">
              <ClipGlyph /> {file.name}
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                onClick={() => setAttachments((list) => list.filter((f) => f.id !== file.id))}
                className="text-muted hover:text-text"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        {canAttach && (
          <ImagePicker
            project={project}
            title="Attach an image"
            onPick={(file) =>
              setAttachments((list) =>
                list.some((f) => f.id === file.id) || list.length >= CHAT_ATTACHMENTS_MAX ? list : [...list, file],
              )
            }
            // A picture chosen, the next thing is writing (or sending): the focus goes to the text.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              input.current?.focus();
            }}
            trigger={
              <Button variant="ghost" aria-label="Attach an image from the drive">
                <ClipGlyph />
              </Button>
            }
          />
        )}
        <textarea
          ref={input}
          aria-label={`Message ${channelName}`}
          aria-describedby={counterId}
          aria-autocomplete="list"
          aria-controls={suggesting ? listId : undefined}
          aria-activedescendant={suggesting ? `${listId}-${active}` : undefined}
          aria-invalid={tooLong || undefined}
          placeholder={`Message ${channelName}`}
          rows={Math.min(6, text.split('\n').length)}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setDismissed(null);
            onTyping();
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          className="min-h-10 flex-1 resize-none rounded-md border border-border bg-background p-2 text-sm"
        />
        <Button onClick={submit} disabled={!text.trim() || tooLong || send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-xs">
        <span className="text-danger" role="alert">
          {send.error ? errorMessage(send.error) : tooLong ? 'A message holds at most 16,000 characters.' : ''}
        </span>
        <span id={counterId} className={cx('text-muted', tooLong && 'text-danger')}>
          {text.length.toLocaleString('en')} / {CHAT_MESSAGE_MAX.toLocaleString('en')}
        </span>
      </div>
    </div>
  );
}
