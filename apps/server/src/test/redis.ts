import { Redis } from 'ioredis';

/** The Redis tests use: REDIS_URL, else the one CI and development machines run locally. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Remove what a test left under its prefix (generation counters never expire by themselves). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
