/**
 * A module loaded once, when first needed. The sign-in page's validation schemas (zod and the
 * contract's account schemas, ~26 KB gzipped) are not needed to draw the page: they load when the
 * person first types in the form (the email field has focus from the start), and are awaited on submit, so /login stays within its 150 KB.
 */
export function lazyModule<T>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined;
  const get = () => (loading ??= load());
  return {
    get,
    /** Start loading now without waiting (an event handler). */
    preload: () => {
      void get();
    },
  };
}
