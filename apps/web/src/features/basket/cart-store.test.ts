import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartStorageKey, cartStore, createCartStore, roundToStep } from './cart-store';

const P1 = 'project-1';
const P2 = 'project-2';

afterEach(() => {
  localStorage.clear();
});

describe('the basket (SPEC.md sections 3 and 4 "Cart")', () => {
  it('adds a new item, and adds the quantity of an item already in it', () => {
    const cart = createCartStore(P1);
    cart.addItem({ id: 'gloves', quantity: 2 });
    cart.addItem({ id: 'boxes', quantity: 1 });
    cart.addItem({ id: 'gloves', quantity: 3 });
    expect(cart.getItems()).toEqual([
      { id: 'gloves', quantity: 5 },
      { id: 'boxes', quantity: 1 },
    ]);
    expect(cart.totalQuantity()).toBe(6);
  });

  it('rounds an added quantity down to a multiple of the step: step 6, 4 + 5 is 6', () => {
    const cart = createCartStore(P1);
    cart.addItem({ id: 'cups', quantity: 4 });
    cart.addItem({ id: 'cups', quantity: 5, quantityStep: 6 });
    expect(cart.getItems()).toEqual([{ id: 'cups', quantity: 6, quantityStep: 6 }]);
    // The item keeps its step for later additions: 6 + 7 = 13, down to 12.
    cart.addItem({ id: 'cups', quantity: 7 });
    expect(cart.getItems()).toEqual([{ id: 'cups', quantity: 12, quantityStep: 6 }]);
  });

  it('rounds a new item with a step down, and leaves out one that rounds to nothing', () => {
    const cart = createCartStore(P1);
    cart.addItem({ id: 'cups', quantity: 13, quantityStep: 6 });
    expect(cart.getItems()).toEqual([{ id: 'cups', quantity: 12, quantityStep: 6 }]);
    cart.addItem({ id: 'lids', quantity: 5, quantityStep: 6 });
    expect(cart.getItems().map((i) => i.id)).toEqual(['cups']);
    expect(roundToStep(11, undefined)).toBe(11);
    expect(roundToStep(11, 0)).toBe(11);
  });

  it('sets a quantity, and removes the item at 0 or less', () => {
    const cart = createCartStore(P1);
    cart.addItem({ id: 'a', quantity: 1 });
    cart.addItem({ id: 'b', quantity: 1 });
    cart.addItem({ id: 'c', quantity: 1 });
    cart.setQuantity('a', 9);
    cart.setQuantity('b', 0);
    cart.setQuantity('c', -1);
    cart.setQuantity('missing', 4);
    expect(cart.getItems()).toEqual([{ id: 'a', quantity: 9 }]);
    // Adding a negative quantity that empties it removes it too.
    cart.addItem({ id: 'a', quantity: -9 });
    expect(cart.getItems()).toEqual([]);
  });

  it('removes one item and clears them all', () => {
    const cart = createCartStore(P1);
    cart.addItem({ id: 'a', quantity: 1 });
    cart.addItem({ id: 'b', quantity: 2 });
    cart.remove('a');
    expect(cart.getItems()).toEqual([{ id: 'b', quantity: 2 }]);
    cart.clear();
    expect(cart.getItems()).toEqual([]);
    expect(cart.totalQuantity()).toBe(0);
    expect(localStorage.getItem(cartStorageKey(P1))).toBeNull();
  });

  it('is restored after a reload, one basket per project', () => {
    const first = createCartStore(P1);
    first.addItem({ id: 'gloves', quantity: 3, quantityStep: 3 });
    createCartStore(P2).addItem({ id: 'paper', quantity: 1 });

    // A new page: new stores over the same storage.
    const reloaded = createCartStore(P1);
    expect(reloaded.getItems()).toEqual([{ id: 'gloves', quantity: 3, quantityStep: 3 }]);
    expect(createCartStore(P2).getItems()).toEqual([{ id: 'paper', quantity: 1 }]);
    expect(createCartStore('project-3').getItems()).toEqual([]);
    expect(cartStorageKey(P1)).not.toBe(cartStorageKey(P2));
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(cartStorageKey(P1), 'not json');
    expect(createCartStore(P1).getItems()).toEqual([]);
    localStorage.setItem(
      cartStorageKey(P1),
      JSON.stringify([{ id: 'a', quantity: 2 }, { id: 'b' }, { id: 'c', quantity: -1 }, 'x', { id: 'a', quantity: 5 }]),
    );
    expect(createCartStore(P1).getItems()).toEqual([{ id: 'a', quantity: 2 }]);
  });

  it('keeps the same items array between changes, for React', () => {
    const cart = createCartStore(P1);
    cart.addItem({ id: 'a', quantity: 1 });
    const before = cart.getItems();
    expect(cart.getItems()).toBe(before);
    cart.addItem({ id: 'a', quantity: 1 });
    expect(cart.getItems()).not.toBe(before);
  });

  it('tells its subscribers of changes, its own and other tabs’ (the storage event)', () => {
    const cart = createCartStore(P1);
    const listener = vi.fn();
    const unsubscribe = cart.subscribe(listener);
    cart.addItem({ id: 'a', quantity: 1 });
    expect(listener).toHaveBeenCalledTimes(1);

    // Another tab writes the basket of this project, then of another one.
    const key = cartStorageKey(P1);
    localStorage.setItem(key, JSON.stringify([{ id: 'a', quantity: 4 }]));
    window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(cart.totalQuantity()).toBe(4);
    window.dispatchEvent(new StorageEvent('storage', { key: cartStorageKey(P2), storageArea: localStorage }));
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('still works in memory where storage refuses to write', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    } as unknown as Storage;
    const cart = createCartStore(P1, { storage: refusing, events: undefined });
    cart.addItem({ id: 'a', quantity: 2 });
    expect(cart.getItems()).toEqual([{ id: 'a', quantity: 2 }]);
  });

  it('shares one store per project on a page', () => {
    expect(cartStore(P1)).toBe(cartStore(P1));
    expect(cartStore(P1)).not.toBe(cartStore(P2));
  });
});
