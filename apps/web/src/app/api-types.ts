import type { WharfClient } from '@wharf/client';

/** The flat argument of a client call (path and query parameters, and the body under its name). */
export type ArgsOf<K extends keyof WharfClient> = NonNullable<Parameters<WharfClient[K]>[0]>;

/** What a client call resolves to. */
export type ResultOf<K extends keyof WharfClient> = Awaited<ReturnType<WharfClient[K]>>;
