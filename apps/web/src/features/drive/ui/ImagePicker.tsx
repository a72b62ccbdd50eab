import type { DriveFile } from '@wharf/contract';
import { ApiError } from '@wharf/client';
import { useId, useState, type ReactElement } from 'react';
import { Button } from '../../../ui/Button';
import { EmptyState, LoadError } from '../../../ui/ListStates';
import { Popup } from '../../../ui/Popup';
import { TextField } from '../../../ui/TextField';
import { errorMessage } from '../../forms/form-errors';
import { pagedItems } from '../../lists/paged-list';
import { useListSearch } from '../../lists/use-list-search';
import { useDriveFiles } from '../api/drive-files';
import { GridSkeleton } from './FileSkeletons';
import { FileThumbnail } from './FileThumbnail';

export interface ImagePickerProps {
  /** The project whose drive to choose from. */
  project: string;
  /** Called with the image chosen; the picker then closes. */
  onPick: (file: DriveFile) => void;
  /** A button that opens it; or control it with `open` and `onOpenChange`. */
  trigger?: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title?: string;
  /** The line under the title; "Images in this project's drive." unless told. */
  description?: string;
  /** Why an image cannot be chosen here (a logo must be public), or undefined: it is listed, disabled, with the reason. */
  unavailable?: (file: DriveFile) => string | undefined;
  /** Where the focus goes on closing (the popup's own rule unless prevented): a composer takes it back. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Images only, newest first; the person's words narrow it (the drive's search syntax works too). */
export function pickerQuery(words: string): string {
  return ['type:image', words.trim()].filter(Boolean).join(' ');
}

/**
 * A dialog listing the project's images, with a search, that hands back the one chosen (a product's
 * photo, a chat attachment). The images load when it opens.
 */
export function ImagePicker({
  project,
  onPick,
  trigger,
  open,
  onOpenChange,
  title = 'Choose an image',
  description = "Images in this project's drive.",
  unavailable,
  onCloseAutoFocus,
}: ImagePickerProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Popup
      title={title}
      description={description}
      open={isOpen}
      onOpenChange={setOpen}
      {...(trigger ? { trigger } : {})}
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      maxWidth={720}
    >
      {isOpen && (
        <PickerBody
          project={project}
          unavailable={unavailable}
          onPick={(file) => {
            onPick(file);
            setOpen(false);
          }}
        />
      )}
    </Popup>
  );
}

function PickerBody({
  project,
  onPick,
  unavailable,
}: {
  project: string;
  onPick: (file: DriveFile) => void;
  unavailable: ImagePickerProps['unavailable'];
}) {
  const search = useListSearch();
  const reasonIds = useId();
  const images = useDriveFiles(project, pickerQuery(search.query), '-created', { pageSize: 24 });
  const items = pagedItems(images.data?.pages, (file) => file.id);
  const refused = images.error instanceof ApiError && images.error.code === 'INVALID_SEARCH' ? images.error : null;

  return (
    <div className="grid gap-4">
      <form role="search" aria-label="Images" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label="Search images"
          type="search"
          placeholder="Name, or tag:summer"
          autoComplete="off"
          spellCheck={false}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          error={refused?.message}
        />
      </form>
      {images.isPending ? (
        <GridSkeleton count={6} label="Loading images…" />
      ) : !images.data ? (
        refused ? null : (
          <LoadError
            title="The images could not be loaded"
            message={errorMessage(images.error)}
            onRetry={() => void images.refetch()}
            retrying={images.isFetching}
          />
        )
      ) : items.length === 0 ? (
        <EmptyState title={search.query ? `No images match “${search.query}”.` : 'No images yet.'}>
          {search.query ? 'Try other words.' : 'Images uploaded to the drive show here.'}
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Images" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {items.map((file) => {
              const reason = unavailable?.(file);
              const reasonId = `${reasonIds}-${file.id}`;
              return (
                <li key={file.id}>
                  <button
                    type="button"
                    onClick={() => onPick(file)}
                    disabled={reason !== undefined}
                    className="group grid w-full gap-1.5 rounded-lg p-1 text-left hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent"
                    aria-label={`Choose ${file.name}`}
                    aria-describedby={reason ? reasonId : undefined}
                  >
                    <FileThumbnail
                      project={project}
                      file={file}
                      alt=""
                      sizes="(min-width: 640px) 12rem, 45vw"
                      className="block aspect-square overflow-hidden rounded-md border border-border"
                    />
                    <span className="truncate text-xs text-muted">{file.name}</span>
                    {reason && (
                      <span id={reasonId} className="text-xs text-warning">
                        {reason}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          {images.hasNextPage && (
            <div>
              <Button
                variant="secondary"
                onClick={() => void images.fetchNextPage()}
                disabled={images.isFetchingNextPage}
              >
                {images.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
