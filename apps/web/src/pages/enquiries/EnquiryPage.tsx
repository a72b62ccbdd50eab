import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { pathOf } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { errorMessage } from '../../features/forms/form-errors';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import {
  useEnquiryLogsQuery,
  useEnquiryQuery,
  useReplyToEnquiry,
  useUpdateEnquiry,
  type Enquiry,
  type EnquiryLog,
} from '../../features/storefront/api/enquiries';
import { when } from '../../features/storefront/format';
import { EnquiryStatusBadge, RepliedBadge } from '../../features/storefront/ui/EnquiryBadges';
import { DetailSection } from '../../features/storefront/ui/DetailSection';
import { FactGrid } from '../../features/storefront/ui/FactGrid';
import { RecordHeader } from '../../features/storefront/ui/RecordHeader';
import { linkClass } from '../../features/storefront/ui/link-class';
import { nudge } from '../../features/toasts/toasts';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { TextAreaField } from '../../ui/TextAreaField';

/** The longest reply the API takes (ENQUIRY_REPLY_MAX). */
const REPLY_MAX = 20_000;

/** `/platform/enquiries/$enquiryId` (route `platform.enquiries.view`): one enquiry, its log and the reply box. */
export function EnquiryPage() {
  const { enquiryId = '' } = useParams({ strict: false }) as { enquiryId?: string };
  return (
    <ProjectPage title="Enquiry" permissions={['enquiries.read', 'enquiries.manage']}>
      {(project, access) => (
        <EnquiryLoader key={`${project.id}:${enquiryId}`} project={project} access={access} enquiryId={enquiryId} />
      )}
    </ProjectPage>
  );
}

function EnquiryLoader({ project, access, enquiryId }: { project: Project; access: Access; enquiryId: string }) {
  const enquiry = useEnquiryQuery(project.id, enquiryId);
  if (enquiry.isPending) return <Loading label="Loading the enquiry…" />;
  if (enquiry.isError)
    return (
      <LoadError
        title="The enquiry could not be loaded"
        message={errorMessage(enquiry.error)}
        onRetry={() => void enquiry.refetch()}
        retrying={enquiry.isFetching}
      />
    );
  return <EnquiryView project={project} canManage={access.can('enquiries.manage')} enquiry={enquiry.data} />;
}

function EnquiryView({ project, canManage, enquiry }: { project: Project; canManage: boolean; enquiry: Enquiry }) {
  const deniedId = useId();
  const update = useUpdateEnquiry(project.id, enquiry.id);
  // Opening an unread enquiry reads it: marked read once per visit, so "Mark as unread" then holds.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !canManage || enquiry.read) return;
    opened.current = true;
    update.mutate({ read: true });
  }, [canManage, enquiry.read, update]);

  const change = (changes: { read?: boolean; status?: 'open' | 'closed' }, done: string) =>
    update.mutate(changes, { onSuccess: () => nudge({ message: done, level: 'success' }) });

  return (
    <div className="grid gap-5">
      <RecordHeader back={{ to: pathOf('platform.enquiries'), project: project.id, label: 'All enquiries' }}>
        {/* The page's heading says "Enquiry"; the subject stands beside the status, not as a second heading. */}
        <p className="min-w-0 text-xl font-semibold break-words">{enquiry.subject}</p>
        <EnquiryStatusBadge status={enquiry.status} />
        {enquiry.replied && <RepliedBadge />}
      </RecordHeader>
      <FactGrid
        facts={[
          ['Received', when(enquiry.receivedAt)],
          ['Read', when(enquiry.readAt)],
          ['Last reply', when(enquiry.repliedAt)],
          ['Closed', when(enquiry.closedAt)],
        ]}
      />
      {!canManage && (
        <ReadOnlyNotice id={deniedId} denied={['enquiries.manage']}>
          You can read this enquiry but not reply to it, mark it or close it.
        </ReadOnlyNotice>
      )}

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="grid content-start gap-5 lg:col-span-2">
          <DetailSection title="Message">
            <p className="text-sm font-medium">
              {enquiry.customer ? (
                <Link
                  to={pathOf('platform.customers.view', { customerId: enquiry.customer.id })}
                  search={{ project: project.id }}
                  className={linkClass}
                  aria-label={`${enquiry.name}, customer`}
                >
                  {enquiry.name}
                </Link>
              ) : (
                enquiry.name
              )}
            </p>
            <p className="text-sm break-all text-muted">{enquiry.email}</p>
            {!enquiry.customer && <p className="mt-1 text-xs text-muted">Not a customer of the shop.</p>}
            <p className="mt-4 text-sm break-words whitespace-pre-wrap">{enquiry.message}</p>
            <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-4">
              <Button
                variant="secondary"
                disabled={!canManage || update.isPending}
                aria-describedby={canManage ? undefined : deniedId}
                onClick={() =>
                  enquiry.status === 'open'
                    ? change({ status: 'closed' }, 'Enquiry closed.')
                    : change({ status: 'open' }, 'Enquiry reopened.')
                }
              >
                {enquiry.status === 'open' ? 'Close' : 'Reopen'}
              </Button>
              <Button
                variant="secondary"
                disabled={!canManage || update.isPending}
                aria-describedby={canManage ? undefined : deniedId}
                onClick={() =>
                  enquiry.read
                    ? change({ read: false }, 'Marked as unread.')
                    : change({ read: true }, 'Marked as read.')
                }
              >
                {enquiry.read ? 'Mark as unread' : 'Mark as read'}
              </Button>
            </div>
            {update.isError && (
              <Alert tone="danger" title="The enquiry was not changed" className="mt-3">
                {errorMessage(update.error)}
              </Alert>
            )}
          </DetailSection>
          <ReplyBox project={project} enquiry={enquiry} canManage={canManage} deniedId={deniedId} />
        </div>
        <DetailSection title="Log">
          <EnquiryTimeline project={project.id} enquiryId={enquiry.id} />
        </DetailSection>
      </div>
    </div>
  );
}

/** The reply, mailed to the sender; the box empties once it is sent. */
function ReplyBox({
  project,
  enquiry,
  canManage,
  deniedId,
}: {
  project: Project;
  enquiry: Enquiry;
  canManage: boolean;
  deniedId: string;
}) {
  const reply = useReplyToEnquiry(project.id, enquiry.id);
  const [text, setText] = useState('');
  const empty = text.trim() === '';
  const subject = /^re:/i.test(enquiry.subject) ? enquiry.subject : `Re: ${enquiry.subject}`;

  return (
    <DetailSection title="Reply">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (empty || reply.isPending) return;
          reply.mutate(text, {
            onSuccess: () => {
              setText('');
              nudge({ message: `Reply sent to ${enquiry.email}.`, level: 'success' });
            },
          });
        }}
        className="grid gap-3"
      >
        <TextAreaField
          label={`Reply to ${enquiry.name}`}
          hint={`Mailed to ${enquiry.email} as “${subject}”, with their message quoted below it.`}
          value={text}
          rows={5}
          maxLength={REPLY_MAX}
          disabled={!canManage}
          aria-describedby={canManage ? undefined : deniedId}
          onChange={(event) => setText(event.target.value)}
        />
        {reply.isError && (
          <Alert tone="danger" title="The reply was not sent">
            {errorMessage(reply.error)}
          </Alert>
        )}
        <div>
          <Button
            type="submit"
            disabled={!canManage || empty || reply.isPending}
            aria-busy={reply.isPending || undefined}
          >
            {reply.isPending ? 'Sending…' : 'Send reply'}
          </Button>
        </div>
      </form>
    </DetailSection>
  );
}

const logWords: Record<EnquiryLog['kind'], string> = {
  received: 'Received',
  read: 'Read',
  replied: 'Replied',
  closed: 'Closed',
  reopened: 'Reopened',
};

/** The enquiry's log as a timeline, oldest first, replies with their text. */
function EnquiryTimeline({ project, enquiryId }: { project: string; enquiryId: string }) {
  const logs = useEnquiryLogsQuery(project, enquiryId);
  if (logs.isPending) return <Loading label="Loading the log…" />;
  if (logs.isError)
    return (
      <LoadError
        title="The log could not be loaded"
        message={errorMessage(logs.error)}
        onRetry={() => void logs.refetch()}
        retrying={logs.isFetching}
      />
    );
  return (
    <ol aria-label="Log" className="grid gap-3 border-l border-border pl-4">
      {logs.data.items.map((line) => (
        <li key={line.id} className="text-sm" data-kind={line.kind}>
          <p className="font-medium">{logWords[line.kind]}</p>
          {line.message && (
            <p className="mt-1 rounded-lg bg-surface-raised px-3 py-2 break-words whitespace-pre-wrap">
              {line.message}
            </p>
          )}
          <p className="text-xs text-muted">
            <time dateTime={line.at}>{when(line.at)}</time>
            {line.actor ? ` · ${line.actor}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
