import type { DriveFile } from '@wharf/contract';
import { FileThumbnail } from '../../features/drive/ui/FileThumbnail';
import { kindName } from '../../features/drive/file-kinds';
import { formatBytes } from '../../features/drive/format';
import { cx } from '../../ui/cx';
import { formatDate } from '../../ui/dates';
import { Tag } from '../../ui/Tag';
import { FileMenu, type FileActions } from './FileMenu';

export interface FileViewProps {
  project: string;
  files: readonly DriveFile[];
  selected: ReadonlySet<string>;
  onSelect: (file: DriveFile, selected: boolean) => void;
  actions: FileActions;
  busy: boolean;
}

/** The tiles' widths at each breakpoint (one column on a phone), for the images' `sizes`. */
const GRID_SIZES =
  '(min-width: 1536px) 15vw, (min-width: 1280px) 19vw, (min-width: 1024px) 24vw, (min-width: 640px) 30vw, (min-width: 475px) 45vw, 90vw';

function Badges({ file }: { file: DriveFile }) {
  if (!file.public && file.status === 'ready' && file.tags.length === 0) return null;
  return (
    <ul aria-label={`Tags of ${file.name}`} className="flex flex-wrap gap-1">
      {file.status !== 'ready' && (
        <li>
          <Tag tone="warning">Not uploaded</Tag>
        </li>
      )}
      {file.public && (
        <li>
          <Tag tone="primary">Public</Tag>
        </li>
      )}
      {file.tags.map((tag) => (
        <li key={tag}>
          <Tag>{tag}</Tag>
        </li>
      ))}
    </ul>
  );
}

function SelectBox({
  file,
  selected,
  onSelect,
  className,
}: {
  file: DriveFile;
  selected: boolean;
  onSelect: FileViewProps['onSelect'];
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${file.name}`}
      checked={selected}
      onChange={(event) => onSelect(file, event.target.checked)}
      className={cx('size-4 shrink-0 accent-primary', className)}
    />
  );
}

/** Name as a button that opens the details. */
function NameButton({ file, onEdit }: { file: DriveFile; onEdit: (file: DriveFile) => void }) {
  return (
    <button
      type="button"
      onClick={() => onEdit(file)}
      title={file.name}
      className="block max-w-full truncate rounded text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-focus"
    >
      {file.name}
    </button>
  );
}

/** The files as tiles: preview, name, size and type, tags; a checkbox and a menu on each. */
export function FileGrid({ project, files, selected, onSelect, actions, busy }: FileViewProps) {
  return (
    <ul
      aria-label="Files"
      aria-busy={busy || undefined}
      className="grid grid-cols-1 gap-4 xs:grid-cols-2 sm:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5"
    >
      {files.map((file) => {
        const isSelected = selected.has(file.id);
        return (
          <li
            key={file.id}
            className={cx(
              'relative flex min-w-0 flex-col overflow-hidden rounded-xl border bg-surface shadow-xs',
              isSelected ? 'border-primary ring-2 ring-primary/40' : 'border-border',
            )}
          >
            <FileThumbnail
              project={project}
              file={file}
              sizes={GRID_SIZES}
              alt=""
              className="block aspect-[4/3] overflow-hidden border-b border-border bg-surface-raised"
            />
            <span className="absolute top-2 left-2 grid size-7 place-items-center rounded-md bg-surface/90 shadow-xs">
              <SelectBox file={file} selected={isSelected} onSelect={onSelect} />
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 pr-1.5">
              <div className="flex min-w-0 items-start gap-1">
                <div className="min-w-0 flex-1 text-sm">
                  <NameButton file={file} onEdit={actions.onEdit} />
                  <p className="mt-0.5 text-xs text-muted">
                    {formatBytes(file.size)} · {kindName(file.type)}
                  </p>
                </div>
                <FileMenu file={file} actions={actions} />
              </div>
              <Badges file={file} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The files as rows: a small preview, name and tags, size, type, when changed; stacked on a phone. */
export function FileTable({ project, files, selected, onSelect, actions, busy }: FileViewProps) {
  const cell = 'max-md:block md:border-b md:border-border md:py-2.5';
  return (
    <table className="w-full text-sm max-md:block" aria-label="Files" aria-busy={busy || undefined}>
      <thead className="max-md:sr-only">
        <tr className="border-b border-border text-left text-sm text-muted">
          <th scope="col" className="w-8 py-2 pr-2 font-semibold">
            <span className="sr-only">Selected</span>
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Name
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Size
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Type
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Changed
          </th>
          <th scope="col" className="py-2 pl-3 text-right font-semibold">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="max-md:grid max-md:gap-2">
        {files.map((file) => {
          const isSelected = selected.has(file.id);
          return (
            <tr
              key={file.id}
              className={cx(
                'max-md:grid max-md:grid-cols-[auto_minmax(0,1fr)_auto] max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-xl max-md:border max-md:bg-surface max-md:p-3',
                isSelected ? 'bg-primary-soft/60 max-md:border-primary' : 'max-md:border-border',
              )}
            >
              <td className={cx(cell, 'max-md:col-start-1 max-md:row-span-2 max-md:row-start-1 md:w-8 md:pr-2')}>
                <SelectBox file={file} selected={isSelected} onSelect={onSelect} className="block" />
              </td>
              <th
                scope="row"
                className={cx(cell, 'min-w-0 text-left font-normal max-md:col-start-2 max-md:row-start-1 md:pr-3')}
              >
                <div className="flex min-w-0 items-center gap-3">
                  <FileThumbnail
                    project={project}
                    file={file}
                    sizes="40px"
                    alt=""
                    className="block size-10 shrink-0 overflow-hidden rounded-md border border-border"
                  />
                  <div className="grid min-w-0 gap-1">
                    <NameButton file={file} onEdit={actions.onEdit} />
                    <Badges file={file} />
                  </div>
                </div>
              </th>
              <td
                className={cx(
                  cell,
                  'text-muted max-md:col-start-2 max-md:row-start-2 max-md:pl-[3.25rem] max-md:text-xs md:px-3 md:whitespace-nowrap',
                )}
              >
                {formatBytes(file.size)}
                <span className="md:hidden">
                  {' · '}
                  {kindName(file.type)} ·{' '}
                  <time dateTime={file.updatedAt} className="whitespace-nowrap">
                    {formatDate(file.updatedAt)}
                  </time>
                </span>
              </td>
              <td className={cx(cell, 'text-muted max-md:hidden md:px-3')}>{kindName(file.type)}</td>
              <td className={cx(cell, 'text-muted max-md:hidden md:px-3 md:whitespace-nowrap')}>
                <time dateTime={file.updatedAt}>{formatDate(file.updatedAt)}</time>
              </td>
              <td
                className={cx(
                  cell,
                  'max-md:col-start-3 max-md:row-span-2 max-md:row-start-1 md:w-px md:pl-3 md:text-right',
                )}
              >
                <FileMenu file={file} actions={actions} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
