import { useState } from 'react';
import { errorMessage } from './form-errors';

/** The parts of a TanStack mutation that a confirmation runs. */
export interface ConfirmableMutation<V> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset(): void;
  mutate(variables: V, options: { onSuccess: () => void }): void;
}

/**
 * An action on one item that asks first: `ask(item)` opens the ConfirmDialog that `dialog` drives
 * (spread it on one). Confirming runs the mutation; on success the dialog closes and `onDone(item)`
 * follows. A failure shows in the dialog, which stays open; cancelling forgets it.
 */
export function useConfirmedMutation<T, V>(
  mutation: ConfirmableMutation<V>,
  variablesOf: (item: T) => V,
  onDone: (item: T) => void,
) {
  const [target, setTarget] = useState<T | null>(null);
  return {
    /** The item the open dialog is about. */
    target,
    ask: (item: T) => setTarget(() => item),
    dialog: {
      open: target !== null,
      pending: mutation.isPending,
      error: mutation.isError ? errorMessage(mutation.error) : undefined,
      onCancel: () => {
        setTarget(null);
        mutation.reset();
      },
      onConfirm: () => {
        if (target === null) return;
        mutation.mutate(variablesOf(target), {
          onSuccess: () => {
            setTarget(null);
            onDone(target);
          },
        });
      },
    },
  };
}
