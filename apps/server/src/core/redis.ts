import { Redis } from 'ioredis';

/**
 * The Redis connection the server's shared caches use (REDIS_URL). It connects before the server
 * starts, so a wrong URL stops the start with a clear error; afterwards Redis is a cache, not a
 * dependency: commands fail fast instead of queueing while it is away, and callers fall back.
 */
export async function openRedis(url: string, log: (message: string, error: unknown) => void): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 5_000,
  });
  let lastError: unknown;
  // Connection errors repeat while Redis is away; one line each, and ioredis keeps reconnecting.
  redis.on('error', (error: unknown) => {
    lastError = error;
    log('redis connection error', error);
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    // The error event says why (refused, unknown host); the rejection only that the connection closed.
    const reason = lastError ?? error;
    throw new Error(`Cannot reach Redis at REDIS_URL: ${reason instanceof Error ? reason.message : String(reason)}`, {
      cause: error,
    });
  }
  return redis;
}

/** Close politely, or drop the socket when Redis is not answering. */
export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
