import { useCallback, useState } from 'react';

/**
 * Open state that a parent may control (`open` and `onOpenChange`) or leave to the component
 * (`defaultOpen`); either way `onOpenChange` hears every change.
 */
export function useControllableOpen(
  open: boolean | undefined,
  defaultOpen: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
): [boolean, (open: boolean) => void] {
  const [own, setOwn] = useState(defaultOpen ?? false);
  const controlled = open !== undefined;
  const setOpen = useCallback(
    (next: boolean) => {
      if (!controlled) setOwn(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );
  return [controlled ? open : own, setOpen];
}
