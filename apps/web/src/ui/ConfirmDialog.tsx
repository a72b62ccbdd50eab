import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { TextField } from './TextField';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, plainly (what a delete removes). */
  children: ReactNode;
  confirmLabel: string;
  /** The busy label while the action runs ("Deleting…"). */
  pendingLabel?: string;
  /** Destructive actions get the danger button. */
  danger?: boolean;
  /** When set, the person must type exactly this before confirming (a project's name before deleting it). */
  typedConfirmation?: string;
  pending?: boolean;
  /** The failure of the last attempt, shown in the dialog (the dialog stays open). */
  error?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation on the native <dialog>: focus moves in and is trapped by the browser,
 * Escape cancels, the page behind is inert. Used before every destructive action.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, pendingLabel, danger = false, typedConfirmation } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [typed, setTyped] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setTyped('');
      // jsdom has no showModal; the attribute is the same state for tests.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  const matches = typedConfirmation === undefined || typed === typedConfirmation;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!props.pending) props.onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-border bg-surface p-0 text-text shadow-xl backdrop:bg-black/40"
    >
      <form
        method="dialog"
        className="grid gap-4 p-5 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !props.pending) props.onConfirm();
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="text-sm/6 text-muted">{children}</div>
        {typedConfirmation !== undefined && (
          <TextField
            label={
              <>
                Type <strong className="font-semibold text-text">{typedConfirmation}</strong> to confirm
              </>
            }
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        )}
        {props.error && <Alert tone="danger">{props.error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={props.onCancel} disabled={props.pending}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={!matches || props.pending}>
            {props.pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
