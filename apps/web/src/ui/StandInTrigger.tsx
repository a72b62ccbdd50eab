import {
  cloneElement,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { useDeferredModule } from './deferred-module';
import { overlays, type OverlayPrimitives } from './overlays';

type TriggerElementProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * The caller's own handler, then Radix fetched: someone is about to use the trigger (a pointer over
 * it, a finger on it, the focus on it).
 */
function fetchingOn<E>(own: ((event: E) => void) | undefined) {
  return (event: E) => {
    own?.(event);
    overlays.load().catch(() => undefined);
  };
}

export interface StandInTriggerProps {
  /** The caller's trigger (a button), shown as it is. */
  trigger: ReactElement;
  /** What it opens, as the real trigger announces it. */
  opens: 'dialog' | 'menu';
  open: boolean;
  /** `byKeyboard`: Enter, Space or ArrowDown opened it (a menu then focuses its first item, as Radix's does). */
  onOpen: (byKeyboard: boolean) => void;
}

/**
 * A popup's or dropdown's trigger until it is first opened (ui/overlays.ts): the same element,
 * announcing what it opens, fetching Radix as soon as someone shows intent (pointer over it, finger
 * on it, focus on it) and opening it when pressed (Enter, Space, a click; ArrowDown for a menu, as
 * Radix's does). Swapped for Radix's trigger only then, after the press, so no press is lost to it.
 */
export function StandInTrigger({ trigger, opens, open, onOpen }: StandInTriggerProps) {
  const own = trigger as ReactElement<TriggerElementProps>;
  return cloneElement(own, {
    // Marks it for tests and for anyone reading the page's HTML.
    'data-stand-in': '',
    'aria-haspopup': opens,
    'aria-expanded': open,
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.props.onClick?.(event);
      // A click made by Enter or Space has no pointer behind it: detail 0.
      if (!event.defaultPrevented) onOpen(event.detail === 0);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.props.onKeyDown?.(event);
      if (opens === 'menu' && event.key === 'ArrowDown' && !event.defaultPrevented) {
        event.preventDefault();
        onOpen(true);
      }
    },
    onPointerEnter: fetchingOn(own.props.onPointerEnter),
    onPointerDown: fetchingOn(own.props.onPointerDown),
    onFocus: fetchingOn(own.props.onFocus),
  } as TriggerElementProps);
}

/**
 * For a component with a popup or dropdown: Radix's primitives from its first opening on (fetched
 * then if intent has not fetched them already); until then, show a StandInTrigger. The swap needs
 * no care for the focus: opening moves it into the popup, and closing returns it to Radix's trigger.
 */
export function useOverlays(open: boolean): OverlayPrimitives | undefined {
  const loaded = useDeferredModule(overlays, open);
  // Once opened, Radix's own parts stay (closing runs through them).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? loaded : undefined;
}
