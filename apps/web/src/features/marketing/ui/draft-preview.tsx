import { cx } from '../../../ui/cx';
import { Spinner } from '../../../ui/Spinner';
import type { DraftPreview } from '../api/drafts-preview';

/** How the preview is shown: the HTML part at a desktop client's or a phone's width, or the text part. */
export type PreviewView = 'desktop' | 'phone' | 'text';

const VIEWS: [PreviewView, string][] = [
  ['desktop', 'Desktop'],
  ['phone', 'Phone'],
  ['text', 'Plain text'],
];

/** A desktop mail client's reading pane, and a phone's screen. */
export const PREVIEW_WIDTHS = { desktop: 600, phone: 375 } as const;

/**
 * The mail as one subscriber would get it, in a sandboxed frame (no scripts, no access to the
 * console) at the chosen width, or the pane's when that is narrower (the mail's column is fluid).
 */
export function DraftPreviewPane({
  preview,
  loading,
  view,
  onViewChange,
}: {
  preview: DraftPreview | undefined;
  loading: boolean;
  view: PreviewView;
  onViewChange: (view: PreviewView) => void;
}) {
  return (
    <section aria-label="Preview" className="grid min-w-0 content-start gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">Preview</h2>
        {loading && (
          <span className="flex items-center gap-1.5 text-xs text-muted">
            <Spinner /> Updating…
          </span>
        )}
        <div
          role="group"
          aria-label="Preview width"
          className="ml-auto flex overflow-hidden rounded-md border border-border"
        >
          {VIEWS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => onViewChange(value)}
              className={cx(
                'px-3 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus',
                view === value ? 'bg-primary text-on-primary' : 'bg-surface hover:bg-surface-raised',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {preview ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">To</dt>
            <dd className="min-w-0 break-words">
              {preview.recipient.name
                ? `${preview.recipient.name} <${preview.recipient.email}>`
                : preview.recipient.email}
            </dd>
            <dt className="text-muted">Subject</dt>
            <dd className="min-w-0 font-medium break-words">{preview.subject || '(no subject)'}</dd>
          </dl>
          {view === 'text' ? (
            <pre
              aria-label="Plain-text part"
              className="max-h-[640px] overflow-auto rounded-xl border border-border bg-surface p-4 font-mono text-xs whitespace-pre-wrap"
            >
              {preview.text}
            </pre>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-border bg-surface-raised p-2">
              <iframe
                title="Mail preview"
                sandbox=""
                srcDoc={preview.html}
                width={PREVIEW_WIDTHS[view]}
                height={640}
                className="mx-auto block max-w-none rounded-md bg-white"
                // The chosen width, or the pane's when it is narrower: beside the editor at 1280 px the
                // pane is under 600 px, and the mail's own column (520 px, fluid) fits it without scrolling.
                style={{ width: `min(100%, ${PREVIEW_WIDTHS[view]}px)` }}
              />
            </div>
          )}
        </>
      ) : (
        <p className="text-sm text-muted">{loading ? 'Rendering the preview…' : 'The preview appears here.'}</p>
      )}
    </section>
  );
}
