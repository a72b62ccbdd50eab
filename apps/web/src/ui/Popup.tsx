import { useRef, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { cx } from './cx';
import { Icon } from './Icon';
import { overlays } from './overlays';
import { ScrollFade } from './ScrollFade';
import { StandInTrigger, useOverlays } from './StandInTrigger';
import { useControllableOpen } from './use-controllable-open';

/** SPEC.md section 9: popups are at most 800px wide and 700px high; the body scrolls inside. */
export const POPUP_MAX_WIDTH = 800;
export const POPUP_MAX_HEIGHT = 700;

export type PopupPlacement = 'center' | 'sheet';

export interface PopupProps {
  /** Names the popup (its heading and its accessible name). */
  title: ReactNode;
  /** A line under the title, read out with it. */
  description?: ReactNode;
  /** The body; it scrolls when it is taller than the popup allows. */
  children?: ReactNode;
  /** Actions under the body (Cancel, Save); wrap a button in <PopupClose> to make it close the popup. */
  footer?: ReactNode;
  /** Controlled open state; leave it out (and maybe set `defaultOpen`) to let the popup keep its own. */
  open?: boolean;
  defaultOpen?: boolean;
  /** Every open and close: the trigger, the close button, Escape, the backdrop. */
  onOpenChange?: (open: boolean) => void;
  /** A button that opens the popup (and gets the focus back when it closes). */
  trigger?: ReactElement;
  /** A press that starts and ends on the backdrop closes the popup; true unless told. */
  closeOnBackdrop?: boolean;
  /** Blurs the page behind the backdrop; true unless told. */
  blur?: boolean;
  /** False while something must finish first (a save): Escape, backdrop and close button do nothing. */
  dismissible?: boolean;
  /** A number is pixels. 800 unless told. */
  maxWidth?: number | string;
  /** A number is pixels. 700 unless told. */
  maxHeight?: number | string;
  /** `center` (the default), or `sheet`: full width along the bottom edge, as on phones. */
  placement?: PopupPlacement;
  /** Keeps the title for screen readers only. */
  hideTitle?: boolean;
  /** The close button's accessible name; "Close" unless told. */
  closeLabel?: string;
  /** Shows the close button; true unless told (a popup that only an answer may close has none). */
  closeButton?: boolean;
  /** Where the focus goes on opening; the first field or button of the body unless prevented. */
  onOpenAutoFocus?: (event: Event) => void;
  /** Where the focus goes on closing; back where it was before opening unless prevented. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Classes of the popup's panel and of its body. */
  className?: string;
  bodyClassName?: string;
}

const length = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

/**
 * A modal popup on Radix Dialog: focus moves in, stays in, and goes back where it was on closing;
 * Escape closes; the page behind is inert and does not scroll. Sits on the modal layer (z-modal).
 *
 * The backdrop closes it only for a press that both starts and ends on the backdrop, so selecting
 * text in a field and releasing the mouse outside the panel does not throw away what was typed.
 *
 * Radix comes on intent or on the first opening (ui/overlays.ts): until then a trigger is a stand-in
 * that opens the popup when pressed, and the popup appears as soon as the code has come.
 */
export function Popup({
  title,
  description,
  children,
  footer,
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  closeOnBackdrop = true,
  blur = true,
  dismissible = true,
  maxWidth = POPUP_MAX_WIDTH,
  maxHeight = POPUP_MAX_HEIGHT,
  placement = 'center',
  hideTitle = false,
  closeLabel = 'Close',
  closeButton = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  className,
  bodyClassName,
}: PopupProps) {
  const [isOpen, setOpen] = useControllableOpen(open, defaultOpen, onOpenChange);
  const pressStartedOnBackdrop = useRef(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const radix = useOverlays(isOpen);
  const sheet = placement === 'sheet';

  if (!radix) {
    if (!trigger) return null;
    return <StandInTrigger trigger={trigger} opens="dialog" open={isOpen} onOpen={() => setOpen(true)} />;
  }
  const { Dialog } = radix;

  const panelStyle: CSSProperties = sheet
    ? { maxHeight: `min(${length(maxHeight)}, calc(100dvh - 3rem))` }
    : { maxWidth: length(maxWidth), maxHeight: `min(${length(maxHeight)}, calc(100dvh - 2rem))` };

  return (
    <Dialog.Root open={isOpen} onOpenChange={(next) => (next || dismissible) && setOpen(next)}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay
          data-popup-backdrop=""
          className={cx(
            'fixed inset-0 z-modal flex justify-center overflow-y-auto bg-black/40 motion-safe:animate-fade-in',
            blur && 'backdrop-blur-sm',
            sheet ? 'items-end pt-12' : 'items-center p-4 sm:p-6',
          )}
          onPointerDown={(event) => {
            pressStartedOnBackdrop.current = event.button === 0 && event.target === event.currentTarget;
          }}
          onPointerUp={(event) => {
            const startedHere = pressStartedOnBackdrop.current;
            pressStartedOnBackdrop.current = false;
            if (startedHere && event.target === event.currentTarget && closeOnBackdrop && dismissible) setOpen(false);
          }}
          onPointerCancel={() => {
            pressStartedOnBackdrop.current = false;
          }}
        >
          <Dialog.Content
            // Radix would close on any press outside the panel; the backdrop's handlers decide instead.
            onPointerDownOutside={(event) => event.preventDefault()}
            onEscapeKeyDown={(event) => {
              if (!dismissible) event.preventDefault();
            }}
            onOpenAutoFocus={(event) => {
              returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              onOpenAutoFocus?.(event);
            }}
            onCloseAutoFocus={(event) => {
              // Radix only knows its own trigger; a popup opened from a menu or by state goes back too.
              const target = returnFocusTo.current;
              returnFocusTo.current = null;
              onCloseAutoFocus?.(event);
              if (event.defaultPrevented) return;
              if (target && target.isConnected && target !== document.body) {
                event.preventDefault();
                target.focus();
              }
            }}
            {...(description ? {} : { 'aria-describedby': undefined })}
            style={panelStyle}
            className={cx(
              'relative flex w-full flex-col border border-border bg-surface text-text shadow-xl outline-none',
              sheet
                ? 'rounded-t-2xl border-b-0 pb-[env(safe-area-inset-bottom)] motion-safe:animate-sheet-in'
                : 'rounded-xl motion-safe:animate-popup-in',
              className,
            )}
          >
            <div className={cx('shrink-0 px-5 pt-5 pr-14 sm:px-6 sm:pt-6 sm:pr-14', hideTitle && 'sr-only')}>
              <Dialog.Title className="text-lg font-semibold text-text">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm/6 text-muted">{description}</Dialog.Description>
              )}
            </div>
            <ScrollFade className={cx('min-h-0 flex-1 overscroll-contain px-5 py-4 sm:px-6', bodyClassName)}>
              {children}
            </ScrollFade>
            {footer && (
              <div className="flex shrink-0 flex-col-reverse gap-2 border-t border-border px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
                {footer}
              </div>
            )}
            {/* Last in the DOM, so opening focuses the body's first field rather than this. */}
            {closeButton && (
              <Dialog.Close
                aria-label={closeLabel}
                disabled={!dismissible}
                className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-raised hover:text-text focus-visible:outline-2 focus-visible:outline-focus disabled:opacity-50 sm:top-4 sm:right-4"
              >
                <Icon name="close" size={20} />
              </Dialog.Close>
            )}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Wraps a button of the popup (Cancel) so that pressing it closes the popup. */
export function PopupClose({ children }: { children: ReactElement }) {
  // Only ever inside an open popup, so Radix has come.
  const radix = overlays.current();
  if (!radix) return children;
  return <radix.Dialog.Close asChild>{children}</radix.Dialog.Close>;
}
