import type { DriveFile } from '@wharf/contract';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../ui/Dropdown';
import { Icon } from '../../ui/Icon';

/** What can be done to one file, from its menu. */
export interface FileActions {
  canWrite: boolean;
  onEdit: (file: DriveFile) => void;
  onDownload: (file: DriveFile) => void;
  onCopyLink: (file: DriveFile) => void;
  onTogglePublic: (file: DriveFile) => void;
  onDelete: (file: DriveFile) => void;
}

/** A file's actions: details, download, its public link, public or private, delete. */
export function FileMenu({ file, actions }: { file: DriveFile; actions: FileActions }) {
  const { canWrite } = actions;
  const ready = file.status === 'ready';
  return (
    <DropdownMenu
      label={`Actions for ${file.name}`}
      trigger={
        <button
          type="button"
          aria-label={`Actions for ${file.name}`}
          className="grid size-9 shrink-0 place-items-center rounded-md text-muted hover:bg-surface-raised hover:text-text focus-visible:outline-2 focus-visible:outline-focus"
        >
          <Icon name="more" size={18} />
        </button>
      }
    >
      <DropdownMenuItem onSelect={() => actions.onEdit(file)}>
        {canWrite ? 'Edit details…' : 'Details…'}
      </DropdownMenuItem>
      <DropdownMenuItem disabled={!ready} onSelect={() => actions.onDownload(file)}>
        Download
      </DropdownMenuItem>
      {file.public && (
        <DropdownMenuItem disabled={!ready} onSelect={() => actions.onCopyLink(file)}>
          Copy public link
        </DropdownMenuItem>
      )}
      {canWrite && (
        <>
          <DropdownMenuItem onSelect={() => actions.onTogglePublic(file)}>
            {file.public ? 'Make private' : 'Make public'}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem tone="danger" onSelect={() => actions.onDelete(file)}>
            Delete…
          </DropdownMenuItem>
        </>
      )}
    </DropdownMenu>
  );
}
