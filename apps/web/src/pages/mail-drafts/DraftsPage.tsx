import { Link } from '@tanstack/react-router';
import { pathOf, useNavigateByName } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { errorMessage } from '../../features/forms/form-errors';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { useListSearch } from '../../features/lists/use-list-search';
import { useDraftsQuery, type DraftSummary } from '../../features/marketing/api/drafts';
import { useCreateDraft, useDeleteDraft, useDuplicateDraft } from '../../features/marketing/api/drafts-changes';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { when } from '../../features/storefront/format';
import { nudge } from '../../features/toasts/toasts';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { Tag } from '../../ui/Tag';
import { TextField } from '../../ui/TextField';

const DRAFT_WORDS = {
  noun: ['draft', 'drafts'] as [string, string],
  placeholder: 'Name or subject',
  noMatchHint: 'Try another name or subject.',
  emptyHint: 'A draft is a mail’s subject and body, written once and sent by campaigns and flows.',
};

/** `/marketing/drafts` (route `marketing.drafts`): the project's mail drafts, last edited first. */
export function DraftsPage() {
  return (
    <ProjectPage
      title="Drafts"
      description="Mails written once, with merge tags for each subscriber, ready for campaigns and flows."
      permissions={['mail.read', 'mail.manage']}
    >
      {(project, access) => <Drafts key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

function Drafts({ project, access }: { project: Project; access: Access }) {
  const canManage = access.can('mail.manage');
  const navigate = useNavigateByName();
  const search = useListSearch();
  const drafts = useDraftsQuery(project.id, search.query);
  const list = pagedItems(drafts.data?.pages, (draft) => draft.id);
  const searching = isSearching(drafts);
  const create = useCreateDraft(project.id);
  const duplicate = useDuplicateDraft(project.id);
  const remove = useConfirmedMutation(
    useDeleteDraft(project.id),
    (draft: DraftSummary) => draft.id,
    (draft) => nudge({ message: `${draft.name} was deleted.`, level: 'success' }),
  );
  const open = (draftId: string) =>
    navigate('marketing.drafts.view', { params: { draftId }, search: { project: project.id } });

  const newDraft = () => create.mutate({ name: 'Untitled draft' }, { onSuccess: (draft) => void open(draft.id) });
  const copy = (draft: DraftSummary) =>
    duplicate.mutate(draft.id, {
      onSuccess: (made) => nudge({ message: `${made.name} was made.`, level: 'success' }),
    });
  const failure = create.error ?? duplicate.error;
  const doomed = remove.target;

  return (
    <section aria-label="Drafts" className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <form role="search" aria-label="Drafts" onSubmit={(event) => event.preventDefault()} className="w-full sm:w-72">
          <TextField
            label="Search drafts"
            type="search"
            placeholder={DRAFT_WORDS.placeholder}
            autoComplete="off"
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            hint={searching ? 'Searching…' : undefined}
          />
        </form>
        {canManage && (
          <Button className="sm:ml-auto" onClick={newDraft} disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'New draft'}
          </Button>
        )}
      </div>
      {failure && <Alert tone="danger">{errorMessage(failure)}</Alert>}

      <PagedList query={drafts} count={list.length} words={DRAFT_WORDS} search={search.query}>
        <ul
          aria-label="Drafts, last edited first"
          aria-busy={searching || undefined}
          className={cx(
            'divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface transition-opacity',
            searching && 'opacity-60',
          )}
        >
          {list.map((draft) => (
            <li key={draft.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3 sm:px-4">
              <div className="grid min-w-0 flex-1 basis-60 gap-0.5">
                <Link
                  to={pathOf('marketing.drafts.view', { draftId: draft.id })}
                  search={{ project: project.id }}
                  className="min-w-0 truncate font-medium text-primary underline-offset-2 hover:underline"
                >
                  {draft.name}
                </Link>
                <span className="min-w-0 truncate text-sm">
                  {draft.subject || <em className="text-muted">No subject yet</em>}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                  <Tag>{draft.format === 'markdown' ? 'Markdown' : 'Blocks'}</Tag>
                  <span>
                    Edited <time dateTime={draft.updatedAt}>{when(draft.updatedAt)}</time>
                  </span>
                </span>
              </div>
              {canManage && (
                <span className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={`Duplicate ${draft.name}`}
                    disabled={duplicate.isPending}
                    onClick={() => copy(draft)}
                  >
                    Duplicate
                  </Button>
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={`Delete ${draft.name}`}
                    onClick={() => remove.ask(draft)}
                  >
                    Delete
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      </PagedList>

      {canManage && (
        <ConfirmDialog
          {...remove.dialog}
          title={doomed ? `Delete ${doomed.name}?` : 'Delete draft?'}
          confirmLabel="Delete draft"
          pendingLabel="Deleting…"
          danger
        >
          The draft is gone for good. Campaigns already scheduled from it keep their own copy of the mail.
        </ConfirmDialog>
      )}
    </section>
  );
}
