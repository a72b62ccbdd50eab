/**
 * The toast store: three queues (nudge, shove, announcement) in a tiny framework-free
 * subscribe/getSnapshot store, so non-React code can raise toasts too.
 */
import { useSyncExternalStore } from 'react';
import { NUDGE_TIMEOUT_DEFAULT_MS } from './constants';

export type ToastLevel = 'info' | 'success' | 'warning' | 'danger';
export type ToastQueue = 'nudge' | 'shove' | 'announcement';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  message: string;
  title?: string;
  level?: ToastLevel;
  timeout?: number;
  action?: ToastAction;
}

export interface Toast {
  id: string;
  queue: ToastQueue;
  message: string;
  title?: string;
  level: ToastLevel;
  /**
   * Milliseconds the toast stays. Every nudge has one (the store default 2500 when none is given);
   * a shove with one goes by itself after it; announcements stay until dismissed.
   */
  timeout?: number;
  action?: ToastAction;
}

type Listener = () => void;

const EMPTY: readonly Toast[] = Object.freeze([]);

let state: Record<ToastQueue, readonly Toast[]> = { nudge: EMPTY, shove: EMPTY, announcement: EMPTY };
let counter = 0;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

function normalise(input: ToastInput | string): ToastInput {
  return typeof input === 'string' ? { message: input } : input;
}

function push(queue: ToastQueue, input: ToastInput | string): string {
  const { message, title, level = 'info', timeout, action } = normalise(input);
  counter += 1;
  const id = `toast-${counter}`;
  const toast: Toast = {
    id,
    queue,
    message,
    title,
    level,
    timeout: queue === 'nudge' ? (timeout ?? NUDGE_TIMEOUT_DEFAULT_MS) : timeout,
    action,
  };
  state = { ...state, [queue]: [...state[queue], toast] };
  emit();
  return id;
}

/** Queues a nudge: a small message shown one at a time, each for its timeout (default 2500 ms). */
export function nudge(input: ToastInput | string): string {
  return push('nudge', input);
}

/** Adds a shove: a stacked toast that stays until swiped away or closed. */
export function shove(input: ToastInput | string): string {
  return push('shove', input);
}

/** Queues an announcement: shown one at a time in the 40 px bar, the next after the current is dismissed. */
export function announce(input: ToastInput | string): string {
  return push('announcement', input);
}

/** Removes a toast from whichever queue holds it; unknown ids are ignored. */
export function dismiss(id: string): void {
  let changed = false;
  const next = { ...state };
  for (const queue of Object.keys(next) as ToastQueue[]) {
    const kept = next[queue].filter((toast) => toast.id !== id);
    if (kept.length !== next[queue].length) {
      next[queue] = kept.length ? kept : EMPTY;
      changed = true;
    }
  }
  if (changed) {
    state = next;
    emit();
  }
}

/** Subscribes to every change; returns the unsubscribe. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current toasts of one queue, oldest first (a stable array until that queue changes). */
export function getSnapshot(queue: ToastQueue): readonly Toast[] {
  return state[queue];
}

/** The toasts of one queue, oldest first, kept current with the store. */
export function useToasts(queue: ToastQueue): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => getSnapshot(queue),
    () => getSnapshot(queue),
  ) as Toast[];
}

/** Empties every queue and restarts ids (for tests). */
export function resetToasts(): void {
  state = { nudge: EMPTY, shove: EMPTY, announcement: EMPTY };
  counter = 0;
  emit();
}
