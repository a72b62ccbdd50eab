import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module loaded when it is first wanted rather than with the page: code that only an interaction
 * needs (the Radix machinery of popups and dropdowns) stays out of the first paint's JavaScript and
 * out of the work the browser does before the page is usable (docs/decisions/019-overlays-on-intent.md).
 */
export interface DeferredModule<M> {
  /** The module once it has loaded; until then undefined. */
  current(): M | undefined;
  /** Starts loading (once) and resolves with the module. */
  load(): Promise<M>;
  subscribe(listener: () => void): () => void;
}

export function deferredModule<M>(importer: () => Promise<M>): DeferredModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        // A failed chunk (a deploy replaced it, the network dropped) may be asked for again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    current: () => loaded,
    load,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The module if it has loaded (re-rendering the caller when it does); asked for at once while
 * `needed`. Nothing is fetched on its own: the caller asks when someone shows intent (ui/overlays.ts).
 */
export function useDeferredModule<M>(module: DeferredModule<M>, needed = false): M | undefined {
  const current = useSyncExternalStore(module.subscribe, module.current, module.current);
  useEffect(() => {
    // A failure is not the user's to see here: the module is asked for again on the next open.
    if (needed && !current) module.load().catch(() => undefined);
  }, [current, module, needed]);
  return current;
}
