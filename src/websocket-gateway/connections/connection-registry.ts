import { Inject, Injectable } from '@nestjs/common';
import { REDIS_CLIENT } from '../../common/redis/redis.module';
import type { RedisClient } from '../../common/redis/redis-topology';
import { EnvironmentVariables } from '../../config/environment-variables';
import { REGISTRY_TTL_MS } from '../websocket.constants';
import { RegistryUnavailableError } from '../websocket.errors';
import type { ConnectionRecord } from './connection-record';

/**
 * Takes a connection slot of an API key if it has one free: drops the key's lapsed entries (their
 * instance stopped refreshing them), then counts. One script, so two instances cannot both take
 * the last slot. KEYS[1] the key's set; ARGV now, limit, expiry, connection id, ttl.
 */
const RESERVE_SLOT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

type ConnectionKey = Pick<ConnectionRecord, 'eventStoreId' | 'connectionId' | 'apiKeyId'>;
type RedisWithRegistry = RedisClient & { reserveSlot(key: string, ...args: (string | number)[]): Promise<number> };

/**
 * Every instance's open sockets, in Redis under REDIS_PREFIX (DECISIONS §9): a hash per store
 * (connection id → record) for listings, and a sorted set per API key (connection id → expiry)
 * for the connection limit across instances. Entries expire unless their instance refreshes
 * them, so a crashed instance's sockets stop counting after REGISTRY_TTL_MS.
 */
@Injectable()
export class ConnectionRegistry {
  private readonly redis: RedisWithRegistry;
  private readonly prefix: string;

  constructor(@Inject(REDIS_CLIENT) redis: RedisClient, config: EnvironmentVariables) {
    // Sent by hash (EVALSHA) once Redis knows it, like the request limiter's script.
    redis.defineCommand('reserveSlot', { numberOfKeys: 1, lua: RESERVE_SLOT });
    this.redis = redis as RedisWithRegistry;
    this.prefix = `${config.REDIS_PREFIX}:ws`;
  }

  /** False when the key already holds `limit` live connections. */
  async reserve(apiKeyId: string, connectionId: string, limit: number): Promise<boolean> {
    const now = Date.now();
    return (await this.redis.reserveSlot(this.keySlots(apiKeyId), now, limit, now + REGISTRY_TTL_MS, connectionId, REGISTRY_TTL_MS)) === 1;
  }

  /** Writes (or refreshes) the records; also re-creates them after Redis lost them. */
  async save(records: ConnectionRecord[]): Promise<void> {
    if (records.length === 0) return;
    const pipeline = this.redis.pipeline();
    const keys = new Set<string>();
    for (const record of records) {
      pipeline.hset(this.storeConnections(record.eventStoreId), record.connectionId, JSON.stringify(record));
      pipeline.zadd(this.keySlots(record.apiKeyId), record.expiresAt, record.connectionId);
      keys.add(this.storeConnections(record.eventStoreId)).add(this.keySlots(record.apiKeyId));
    }
    for (const key of keys) pipeline.pexpire(key, REGISTRY_TTL_MS);
    await pipeline.exec();
  }

  async remove(connections: ConnectionKey[]): Promise<void> {
    if (connections.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const { eventStoreId, connectionId, apiKeyId } of connections) {
      pipeline.hdel(this.storeConnections(eventStoreId), connectionId);
      pipeline.zrem(this.keySlots(apiKeyId), connectionId);
    }
    await pipeline.exec();
  }

  /** The store's open sockets on every instance, oldest first. */
  async list(eventStoreId: string): Promise<ConnectionRecord[]> {
    const entries = Object.values(
      await this.redis.hgetall(this.storeConnections(eventStoreId)).catch(() => {
        throw new RegistryUnavailableError();
      }),
    );
    const records = entries.map((entry) => JSON.parse(entry) as ConnectionRecord);
    const now = Date.now();
    const lapsed = records.filter((record) => record.expiresAt <= now);
    if (lapsed.length > 0) await this.remove(lapsed);
    return records
      .filter((record) => record.expiresAt > now)
      .sort((a, b) => a.connectedAt.localeCompare(b.connectedAt) || a.connectionId.localeCompare(b.connectionId));
  }

  private storeConnections(eventStoreId: string): string {
    return `${this.prefix}:store:${eventStoreId}`;
  }

  private keySlots(apiKeyId: string): string {
    return `${this.prefix}:key:${apiKeyId}`;
  }
}
