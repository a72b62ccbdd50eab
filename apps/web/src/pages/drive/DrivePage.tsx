import type { DriveFile } from '@wharf/contract';
import { ApiError } from '@wharf/client';
import { useId, useRef, useState } from 'react';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { DeleteFilesError, useDeleteFiles } from '../../features/drive/api/delete-files';
import { useDownloadFile } from '../../features/drive/api/download-file';
import { useDriveFiles } from '../../features/drive/api/drive-files';
import { useDriveStatus } from '../../features/drive/api/drive-status';
import { useUpdateFile } from '../../features/drive/api/update-file';
import { useUploadFiles } from '../../features/drive/api/upload-files';
import { SORT_OPTIONS, useDriveSort, useDriveView, type DriveView } from '../../features/drive/preferences';
import { publicFileUrl } from '../../features/drive/public-link';
import { useFileDrop } from '../../features/drive/use-file-drop';
import { EditFileDialog } from '../../features/drive/ui/EditFileDialog';
import { GridSkeleton, ListSkeleton } from '../../features/drive/ui/FileSkeletons';
import { UploadList } from '../../features/drive/ui/UploadList';
import { UsageBar } from '../../features/drive/ui/UsageBar';
import { errorMessage } from '../../features/forms/form-errors';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { useListSearch } from '../../features/lists/use-list-search';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { nudge } from '../../features/toasts/toasts';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { Icon } from '../../ui/Icon';
import { EmptyState, LoadError, LoadMore } from '../../ui/ListStates';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import type { FileActions } from './FileMenu';
import { FileGrid, FileTable } from './FileViews';
import { NotInstalled } from './NotInstalled';
import { SearchHint } from './SearchHint';

/**
 * The Drive module's page (`/modules/drive`, there while the module is installed): the project's
 * files in a grid or a list, uploads by button or by dropping files on the page (each with its
 * progress), search in the drive's syntax, order, details (name, folder, tags, alt text, public),
 * public links, downloads, and deleting one file or a selection, with the usage against the quota.
 */
export function DrivePage() {
  return (
    <ProjectPage
      title="Drive"
      description="The project's files: images, documents and anything else it keeps, in one place."
      permissions={['drive.read', 'drive.write']}
    >
      {(project, access) => <Drive key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

const isCode = (error: unknown, code: string): error is ApiError => error instanceof ApiError && error.code === code;

function filesWord(n: number): string {
  return n === 1 ? '1 file' : `${n} files`;
}

function Drive({ project, access }: { project: Project; access: Access }) {
  const canWrite = access.can('drive.write');
  const [view, setView] = useDriveView();
  const [sort, setSort] = useDriveSort();
  const search = useListSearch();
  const files = useDriveFiles(project.id, search.query, sort);
  const status = useDriveStatus(project.id);
  const uploads = useUploadFiles(project.id);
  const dragging = useFileDrop(uploads.add, canWrite);
  const update = useUpdateFile(project.id);
  const download = useDownloadFile(project.id);
  const remove = useDeleteFiles(project.id);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DriveFile[] | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const reasonId = useId();

  const items = pagedItems(files.data?.pages, (file) => file.id);
  const shownSelected = items.filter((file) => selected.has(file.id));
  const searching = isSearching(files);
  const badSearch = isCode(files.error, 'INVALID_SEARCH') ? files.error : null;

  const notInstalled = [files.error, status.error].find((error) => isCode(error, 'MODULE_NOT_INSTALLED'));
  if (notInstalled) return <NotInstalled project={project.id} message={errorMessage(notInstalled)} />;

  const select = (file: DriveFile, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(file.id);
      else next.delete(file.id);
      return next;
    });
  const selectAll = (on: boolean) => setSelected(on ? new Set(items.map((file) => file.id)) : new Set());

  const actions: FileActions = {
    canWrite,
    onEdit: (file) => setEditing(file.id),
    onDownload: (file) =>
      download.mutate(file, {
        onError: (error) =>
          nudge({ message: `${file.name} could not be downloaded. ${errorMessage(error)}`, level: 'danger' }),
      }),
    onCopyLink: (file) => {
      const link = publicFileUrl(file);
      navigator.clipboard.writeText(link).then(
        () => nudge({ message: `Public link of ${file.name} copied.`, level: 'success' }),
        () => nudge({ message: `The link could not be copied: ${link}`, level: 'warning' }),
      );
    },
    onTogglePublic: (file) =>
      update.mutate(
        { file: file.id, changes: { public: !file.public } },
        {
          onSuccess: (changed) =>
            nudge({
              message: changed.public
                ? `${changed.name} is public: anyone with its link can open it.`
                : `${changed.name} is private again.`,
              level: 'success',
            }),
          onError: (error) => nudge({ message: errorMessage(error), level: 'danger' }),
        },
      ),
    onDelete: (file) => setDeleting([file]),
  };

  const editingFile = editing ? (items.find((file) => file.id === editing) ?? null) : null;
  const deleteCount = deleting?.length ?? 0;

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(
      deleting.map((file) => file.id),
      {
        onSuccess: (deleted) => {
          setSelected((current) => new Set([...current].filter((id) => !deleted.includes(id))));
          setDeleting(null);
          nudge({ message: `${filesWord(deleted.length)} deleted.`, level: 'success' });
        },
        onError: (error) => {
          if (!(error instanceof DeleteFilesError)) return;
          // What is gone is gone; the dialog stays for the ones still there.
          setSelected((current) => new Set([...current].filter((id) => !error.deleted.includes(id))));
          setDeleting((current) => current?.filter((file) => error.failed.includes(file.id)) ?? null);
        },
      },
    );
  }

  const openPicker = () => input.current?.click();
  const list =
    view === 'grid' ? (
      <FileGrid
        project={project.id}
        files={items}
        selected={selected}
        onSelect={select}
        actions={actions}
        busy={searching}
      />
    ) : (
      <FileTable
        project={project.id}
        files={items}
        selected={selected}
        onSelect={select}
        actions={actions}
        busy={searching}
      />
    );

  return (
    <div className="grid min-w-0 gap-5">
      <section
        aria-label="Storage"
        className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 shadow-xs sm:flex-row sm:items-center sm:gap-6 sm:p-5"
      >
        <div className="min-w-0 flex-1">
          {status.data ? (
            <UsageBar usage={status.data.usage} />
          ) : status.isPending ? (
            <div role="status" aria-label="Loading usage…" className="grid gap-2">
              <div className="h-4 w-40 animate-pulse rounded bg-surface-raised" />
              <div className="h-2 animate-pulse rounded-full bg-surface-raised" />
            </div>
          ) : (
            <p className="flex flex-wrap items-center gap-2 text-sm text-danger">
              The usage could not be loaded.
              <Button variant="ghost" size="small" onClick={() => void status.refetch()} disabled={status.isFetching}>
                Try again
              </Button>
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1.5 sm:items-end">
          <Button onClick={openPicker} disabled={!canWrite} aria-describedby={canWrite ? undefined : reasonId}>
            <Icon name="plus" size={18} />
            Upload files
          </Button>
          {canWrite && <p className="text-xs text-muted">or drop them anywhere on this page</p>}
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label="Files to upload"
            onChange={(event) => {
              uploads.add(event.target.files ?? []);
              // The same file may be chosen again later.
              event.target.value = '';
            }}
          />
        </div>
      </section>

      {!canWrite && (
        <ReadOnlyNotice id={reasonId} denied={['drive.write']}>
          You can see and download the files but not upload, change or delete them.
        </ReadOnlyNotice>
      )}

      <UploadList
        uploads={uploads.uploads}
        onRetry={uploads.retry}
        onCancel={uploads.cancel}
        onClear={uploads.clearFinished}
      />

      <div className="flex flex-wrap items-start gap-3">
        <form
          role="search"
          aria-label="Files"
          onSubmit={(event) => event.preventDefault()}
          className="min-w-0 flex-[1_1_18rem]"
        >
          <TextField
            label="Search files"
            type="search"
            placeholder="logo type:image tag:summer"
            autoComplete="off"
            spellCheck={false}
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            error={badSearch?.message}
            hint={searching ? 'Searching…' : <SearchHint />}
          />
        </form>
        <SelectField
          label="Sort by"
          className="min-w-0 flex-[1_1_10rem] sm:flex-none"
          value={sort}
          onChange={(event) => setSort(event.target.value as typeof sort)}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <ViewToggle view={view} onChange={setView} />
      </div>

      {items.length > 0 && (
        <SelectionBar
          shown={items.length}
          selected={shownSelected.length}
          canWrite={canWrite}
          reasonId={canWrite ? undefined : reasonId}
          onSelectAll={selectAll}
          onDelete={() => setDeleting(shownSelected)}
        />
      )}

      {files.isPending ? (
        view === 'grid' ? (
          <GridSkeleton />
        ) : (
          <ListSkeleton />
        )
      ) : !files.data ? (
        badSearch ? (
          <EmptyState title="That search cannot be read.">Fix it as the search box says to see files.</EmptyState>
        ) : (
          <LoadError
            title="The files could not be loaded"
            message={errorMessage(files.error)}
            onRetry={() => void files.refetch()}
            retrying={files.isFetching}
          />
        )
      ) : items.length === 0 ? (
        search.query ? (
          <EmptyState title={`No files match “${search.query}”.`}>Try other words, or fewer filters.</EmptyState>
        ) : (
          <div className="rounded-xl border border-dashed border-border px-5 py-12 text-center">
            <p className="text-base font-semibold">No files yet</p>
            <p className="mx-auto mt-1 max-w-prose text-sm text-muted">
              Keep the project&apos;s images, documents and other files here: upload them, or drop them anywhere on this
              page.
            </p>
            {canWrite && (
              <Button className="mt-4" onClick={openPicker}>
                <Icon name="plus" size={18} />
                Upload files
              </Button>
            )}
          </div>
        )
      ) : (
        <div>
          {list}
          <LoadMore
            count={items.length}
            noun={['file', 'files']}
            hasMore={files.hasNextPage}
            loading={files.isFetchingNextPage}
            onLoadMore={() => void files.fetchNextPage()}
            error={files.isFetchNextPageError || files.isRefetchError ? errorMessage(files.error) : undefined}
          />
        </div>
      )}

      <EditFileDialog project={project.id} file={editingFile} onClose={() => setEditing(null)} />

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${filesWord(deleteCount)}?`}
        confirmLabel={deleteCount === 1 ? 'Delete file' : `Delete ${deleteCount} files`}
        pendingLabel="Deleting…"
        danger
        pending={remove.isPending}
        error={
          remove.error instanceof DeleteFilesError
            ? remove.error.message
            : remove.isError
              ? errorMessage(remove.error)
              : undefined
        }
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={confirmDelete}
      >
        <DeleteSummary files={deleting ?? []} />
      </ConfirmDialog>

      {dragging && (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 z-modal grid place-items-center bg-primary/10 p-6 backdrop-blur-[1px]"
        >
          <div className="rounded-2xl border-2 border-dashed border-primary bg-surface px-8 py-6 text-center shadow-xl">
            <p className="text-base font-semibold">Drop files to upload them</p>
            <p className="mt-1 text-sm text-muted">They go to the drive of {project.name}.</p>
          </div>
        </div>
      )}
    </div>
  );
}

/** How many files a delete takes, by name when there are few. */
function DeleteSummary({ files }: { files: readonly DriveFile[] }) {
  const named = files.slice(0, 5);
  const more = files.length - named.length;
  return (
    <>
      <p>
        {files.length === 1 ? 'This file is' : `These ${files.length} files are`} deleted for good, with their public
        links. This cannot be undone.
      </p>
      <ul className="mt-2 list-disc pl-5 text-text">
        {named.map((file) => (
          <li key={file.id} className="[overflow-wrap:anywhere]">
            {file.name}
          </li>
        ))}
        {more > 0 && <li>and {filesWord(more)} more</li>}
      </ul>
    </>
  );
}

function ViewToggle({ view, onChange }: { view: DriveView; onChange: (view: DriveView) => void }) {
  const option = (value: DriveView, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={cx(
        'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-focus',
        view === value ? 'bg-surface text-text shadow-xs' : 'text-muted hover:text-text',
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium" aria-hidden="true">
        View
      </span>
      <div role="group" aria-label="View" className="flex gap-1 rounded-lg bg-surface-raised p-1">
        {option('grid', 'Grid')}
        {option('list', 'List')}
      </div>
    </div>
  );
}

function SelectionBar({
  shown,
  selected,
  canWrite,
  reasonId,
  onSelectAll,
  onDelete,
}: {
  shown: number;
  selected: number;
  canWrite: boolean;
  reasonId: string | undefined;
  onSelectAll: (on: boolean) => void;
  onDelete: () => void;
}) {
  const all = selected === shown;
  return (
    <div
      className={cx(
        'flex min-h-11 flex-wrap items-center gap-x-4 gap-y-2 rounded-lg px-3 py-2',
        selected > 0 ? 'bg-primary-soft' : 'bg-surface-raised/60',
      )}
    >
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={selected > 0 && all}
          ref={(node) => {
            if (node) node.indeterminate = selected > 0 && !all;
          }}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select all shown
      </label>
      <p className="text-sm text-muted" aria-live="polite">
        {selected > 0 ? `${filesWord(selected)} selected` : ''}
      </p>
      {selected > 0 && (
        <div className="ml-auto flex flex-wrap gap-2">
          <Button variant="ghost" size="small" onClick={() => onSelectAll(false)}>
            Clear selection
          </Button>
          <Button variant="danger" size="small" onClick={onDelete} disabled={!canWrite} aria-describedby={reasonId}>
            Delete selected
          </Button>
        </div>
      )}
    </div>
  );
}
