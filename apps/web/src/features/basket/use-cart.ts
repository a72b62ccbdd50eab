import { useCallback, useSyncExternalStore } from 'react';
import { cartStore, type CartItem, type CartStore } from './cart-store';

const NONE: readonly CartItem[] = Object.freeze([]);
const noSubscription = () => () => {};

export interface Cart {
  items: readonly CartItem[];
  totalQuantity: number;
  /** The project's store (its actions); undefined without a project, where there is no basket. */
  store: CartStore | undefined;
}

/** The basket of `project`, re-rendering on every change (this tab's or another's). */
export function useCart(project: string | undefined): Cart {
  const store = project ? cartStore(project) : undefined;
  const subscribe = useCallback(
    (onChange: () => void) => (store ? store.subscribe(onChange) : noSubscription()),
    [store],
  );
  const items = useSyncExternalStore(
    subscribe,
    () => store?.getItems() ?? NONE,
    () => NONE,
  );
  return { items, totalQuantity: items.reduce((sum, item) => sum + item.quantity, 0), store };
}
