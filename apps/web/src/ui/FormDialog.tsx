import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** The dialog's content (its own <form>), mounted only while open so that it starts afresh each time. */
  children: ReactNode;
  /** Escape; ignored while `busy`. */
  onClose: () => void;
  busy?: boolean;
}

/**
 * A modal on the native <dialog>, like ConfirmDialog: focus moves in and stays in, Escape closes,
 * the page behind is inert, and focus goes back to where it was when it closes. For a short form
 * about one thing (a member's role).
 */
export function FormDialog({ open, title, description, children, onClose, busy = false }: FormDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // jsdom has no showModal; the attribute is the same state for tests.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      returnFocus.current?.focus();
      returnFocus.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] rounded-xl border border-border bg-surface p-0 text-text shadow-xl backdrop:bg-black/40"
    >
      <div className="grid gap-4 p-5 sm:p-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm/6 text-muted">
              {description}
            </p>
          )}
        </div>
        {open && children}
      </div>
    </dialog>
  );
}
