import { ReplyError } from 'ioredis';
import type { RedisClient } from './redis-topology';

/**
 * Resolves once Redis has taken a write: a key under REDIS_PREFIX that expires in 10 s (on a Cluster it
 * lands in the service's slot, so on the master that holds the service's keys). A PING would pass
 * where the service cannot work: on a replica, which refuses writes with READONLY, on a Sentinel, which
 * knows no SET, and on a master that refuses writes for a full disk or memory.
 */
export async function checkRedisWrites(redis: RedisClient, prefix: string): Promise<void> {
  await redis.set(`${prefix}:health`, String(Date.now()), 'PX', 10_000);
}

/** Like checkRedisWrites, within `timeoutMs`, failing with one line for an operator that says what Redis did. */
export async function requireRedisWrites(redis: RedisClient, prefix: string, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([checkRedisWrites(redis, prefix), timeout]);
  } catch (error) {
    throw new Error(describeFailure(error as Error), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function describeFailure(error: Error): string {
  if (!(error instanceof ReplyError)) return `Redis did not answer (${error.message})`;
  const hint = error.message.startsWith('READONLY')
    ? ': REDIS_URL names a replica; name the master, or its Sentinels (REDIS_SENTINELS)'
    : /unknown command/i.test(error.message)
      ? ': is REDIS_URL a Sentinel? Name the Sentinels in REDIS_SENTINELS, and the master in REDIS_SENTINEL_MASTER'
      : '';
  return `Redis refused a write (${error.message})${hint}`;
}
