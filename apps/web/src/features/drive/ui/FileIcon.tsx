import { cx } from '../../../ui/cx';
import { fileKind, typeLabel, type FileKind } from '../file-kinds';

/** Each family's colour, from the theme's tones, so the icons read in light and dark alike. */
const tones: Record<FileKind, string> = {
  image: 'text-success',
  video: 'text-primary',
  audio: 'text-primary',
  pdf: 'text-danger',
  text: 'text-muted',
  archive: 'text-warning',
  other: 'text-muted',
};

/**
 * A file's type as a page with its letters on it (PNG, PDF, ZIP), in its family's colour. It fills
 * its box (give it one), and is decorative: the file's name says what it is.
 */
export function FileIcon({ type, className }: { type: string; className?: string }) {
  const label = typeLabel(type);
  return (
    <span
      aria-hidden="true"
      data-file-icon={label}
      className={cx('grid size-full place-items-center bg-surface-raised', tones[fileKind(type)], className)}
    >
      <svg viewBox="0 0 40 48" className="h-3/5 max-h-24 min-h-6 w-auto" fill="none">
        <path
          d="M6 2h20l10 10v32a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z"
          className="fill-surface"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M26 2v10h10" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <text
          x="20"
          y="35"
          textAnchor="middle"
          fill="currentColor"
          fontSize={label.length > 3 ? 9 : 11}
          fontWeight="700"
          fontFamily="ui-sans-serif, system-ui, sans-serif"
        >
          {label}
        </text>
      </svg>
    </span>
  );
}
