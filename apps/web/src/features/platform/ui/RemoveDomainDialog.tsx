import type { ReactNode } from 'react';
import { errorMessage } from '../../forms/form-errors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/** The parts of a "remove this domain" mutation (TanStack's useMutation) the dialog drives. */
interface DomainRemoval {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
  mutate(domain: string, options: { onSuccess: () => void }): void;
}

/**
 * Asks before a domain is removed, a platform's own or a project's custom one: removing closes the
 * dialog, a failure shows in it, and cancelling forgets that failure so the next ask starts clean.
 * `children` says what stops working, which differs for each kind of domain.
 */
export function RemoveDomainDialog({
  domain,
  removal,
  onClose,
  children,
}: {
  /** The domain asked about; null while the dialog is closed. */
  domain: string | null;
  removal: DomainRemoval;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={domain !== null}
      title={`Remove ${domain ?? 'the domain'}?`}
      confirmLabel="Remove"
      pendingLabel="Removing…"
      danger
      pending={removal.isPending}
      error={removal.isError ? errorMessage(removal.error) : undefined}
      onCancel={() => {
        onClose();
        removal.reset();
      }}
      onConfirm={() => domain && removal.mutate(domain, { onSuccess: onClose })}
    >
      {children}
    </ConfirmDialog>
  );
}
