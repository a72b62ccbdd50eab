/**
 * The resupply basket (SPEC.md sections 3 and 4 "Cart"): one per project, kept in localStorage so
 * that it survives reloads, and kept in step between tabs through the storage event. Framework
 * free: React reads it through use-cart.ts.
 */

/** SPEC.md section 3 "Cart item". */
export interface CartItem {
  id: string;
  quantity: number;
  /** When set, quantities added are rounded down to a multiple of it. */
  quantityStep?: number;
}

export interface CartStore {
  /** The items, in the order they were first added; the same array until something changes. */
  getItems(): readonly CartItem[];
  /** Total of every item's quantity. */
  totalQuantity(): number;
  /** Adds to the item's quantity (a new item starts at it), rounded down to its step; 0 or less removes it. */
  addItem(item: CartItem): void;
  /** Sets the item's quantity; 0 or less removes it. An item not in the basket is left alone. */
  setQuantity(id: string, quantity: number): void;
  remove(id: string): void;
  clear(): void;
  /** Called after every change, this tab's or another's; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Where a project's basket is kept; one key per project, so projects never share a basket. */
export function cartStorageKey(project: string): string {
  return `wharf.cart.${project}`;
}

const EMPTY: readonly CartItem[] = Object.freeze([]);

const isPositiveNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** SPEC.md section 4: a quantity with a step is rounded down to a multiple of it. */
export function roundToStep(quantity: number, step: number | undefined): number {
  if (!isPositiveNumber(step)) return quantity;
  return Math.floor(quantity / step) * step;
}

/** What was stored, if it still reads as a basket: anything malformed is dropped, not trusted. */
function parseItems(raw: string | null): readonly CartItem[] {
  if (raw === null) return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!Array.isArray(value)) return EMPTY;
  const items: CartItem[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, quantity, quantityStep } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || !isPositiveNumber(quantity)) continue;
    if (items.some((item) => item.id === id)) continue;
    items.push(isPositiveNumber(quantityStep) ? { id, quantity, quantityStep } : { id, quantity });
  }
  return items;
}

function readStorage(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    // Storage can be refused (privacy modes, quotas): the basket is then empty rather than broken.
    return null;
  }
}

export interface CartStoreOptions {
  /** localStorage unless given. */
  storage?: Storage | undefined;
  /** Where storage events of other tabs arrive: window unless given. */
  events?: EventTarget | undefined;
}

/** localStorage, where the browser allows it (reading it throws when storage is blocked). */
function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** A project's basket over `storage` (localStorage unless given). */
export function createCartStore(project: string, options: CartStoreOptions = {}): CartStore {
  const storage = 'storage' in options ? options.storage : browserStorage();
  const events = 'events' in options ? options.events : typeof window === 'undefined' ? undefined : window;
  const key = cartStorageKey(project);
  const listeners = new Set<() => void>();
  // The items are parsed again only when the stored text changes, so snapshots stay stable.
  let lastRaw: string | null | undefined;
  let lastItems: readonly CartItem[] = EMPTY;
  // Where storage is missing or refuses to write, the basket lives in memory for this page.
  let inMemory = !storage;
  let memory: string | null = null;

  const currentRaw = () => (inMemory ? memory : readStorage(storage, key));

  function getItems(): readonly CartItem[] {
    const raw = currentRaw();
    if (raw !== lastRaw) {
      lastRaw = raw;
      lastItems = parseItems(raw);
    }
    return lastItems;
  }

  function notify() {
    for (const listener of [...listeners]) listener();
  }

  function write(items: readonly CartItem[]) {
    const raw = items.length > 0 ? JSON.stringify(items) : null;
    memory = raw;
    if (!inMemory) {
      try {
        if (raw === null) storage?.removeItem(key);
        else storage?.setItem(key, raw);
      } catch {
        inMemory = true;
      }
    }
    notify();
  }

  function onStorage(event: Event) {
    const { key: changed, storageArea } = event as StorageEvent;
    // `key` is null when another tab cleared the whole storage.
    if (changed !== null && changed !== key) return;
    if (storageArea && storage && storageArea !== storage) return;
    notify();
  }

  return {
    getItems,
    totalQuantity: () => getItems().reduce((sum, item) => sum + item.quantity, 0),
    addItem(item) {
      if (!Number.isFinite(item.quantity)) return;
      const items = getItems();
      const existing = items.find((i) => i.id === item.id);
      const step = isPositiveNumber(item.quantityStep) ? item.quantityStep : existing?.quantityStep;
      const quantity = roundToStep((existing?.quantity ?? 0) + item.quantity, step);
      const next: CartItem =
        step === undefined ? { id: item.id, quantity } : { id: item.id, quantity, quantityStep: step };
      if (existing) {
        write(quantity > 0 ? items.map((i) => (i === existing ? next : i)) : items.filter((i) => i !== existing));
      } else if (quantity > 0) {
        write([...items, next]);
      }
    },
    setQuantity(id, quantity) {
      const items = getItems();
      const existing = items.find((i) => i.id === id);
      if (!existing || !Number.isFinite(quantity)) return;
      write(
        quantity > 0
          ? items.map((i) => (i === existing ? { ...i, quantity } : i))
          : items.filter((i) => i !== existing),
      );
    },
    remove(id) {
      const items = getItems();
      if (items.some((i) => i.id === id)) write(items.filter((i) => i.id !== id));
    },
    clear() {
      if (getItems().length > 0) write([]);
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) events?.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events?.removeEventListener('storage', onStorage);
      };
    },
  };
}

const stores = new Map<string, CartStore>();

/** The page's one store of `project`'s basket (every component of the page shares it). */
export function cartStore(project: string): CartStore {
  let store = stores.get(project);
  if (!store) {
    store = createCartStore(project);
    stores.set(project, store);
  }
  return store;
}
