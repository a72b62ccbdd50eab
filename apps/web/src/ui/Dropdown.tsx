import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { cx } from './cx';
import { overlays } from './overlays';
import { Popup } from './Popup';
import { StandInTrigger, useOverlays } from './StandInTrigger';
import { useControllableOpen } from './use-controllable-open';
import { mediaQueries, useMediaQuery } from './use-media-query';

/** SPEC.md section 9: dropdowns are at most 500px high, 0.5rem from their trigger, right aligned, below. */
export const DROPDOWN_MAX_HEIGHT = 500;
export const DROPDOWN_OFFSET = 8;

export interface DropdownProps {
  /** The button that opens it (it gets aria-expanded and the focus back on closing). */
  trigger: ReactElement;
  /** Names the menu or panel; the heading of the sheet on narrow screens. */
  label: string;
  /** Controlled open state; leave it out (and maybe set `defaultOpen`) to let the dropdown keep its own. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Which edge lines up with the trigger's; `end` (right aligned) unless told. */
  align?: 'start' | 'center' | 'end';
  /** Where it opens; `bottom` (below) unless told. It flips when there is no room. */
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** The gap to the trigger in px; 8 (0.5rem) unless told. */
  sideOffset?: number;
  /** A number is pixels (the account menu: 300). Never wider than the screen. */
  width?: number | string;
  /** A number is pixels; 500 unless told (the account menu: 610). Longer content scrolls. */
  maxHeight?: number | string;
  /** Classes of the dropdown's panel (on wide screens). */
  className?: string;
  children: ReactNode;
}

interface DropdownContextValue {
  /** `popover` on wide screens, `sheet` (a bottom Popup) on narrow ones. */
  mode: 'popover' | 'sheet';
  close: () => void;
}

const DropdownContext = createContext<DropdownContextValue | null>(null);

/** Closes the dropdown around the caller (a panel's "Sign out" after it has run). */
export function useDropdownClose(): () => void {
  const context = useContext(DropdownContext);
  return context?.close ?? noop;
}

function noop() {}

const length = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

function panelStyle(width: number | string | undefined, maxHeight: number | string, available: string): CSSProperties {
  return {
    ...(width !== undefined && { width: length(width) }),
    maxWidth: 'calc(100vw - 1rem)',
    maxHeight: `min(${length(maxHeight)}, var(${available}, 100vh))`,
  };
}

const panelClasses =
  'z-dropdown overflow-y-auto overscroll-contain rounded-xl border border-border bg-surface text-text shadow-lg outline-none motion-safe:animate-dropdown-in';

/**
 * What both dropdowns share: popovers from the `sm` breakpoint (640px) up and bottom sheets below it,
 * controlled or their own open state, and SPEC.md section 9's placement defaults. Radix comes on
 * intent or on the first opening (ui/overlays.ts): until then `radix` is undefined and the trigger
 * is a stand-in.
 */
function useDropdown({
  open,
  defaultOpen,
  onOpenChange,
  align = 'end',
  side = 'bottom',
  sideOffset = DROPDOWN_OFFSET,
  width,
  maxHeight = DROPDOWN_MAX_HEIGHT,
}: DropdownProps) {
  const wide = useMediaQuery(mediaQueries.sm, true);
  const [isOpen, setOpen] = useControllableOpen(open, defaultOpen, onOpenChange);
  return {
    wide,
    radix: useOverlays(isOpen),
    isOpen,
    setOpen,
    close: () => setOpen(false),
    placement: { align, side, sideOffset, collisionPadding: 8 },
    width,
    maxHeight,
  };
}

/**
 * A dropdown of free content (the account panel): a popover beside its trigger on wide screens,
 * closed by Escape or a press outside it; a bottom sheet (a Popup) on narrow ones. Sits on the
 * dropdown layer (z-dropdown). `useDropdownClose()` closes it from inside.
 */
export function DropdownPanel(props: DropdownProps) {
  const { trigger, label, className, children } = props;
  const { wide, radix, isOpen, setOpen, close, placement, width, maxHeight } = useDropdown(props);

  if (!wide) {
    return (
      <Popup
        title={label}
        trigger={trigger}
        open={isOpen}
        onOpenChange={setOpen}
        placement="sheet"
        maxHeight={maxHeight}
      >
        <DropdownContext value={{ mode: 'sheet', close }}>{children}</DropdownContext>
      </Popup>
    );
  }
  if (!radix) {
    return <StandInTrigger trigger={trigger} opens="dialog" open={isOpen} onOpen={() => setOpen(true)} />;
  }
  const { Popover } = radix;
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={label}
          {...placement}
          style={panelStyle(width, maxHeight, '--radix-popover-content-available-height')}
          className={cx(panelClasses, className)}
        >
          <DropdownContext value={{ mode: 'popover', close }}>{children}</DropdownContext>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * A menu of actions: on wide screens a Radix dropdown menu (arrow keys, Home/End, typeahead,
 * Escape, a press outside closes it); on narrow screens a bottom sheet with the same items, where
 * arrow keys and typeahead work too. Fill it with DropdownMenuItem, DropdownMenuLabel and
 * DropdownMenuSeparator.
 */
export function DropdownMenu(props: DropdownProps) {
  const { trigger, label, className, children } = props;
  const { wide, radix, isOpen, setOpen, close, placement, width, maxHeight } = useDropdown(props);
  const list = useRef<HTMLDivElement>(null);
  // Opened from the stand-in by the keyboard: Radix's menu was not there to see the key, so when it
  // focuses its panel the first item takes the focus, as Radix gives it when its trigger gets a key.
  const focusFirstItem = useRef(false);

  if (!wide) {
    return (
      <Popup
        title={label}
        trigger={trigger}
        open={isOpen}
        onOpenChange={setOpen}
        placement="sheet"
        maxHeight={maxHeight}
        bodyClassName="px-2! sm:px-3!"
        onOpenAutoFocus={(event) => {
          const first = menuItems(list.current)[0];
          if (first) {
            event.preventDefault();
            first.focus();
          }
        }}
      >
        <div ref={list} role="menu" aria-label={label} className="grid gap-0.5" onKeyDown={onSheetMenuKeyDown}>
          <DropdownContext value={{ mode: 'sheet', close }}>{children}</DropdownContext>
        </div>
      </Popup>
    );
  }
  if (!radix) {
    return (
      <StandInTrigger
        trigger={trigger}
        opens="menu"
        open={isOpen}
        onOpen={(byKeyboard) => {
          focusFirstItem.current = byKeyboard;
          setOpen(true);
        }}
      />
    );
  }
  const { Menu } = radix;
  return (
    <Menu.Root open={isOpen} onOpenChange={setOpen} modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          onFocus={(event) => {
            if (!focusFirstItem.current || event.target !== event.currentTarget) return;
            focusFirstItem.current = false;
            menuItems(event.currentTarget)[0]?.focus();
          }}
          // Named by `label` as the sheet is, rather than by the trigger's text.
          aria-labelledby={undefined}
          aria-label={label}
          {...placement}
          loop
          style={panelStyle(width, maxHeight, '--radix-dropdown-menu-content-available-height')}
          className={cx(panelClasses, 'min-w-48 p-1', className)}
        >
          <DropdownContext value={{ mode: 'popover', close }}>{children}</DropdownContext>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')];
}

/** The sheet's keyboard: what Radix gives the wide menu (arrows wrap, Home, End, typeahead). */
function onSheetMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  const items = menuItems(event.currentTarget);
  if (items.length === 0) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next: HTMLElement | undefined;
  if (event.key === 'ArrowDown') next = items[(index + 1) % items.length];
  else if (event.key === 'ArrowUp') next = items[(index - 1 + items.length) % items.length];
  else if (event.key === 'Home') next = items[0];
  else if (event.key === 'End') next = items[items.length - 1];
  else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
    const key = event.key.toLowerCase();
    const after = [...items.slice(index + 1), ...items.slice(0, index + 1)];
    next = after.find((item) => item.textContent?.trim().toLowerCase().startsWith(key));
  }
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/** Radix's menu, for the items: they only ever render inside an open menu, so it has come. */
const radixMenu = () => overlays.current()?.Menu;

const itemClasses =
  'flex w-full cursor-pointer items-center gap-2.5 rounded-md px-3 text-left text-text outline-none select-none ' +
  'hover:bg-surface-raised focus-visible:bg-surface-raised data-highlighted:bg-surface-raised ' +
  'data-disabled:cursor-not-allowed data-disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

export interface DropdownMenuItemProps {
  children: ReactNode;
  /** Runs when the item is chosen (click, Enter, Space); the menu then closes. */
  onSelect?: () => void;
  disabled?: boolean;
  /** `danger` for destructive actions (Sign out, Delete). */
  tone?: 'default' | 'danger';
  /** Before the text (an <Icon />). Ignored with `asChild`. */
  icon?: ReactNode;
  /** Makes the single child element (a router <Link>) the item, keeping its own behaviour. */
  asChild?: boolean;
  /** What typeahead matches when the text is not plain. */
  textValue?: string;
  className?: string;
}

/** One action of a DropdownMenu. */
export function DropdownMenuItem({
  children,
  onSelect,
  disabled = false,
  tone = 'default',
  icon,
  asChild = false,
  textValue,
  className,
}: DropdownMenuItemProps) {
  const context = useContext(DropdownContext);
  const classes = cx(itemClasses, tone === 'danger' && 'text-danger!', className);
  const Menu = radixMenu();

  if (context?.mode !== 'sheet' && Menu) {
    return (
      <Menu.Item
        onSelect={() => onSelect?.()}
        disabled={disabled}
        textValue={textValue}
        asChild={asChild}
        className={cx(classes, 'py-2 text-sm')}
      >
        {asChild ? (
          children
        ) : (
          <>
            {icon}
            <span className="min-w-0 flex-1 truncate">{children}</span>
          </>
        )}
      </Menu.Item>
    );
  }

  // Outside any dropdown there is nothing to be an item of.
  if (!context) return null;
  const sheetClasses = cx(classes, 'py-3 text-base');
  const choose = (event: MouseEvent) => {
    if (disabled) {
      event.preventDefault();
      return;
    }
    onSelect?.();
    context.close();
  };
  if (asChild && isValidElement<{ className?: string; onClick?: (event: MouseEvent) => void }>(children)) {
    return cloneElement(children, {
      role: 'menuitem',
      'aria-disabled': disabled || undefined,
      className: cx(sheetClasses, children.props.className),
      onClick: (event: MouseEvent) => {
        children.props.onClick?.(event);
        choose(event);
      },
    } as Record<string, unknown>);
  }
  return (
    <button
      type="button"
      role="menuitem"
      aria-disabled={disabled || undefined}
      className={sheetClasses}
      onClick={choose}
    >
      {icon}
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </button>
  );
}

/** A heading over a group of items. */
export function DropdownMenuLabel({ children, className }: { children: ReactNode; className?: string }) {
  const context = useContext(DropdownContext);
  const classes = cx('px-3 pt-2 pb-1 text-xs font-medium text-muted', className);
  const Menu = radixMenu();
  if (context?.mode === 'sheet' || !Menu) return <div className={classes}>{children}</div>;
  return <Menu.Label className={classes}>{children}</Menu.Label>;
}

/** A line between groups of items. */
export function DropdownMenuSeparator({ className }: { className?: string }) {
  const context = useContext(DropdownContext);
  const classes = cx('-mx-1 my-1 h-px bg-border', className);
  const Menu = radixMenu();
  if (context?.mode === 'sheet' || !Menu) return <div role="separator" className={classes} />;
  return <Menu.Separator className={classes} />;
}
