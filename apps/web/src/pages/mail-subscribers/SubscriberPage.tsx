import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { pathOf } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { errorMessage } from '../../features/forms/form-errors';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import { useMailingListsQuery } from '../../features/marketing/api/lists';
import { useSubscriberQuery, type Subscriber } from '../../features/marketing/api/subscribers';
import { useDeleteSubscriber } from '../../features/marketing/api/subscribers-changes';
import { SubscriberActivity, sourceWords } from '../../features/marketing/ui/subscriber-activity';
import { LastTime } from '../../features/marketing/ui/subscriber-dates';
import { EditSubscriberDialog } from '../../features/marketing/ui/subscriber-edit-dialog';
import { genderWords } from '../../features/marketing/ui/subscriber-fields';
import { subscribersSearch } from '../../features/marketing/ui/subscriber-filters';
import { SubscriberStatusBadge } from '../../features/marketing/ui/subscriber-status';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { when } from '../../features/storefront/format';
import { DetailSection } from '../../features/storefront/ui/DetailSection';
import { FactGrid } from '../../features/storefront/ui/FactGrid';
import { RecordHeader } from '../../features/storefront/ui/RecordHeader';
import { linkClass } from '../../features/storefront/ui/link-class';
import { nudge } from '../../features/toasts/toasts';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';

/** `/marketing/subscribers/$subscriberId` (route `marketing.subscribers.view`): one subscriber and their activity. */
export function SubscriberPage() {
  const { subscriberId = '' } = useParams({ strict: false }) as { subscriberId?: string };
  return (
    <ProjectPage title="Subscriber" permissions={['mail.read', 'mail.manage']}>
      {(project, access) => (
        <SubscriberLoader
          key={`${project.id}:${subscriberId}`}
          project={project}
          access={access}
          subscriberId={subscriberId}
        />
      )}
    </ProjectPage>
  );
}

function SubscriberLoader({
  project,
  access,
  subscriberId,
}: {
  project: Project;
  access: Access;
  subscriberId: string;
}) {
  const subscriber = useSubscriberQuery(project.id, subscriberId);
  if (subscriber.isPending) return <Loading label="Loading the subscriber…" />;
  if (subscriber.isError)
    return (
      <LoadError
        title="The subscriber could not be loaded"
        message={errorMessage(subscriber.error)}
        onRetry={() => void subscriber.refetch()}
        retrying={subscriber.isFetching}
      />
    );
  return <SubscriberView project={project} canManage={access.can('mail.manage')} subscriber={subscriber.data} />;
}

function SubscriberView({
  project,
  canManage,
  subscriber,
}: {
  project: Project;
  canManage: boolean;
  subscriber: Subscriber;
}) {
  const deniedId = useId();
  const navigate = useNavigate();
  // The lists are only for choosing in the edit dialog: nothing to load for who cannot edit.
  const lists = useMailingListsQuery(project.id, { enabled: canManage });
  const listPath = pathOf('marketing.subscribers');
  const remove = useConfirmedMutation(
    useDeleteSubscriber(project.id),
    (gone: Subscriber) => gone.id,
    (gone) => {
      nudge({ message: `${gone.email} was deleted.`, level: 'success' });
      void navigate({ to: listPath, search: { project: project.id } });
    },
  );
  const [editing, setEditing] = useState(false);
  const attributes = Object.entries(subscriber.attributes);

  return (
    <div className="grid gap-5">
      <RecordHeader back={{ to: listPath, project: project.id, label: 'All subscribers' }}>
        <p className="min-w-0 text-xl font-semibold break-all">{subscriber.email}</p>
        <SubscriberStatusBadge status={subscriber.status} />
      </RecordHeader>
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="secondary" onClick={() => remove.ask(subscriber)}>
            Delete
          </Button>
        </div>
      ) : (
        <ReadOnlyNotice id={deniedId} denied={['mail.manage']}>
          You can see this subscriber but not change or delete them.
        </ReadOnlyNotice>
      )}
      <FactGrid
        facts={[
          ['Name', subscriber.name || '—'],
          ['Gender', subscriber.gender ? genderWords[subscriber.gender] : 'Not given'],
          ['Consent', consentWords(subscriber)],
          ['Unsubscribed', when(subscriber.unsubscribedAt)],
          ['Last opened', <LastTime key="opened" iso={subscriber.lastOpenedAt} />],
          ['Last clicked', <LastTime key="clicked" iso={subscriber.lastClickedAt} />],
          ['Last purchased', <LastTime key="purchased" iso={subscriber.lastPurchasedAt} />],
          ['Purchases', subscriber.purchaseCount.toLocaleString('en')],
          ['Added', when(subscriber.createdAt)],
        ]}
      />

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="grid content-start gap-5">
          <DetailSection title="Lists">
            {subscriber.lists.length === 0 ? (
              <p className="text-sm text-muted">Not on any list.</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {subscriber.lists.map((list) => (
                  <li key={list.id}>
                    <Link to={listPath} search={subscribersSearch(project.id, { list: list.id })} className={linkClass}>
                      {list.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>
          <DetailSection title="Attributes">
            {attributes.length === 0 ? (
              <p className="text-sm text-muted">None.</p>
            ) : (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {attributes.map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="font-mono text-xs/5 text-muted">{key}</dt>
                    <dd className="break-words">{String(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </DetailSection>
        </div>
        <div className="lg:col-span-2">
          <DetailSection title="Activity">
            <SubscriberActivity project={project.id} subscriberId={subscriber.id} />
          </DetailSection>
        </div>
      </div>

      {canManage && (
        <>
          <EditSubscriberDialog
            project={project.id}
            subscriber={subscriber}
            lists={lists.data ?? []}
            open={editing}
            onClose={() => setEditing(false)}
          />
          <ConfirmDialog
            {...remove.dialog}
            title={`Delete ${subscriber.email}?`}
            confirmLabel="Delete subscriber"
            pendingLabel="Deleting…"
            danger
          >
            Their name, attributes, lists and activity are erased for good. Their address is kept, scrambled, on a
            do-not-mail list, so it is never mailed or imported again by mistake.
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}

/** "12 Nov 2026, 09:00 · through the sign-up form", or that none is recorded (an unconfirmed person's). */
function consentWords(subscriber: Subscriber): string {
  if (!subscriber.consentAt) return 'Not given yet';
  const source = subscriber.consentSource;
  return source ? `${when(subscriber.consentAt)} · ${sourceWords(source)}` : when(subscriber.consentAt);
}
