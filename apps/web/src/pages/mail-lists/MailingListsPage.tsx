import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { pathOf } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { Table } from '../../features/billing/ui/Table';
import { errorMessage } from '../../features/forms/form-errors';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import { useMailingListsQuery, type MailingList } from '../../features/marketing/api/lists';
import { useDeleteMailingList } from '../../features/marketing/api/lists-changes';
import { ListDialog } from '../../features/marketing/ui/list-dialog';
import { subscribersSearch } from '../../features/marketing/ui/subscriber-filters';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { linkClass } from '../../features/storefront/ui/link-class';
import { nudge } from '../../features/toasts/toasts';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState, LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';

/** `/marketing/lists` (route `marketing.lists`): the project's mailing lists and their counts. */
export function MailingListsPage() {
  return (
    <ProjectPage
      title="Mailing lists"
      description="Groups of subscribers a campaign can be sent to, such as a newsletter or a VIP list."
      permissions={['mail.read', 'mail.manage']}
    >
      {(project, access) => <MailingLists key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

/** The dialog that is open: a new list, or the list being edited. */
type Editing = { list: MailingList | null } | null;

function count(n: number, noun: [string, string]): string {
  return `${n.toLocaleString('en')} ${n === 1 ? noun[0] : noun[1]}`;
}

/** What deleting a list does to its members: they leave the list, not the project. */
function membersStay(members: number): string {
  if (members === 0) return 'The list has no members.';
  if (members === 1) return 'Its 1 member is taken off the list but stays a subscriber.';
  return `Its ${members.toLocaleString('en')} members are taken off the list but stay subscribers.`;
}

function MailingLists({ project, access }: { project: Project; access: Access }) {
  const canManage = access.can('mail.manage');
  const lists = useMailingListsQuery(project.id);
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useConfirmedMutation(
    useDeleteMailingList(project.id),
    (list: MailingList) => list.id,
    (list) => nudge({ message: `${list.name} was deleted.`, level: 'success' }),
  );

  if (lists.isPending) return <Loading label="Loading the mailing lists…" />;
  if (lists.isError)
    return (
      <LoadError
        title="The mailing lists could not be loaded"
        message={errorMessage(lists.error)}
        onRetry={() => void lists.refetch()}
        retrying={lists.isFetching}
      />
    );

  const newList = canManage && <Button onClick={() => setEditing({ list: null })}>New list</Button>;
  const doomed = remove.target;
  return (
    <section aria-label="Mailing lists" className="grid gap-4">
      {lists.data.length === 0 ? (
        <EmptyState title="No mailing lists yet.">
          <p>
            A list gathers subscribers who want the same mail, such as your newsletter. Campaigns are sent to lists, and
            people can be on several.
          </p>
          {newList && <div className="mt-4">{newList}</div>}
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">{count(lists.data.length, ['list', 'lists'])}</p>
            {newList}
          </div>
          <Table
            stackOnPhone
            caption="Mailing lists"
            rows={lists.data}
            keyOf={(list) => list.id}
            columns={[
              {
                header: 'Name',
                className: 'max-w-[20rem]',
                cell: (list) => (
                  <span className="block min-w-0">
                    <span className="block font-medium break-words">{list.name}</span>
                    {list.description && (
                      <span className="line-clamp-2 text-xs break-words text-muted">{list.description}</span>
                    )}
                  </span>
                ),
              },
              { header: 'Opt-in', cell: (list) => (list.optIn === 'double' ? 'Double' : 'Single') },
              { header: 'Subscribed', numeric: true, cell: (list) => list.subscriberCount.toLocaleString('en') },
              { header: 'All members', numeric: true, cell: (list) => list.memberCount.toLocaleString('en') },
              {
                header: <span className="sr-only">Actions</span>,
                cell: (list) => (
                  <span className="flex flex-wrap justify-end gap-2">
                    <Link
                      to={pathOf('marketing.subscribers')}
                      search={subscribersSearch(project.id, { list: list.id })}
                      className={`text-sm ${linkClass}`}
                      aria-label={`Subscribers of ${list.name}`}
                    >
                      Subscribers
                    </Link>
                    {canManage && (
                      <>
                        <Button
                          variant="ghost"
                          size="small"
                          aria-label={`Edit ${list.name}`}
                          onClick={() => setEditing({ list })}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="ghost"
                          size="small"
                          aria-label={`Delete ${list.name}`}
                          onClick={() => remove.ask(list)}
                        >
                          Delete
                        </Button>
                      </>
                    )}
                  </span>
                ),
              },
            ]}
          />
        </>
      )}

      {canManage && (
        <>
          <ListDialog
            project={project.id}
            list={editing?.list ?? null}
            open={editing !== null}
            onClose={() => setEditing(null)}
          />
          <ConfirmDialog
            {...remove.dialog}
            title={doomed ? `Delete ${doomed.name}?` : 'Delete list?'}
            confirmLabel="Delete list"
            pendingLabel="Deleting…"
            danger
          >
            {doomed && <>{membersStay(doomed.memberCount)} Campaigns not yet sent to it must be changed first.</>}
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}
