/** A square icon-only control of the header (its name comes from aria-label). */
export const headerIconButton =
  'grid size-10 shrink-0 place-items-center rounded-md text-muted hover:bg-surface-raised hover:text-text';
