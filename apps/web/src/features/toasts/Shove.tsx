import { useEffect, useEffectEvent, useRef, useState, type PointerEvent } from 'react';
import { SWIPE_SPRING_BACK_S } from './constants';
import { ActionButton, CloseButton, levelTone, roleFor } from './parts';
import { opacityFor, outcome } from './swipe';
import { dismiss, useToasts, type ToastAction, type ToastLevel } from './toasts';
import { cx } from '../../ui/cx';

export interface ShoveProps {
  message: string;
  title?: string;
  level?: ToastLevel;
  /** When given, the shove goes by itself after this many ms; otherwise it stays until dismissed. */
  timeout?: number;
  action?: ToastAction;
  onDismiss: () => void;
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
}

/**
 * One shove (SPEC.md sections 4 and 9): swiped sideways past the threshold it goes; released
 * short of it, it springs back; mostly vertical movement hands the gesture back to the page so
 * it can scroll. The close button and Escape do the same for keyboards and screen readers.
 */
export function Shove({ message, title, level = 'info', timeout, action, onDismiss }: ShoveProps) {
  const drag = useRef<Drag | null>(null);
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const expire = useEffectEvent(onDismiss);

  useEffect(() => {
    if (timeout === undefined) return;
    const timer = setTimeout(() => expire(), timeout);
    return () => clearTimeout(timer);
  }, [timeout]);

  function release(event: PointerEvent<HTMLDivElement>) {
    drag.current = null;
    setDragging(false);
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  }

  function springBack(event: PointerEvent<HTMLDivElement>) {
    release(event);
    setDx(0);
  }

  return (
    <div
      data-swiping={dragging || undefined}
      onPointerDown={(event) => {
        // A press on a button is a press: capturing it would send the click to the shove instead.
        if (!event.isPrimary || event.button !== 0) return;
        if ((event.target as Element).closest('button, a')) return;
        drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }}
      onPointerMove={(event) => {
        const start = drag.current;
        if (!start || start.pointerId !== event.pointerId) return;
        const moved = event.clientX - start.x;
        if (outcome(moved, event.clientY - start.y, false) === 'cancel') {
          springBack(event);
          return;
        }
        setDragging(true);
        setDx(moved);
      }}
      onPointerUp={(event) => {
        const start = drag.current;
        if (!start || start.pointerId !== event.pointerId) return;
        const result = outcome(event.clientX - start.x, event.clientY - start.y);
        if (result === 'remove') {
          release(event);
          onDismiss();
        } else {
          springBack(event);
        }
      }}
      onPointerCancel={springBack}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
      style={{
        transform: `translateX(${dx}px)`,
        opacity: opacityFor(dx),
        transition: dragging
          ? 'none'
          : `transform ${SWIPE_SPRING_BACK_S}s ease-out, opacity ${SWIPE_SPRING_BACK_S}s ease-out`,
      }}
      className={cx(
        'pointer-events-auto w-full touch-pan-y overflow-hidden rounded-lg border border-current/20 shadow-lg select-none motion-safe:animate-fade-in',
        levelTone(level),
      )}
    >
      <div className="flex items-start gap-2 py-2.5 pr-2 pl-3.5 text-sm">
        <div role={roleFor(level)} className="min-w-0 flex-1 py-1 break-words">
          {title && <p className="font-semibold">{title}</p>}
          <p className={title ? 'mt-0.5' : undefined}>{message}</p>
        </div>
        {action && <ActionButton action={action} onDone={onDismiss} />}
        <CloseButton label="Dismiss" onClick={onDismiss} />
      </div>
    </div>
  );
}

/**
 * The shove stack, oldest on top: bottom-right on wide screens; on phones full width along the
 * bottom, above the 3rem bottom nav bar (which goes at the lg breakpoint).
 */
export function ShoveStack() {
  const shoves = useToasts('shove');
  if (shoves.length === 0) return null;
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(3rem+env(safe-area-inset-bottom))] z-notification flex flex-col gap-2 p-2 sm:left-auto sm:w-96 lg:bottom-0 lg:p-4 print:hidden"
    >
      {shoves.map((toast) => (
        <Shove
          key={toast.id}
          message={toast.message}
          title={toast.title}
          level={toast.level}
          timeout={toast.timeout}
          action={toast.action}
          onDismiss={() => dismiss(toast.id)}
        />
      ))}
    </section>
  );
}
