import { ApiError } from '@wharf/client';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AdminsOnly } from '../../features/accounts/ui/AdminsOnly';
import { Badge, SettingsHeader } from '../../features/accounts/ui/SettingsSection';
import { useUser } from '../../features/accounts/api/session';
import { formErrorsFrom } from '../../features/forms/form-errors';
import { pagedItems } from '../../features/lists/paged-list';
import { useOutboxQuery, type OutboxMail } from '../../features/mail/api/outbox';
import { MailText } from '../../features/mail/ui/MailText';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { formatDate, formatDateTime, formatTime } from '../../ui/dates';
import { LoadError, LoadMore } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { TextField } from '../../ui/TextField';

const INTRO = 'Without an SMTP server, mail stays here. Open a link to act on it, e.g. to reset a password.';
const ADMINS_ONLY = 'Only platform administrators can read the outbox.';

/** Under the lg breakpoint the viewer sits below the list, so choosing a mail scrolls to it. */
const STACKED_MEDIA = '(max-width: 1023.98px)';

/** A plain address is all the server matches (exactly, case-insensitively). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/** As a mail list says it: the time for today's mail, the day (the console's date format) for older mail. */
function compactTime(date: Date, now = new Date()): string {
  return date.toDateString() === now.toDateString() ? formatTime(date) : formatDate(date);
}

/** A moment in the user's locale; `compact` in lists, the full date and time on hover. */
function Time({ iso, compact = false }: { iso: string; compact?: boolean }) {
  const date = new Date(iso);
  const full = formatDateTime(date);
  return (
    <time dateTime={iso} title={compact ? full : undefined}>
      {compact ? compactTime(date) : full}
    </time>
  );
}

/**
 * `/admin/mail` (route `platform.mail.outbox`): the mail the platform sent or queued, newest first,
 * for platform administrators; without SMTP it is the only place a reset or invitation link shows.
 */
export function OutboxPage() {
  const user = useUser();
  if (!user) return null;
  if (!user.isAdmin) {
    return <AdminsOnly title="Outbox">{ADMINS_ONLY}</AdminsOnly>;
  }
  return (
    <>
      <SettingsHeader title="Outbox" description={INTRO} />
      <Outbox />
    </>
  );
}

function Outbox() {
  const [to, setTo] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<OutboxMail | null>(null);
  const outbox = useOutboxQuery(to, true);

  // Pages are newest first and keyset-paged; an id is still shown once should two pages overlap.
  const mails = pagedItems(outbox.data?.pages, (mail) => mail.id);

  if (outbox.isError && outbox.error instanceof ApiError && outbox.error.status === 403)
    return <AdminsOnly>{ADMINS_ONLY}</AdminsOnly>;

  return (
    <div className="grid gap-5">
      <RecipientFilter
        value={to}
        onChange={(next) => {
          setTo(next);
          setSelected(null);
        }}
        onRefresh={() => void outbox.refetch()}
        refreshing={outbox.isRefetching && !outbox.isFetchingNextPage}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
        <section aria-label="Mail list" className="min-w-0">
          {outbox.isPending ? (
            <Loading label="Loading mail…" />
          ) : !outbox.data ? (
            <LoadError
              title="The outbox could not be loaded"
              message={formErrorsFrom(outbox.error).message}
              onRetry={() => void outbox.refetch()}
              retrying={outbox.isFetching}
            />
          ) : mails.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border px-5 py-10 text-center text-sm text-muted">
              {to ? `No mail to ${to}.` : 'No mail yet.'}
            </p>
          ) : (
            <>
              <MailList mails={mails} selectedId={selected?.id} onSelect={setSelected} />
              <LoadMore
                count={mails.length}
                noun={['mail', 'mails']}
                hasMore={outbox.hasNextPage}
                loading={outbox.isFetchingNextPage}
                onLoadMore={() => void outbox.fetchNextPage()}
                error={
                  outbox.isFetchNextPageError || outbox.isRefetchError
                    ? formErrorsFrom(outbox.error).message
                    : undefined
                }
              />
            </>
          )}
        </section>
        <MailViewer mail={selected} />
      </div>
    </div>
  );
}

function RecipientFilter({
  value,
  onChange,
  onRefresh,
  refreshing,
}: {
  value: string | undefined;
  onChange: (to: string | undefined) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const [draft, setDraft] = useState(value ?? '');
  const [error, setError] = useState<string | undefined>(undefined);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const email = draft.trim().toLowerCase();
    if (email !== '' && !EMAIL_SHAPE.test(email)) {
      setError('Enter a whole email address, like ada@example.com.');
      return;
    }
    setError(undefined);
    onChange(email === '' ? undefined : email);
  }

  return (
    <form
      role="search"
      aria-label="Filter mail"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <TextField
        label="Recipient"
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="ada@example.com"
        name="to"
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(undefined);
        }}
        error={error}
        className="min-w-0 sm:max-w-sm sm:flex-1"
      />
      <div className="flex gap-2">
        <Button type="submit" className="flex-1 sm:flex-none">
          Filter
        </Button>
        {value !== undefined && (
          <Button
            variant="secondary"
            className="flex-1 sm:flex-none"
            onClick={() => {
              setDraft('');
              setError(undefined);
              onChange(undefined);
            }}
          >
            Show all
          </Button>
        )}
        <Button
          variant="ghost"
          className="flex-1 sm:ml-auto sm:flex-none"
          onClick={onRefresh}
          disabled={refreshing}
          aria-busy={refreshing || undefined}
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
    </form>
  );
}

function MailList({
  mails,
  selectedId,
  onSelect,
}: {
  mails: OutboxMail[];
  selectedId: string | undefined;
  onSelect: (mail: OutboxMail) => void;
}) {
  return (
    <ul
      aria-label="Mail, newest first"
      className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface shadow-xs"
    >
      {mails.map((mail) => {
        const current = mail.id === selectedId;
        return (
          <li key={mail.id}>
            <button
              type="button"
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(mail)}
              className={cx(
                'grid w-full gap-1 px-4 py-3 text-left hover:bg-surface-raised',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus',
                current && 'bg-primary-soft hover:bg-primary-soft',
              )}
            >
              <span className="flex items-center justify-between gap-3">
                <span className={cx('min-w-0 truncate text-sm font-medium', current && 'text-primary')}>
                  {mail.subject}
                </span>
                <Status mail={mail} compact />
              </span>
              <span className="flex items-baseline justify-between gap-3 text-xs text-muted">
                <span className="min-w-0 truncate">{mail.to}</span>
                <span className="shrink-0">
                  <Time iso={mail.createdAt} compact />
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Status({ mail, compact = false }: { mail: OutboxMail; compact?: boolean }) {
  if (!mail.sentAt) {
    return (
      <span className="shrink-0">
        <Badge tone="warning">In outbox</Badge>
      </span>
    );
  }
  return (
    <span className={cx('inline-flex shrink-0 items-center gap-2', !compact && 'flex-wrap')}>
      <Badge tone="success">Sent</Badge>
      <span className={cx('text-muted', compact && 'text-xs')}>
        <Time iso={mail.sentAt} compact={compact} />
      </span>
    </span>
  );
}

function MailViewer({ mail }: { mail: OutboxMail | null }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const id = mail?.id;

  // On a narrow screen the viewer is below the list: bring it into view, and focus with it.
  useEffect(() => {
    if (id === undefined) return;
    if (typeof window.matchMedia !== 'function' || !window.matchMedia(STACKED_MEDIA).matches) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.closest('article')?.scrollIntoView({ block: 'start' });
  }, [id]);

  if (!mail) {
    return (
      <p className="hidden rounded-xl border border-dashed border-border px-5 py-16 text-center text-sm text-muted lg:block">
        Select a mail to read it.
      </p>
    );
  }
  return (
    <article
      aria-labelledby={titleId}
      className="min-w-0 scroll-mt-20 rounded-xl border border-border bg-surface p-5 shadow-xs sm:p-6 lg:sticky lg:top-24"
    >
      <h2
        id={titleId}
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold break-words focus-visible:outline-none"
      >
        {mail.subject}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted">To</dt>
        <dd className="break-all">{mail.to}</dd>
        <dt className="text-muted">Created</dt>
        <dd>
          <Time iso={mail.createdAt} />
        </dd>
        <dt className="text-muted">Status</dt>
        <dd>
          <Status mail={mail} />
        </dd>
      </dl>
      <MailText text={mail.text} className="mt-5 border-t border-border pt-5" />
      {mail.html !== null && (
        <p className="mt-5 text-xs text-muted">This mail also has an HTML version; the plain text is shown here.</p>
      )}
    </article>
  );
}
