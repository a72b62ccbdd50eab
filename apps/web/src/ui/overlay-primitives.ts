// Only ever imported by ui/overlays.ts, lazily: whatever imports these statically puts them back
// into the first paint's JavaScript.
export * as Dialog from '@radix-ui/react-dialog';
export * as Menu from '@radix-ui/react-dropdown-menu';
export * as Popover from '@radix-ui/react-popover';
