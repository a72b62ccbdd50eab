import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';
import { Spinner } from './Spinner';

/** A form's submit button: disabled while the form is sending, saying what it is doing. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean; pendingLabel: ReactNode }) {
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending && <Spinner className="size-4! border-2! border-current/30! border-t-current!" />}
      {pending ? pendingLabel : children}
    </Button>
  );
}
