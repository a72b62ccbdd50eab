import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { NUDGE_COMPONENT_TIMEOUT_MS, NUDGE_REMOVAL_DELAY_MS } from './constants';
import { ActionButton, CloseButton, levelTone, roleFor } from './parts';
import { dismiss, useToasts, type ToastAction, type ToastLevel } from './toasts';
import './toasts.css';
import { cx } from '../../ui/cx';

export interface NudgeProps {
  message: string;
  title?: string;
  level?: ToastLevel;
  /** How long it stays (ms). The store always passes one (2500 by default); rendered directly it is 1000. */
  timeout?: number;
  action?: ToastAction;
  /** Called once the nudge has gone: its timeout ran out, or it was closed, and the exit transition ended. */
  onClose: () => void;
}

/**
 * One nudge (SPEC.md section 4): stays for its timeout while a progress bar runs down, then fades
 * and is removed about 150 ms later. Hovering or focusing it pauses the timer and the bar, so it
 * cannot vanish while someone reads it or reaches for its buttons.
 */
export function Nudge({
  message,
  title,
  level = 'info',
  timeout = NUDGE_COMPONENT_TIMEOUT_MS,
  action,
  onClose,
}: NudgeProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const remaining = useRef(timeout);
  const paused = hovered || focused;
  const close = useEffectEvent(onClose);

  useEffect(() => {
    if (paused || leaving) return;
    const started = Date.now();
    const timer = setTimeout(() => setLeaving(true), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, leaving]);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => close(), NUDGE_REMOVAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  const leave = () => setLeaving(true);

  return (
    <div
      data-leaving={leaving || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') leave();
      }}
      style={{ transition: `opacity ${NUDGE_REMOVAL_DELAY_MS}ms ease-in` }}
      className={cx(
        'pointer-events-auto relative w-full max-w-sm overflow-hidden rounded-lg border border-current/20 shadow-lg motion-safe:animate-fade-in',
        levelTone(level),
        leaving ? 'opacity-0' : 'opacity-100',
      )}
    >
      <div className="flex items-start gap-2 py-2.5 pr-2 pl-3.5 text-sm">
        <div role={roleFor(level)} className="min-w-0 flex-1 py-1 break-words">
          {title && <p className="font-semibold">{title}</p>}
          <p className={title ? 'mt-0.5' : undefined}>{message}</p>
        </div>
        {action && <ActionButton action={action} onDone={leave} />}
        <CloseButton label="Dismiss" onClick={leave} />
      </div>
      <div aria-hidden className="absolute inset-x-0 bottom-0 h-1 bg-current/15">
        <div
          data-testid="nudge-progress"
          data-paused={paused}
          className="toast-progress h-full bg-current/60"
          style={{ animationDuration: `${timeout}ms`, animationPlayState: paused ? 'paused' : 'running' }}
        />
      </div>
    </div>
  );
}

/** The nudge queue: one at a time, oldest first; the next appears once the current one has gone. */
export function NudgeQueue() {
  const [current] = useToasts('nudge');
  if (!current) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+1rem)] z-notification flex justify-center px-4 print:hidden">
      <Nudge
        key={current.id}
        message={current.message}
        title={current.title}
        level={current.level}
        timeout={current.timeout}
        action={current.action}
        onClose={() => dismiss(current.id)}
      />
    </div>
  );
}
