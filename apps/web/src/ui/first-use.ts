/**
 * A value made the first time it is asked for, then kept. For the Intl formatters of a module: each
 * costs milliseconds to build (more on a slow phone), and built at import they would delay the first
 * paint of every page that imports the module, though they are only needed once data has arrived.
 */
export function firstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
