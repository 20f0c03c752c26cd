import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import type { Principal, Scope } from '../auth/principal';
import { API_KEY_PREFIX, hashApiKey } from './api-key-secret';

interface KeyRow {
  id: string;
  tenant_id: string;
  scopes: Scope[];
}

/**
 * Looks up an active (not revoked) key and records its use in the same round trip. `last_used_at`
 * is written at most once a minute per key so that busy keys do not turn every read into a write.
 */
const activeKeyBy = (column: 'key_hash' | 'id') => `
  WITH found AS (
    SELECT id, tenant_id, scopes, last_used_at FROM api_keys WHERE ${column} = $1 AND revoked_at IS NULL
  ), touched AS (
    UPDATE api_keys SET last_used_at = now() FROM found
     WHERE api_keys.id = found.id
       AND (found.last_used_at IS NULL OR found.last_used_at < now() - interval '1 minute')
  )
  SELECT id, tenant_id, scopes FROM found`;

const BY_HASH = activeKeyBy('key_hash');
const BY_ID = activeKeyBy('id');

/**
 * How long a verified key is taken on trust without asking the database again. A revocation on
 * this instance applies at once (forget()); one made elsewhere, through another instance or the
 * CLI, within this. It spares the busiest path a round trip per request (issue 8).
 */
export const VERIFIED_KEY_TTL_MS = 1000;
const CACHE_OPTIONS = { max: 10_000, ttl: VERIFIED_KEY_TTL_MS };

@Injectable()
export class ApiKeyAuthenticator {
  /** Keyed by the key's hash (base64), never by the key itself. */
  private readonly byHash = new LRUCache<string, Principal>(CACHE_OPTIONS);
  private readonly byId = new LRUCache<string, Principal>(CACHE_OPTIONS);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The principal for a presented secret, or null when it is unknown or revoked. */
  async authenticate(key: string): Promise<Principal | null> {
    if (!key.startsWith(API_KEY_PREFIX)) return null;
    const hash = hashApiKey(key);
    const cacheKey = hash.toString('base64');
    return this.byHash.get(cacheKey) ?? this.remember(this.byHash, cacheKey, await this.dataSource.query(BY_HASH, [hash]));
  }

  /** The principal for a key id carried in a JWT, or null when the key has been revoked since. */
  async findActive(apiKeyId: string): Promise<Principal | null> {
    return this.byId.get(apiKeyId) ?? this.remember(this.byId, apiKeyId, await this.dataSource.query(BY_ID, [apiKeyId]));
  }

  /** Drops a revoked key from this instance's memory. */
  forget(apiKeyId: string): void {
    this.byId.delete(apiKeyId);
    for (const [hash, principal] of this.byHash.entries()) if (principal.apiKeyId === apiKeyId) this.byHash.delete(hash);
  }

  /** Unknown or revoked keys are not remembered: they are asked about every time. */
  private remember(cache: LRUCache<string, Principal>, cacheKey: string, rows: KeyRow[]): Principal | null {
    const principal = this.first(rows);
    if (principal) cache.set(cacheKey, principal);
    return principal;
  }

  private first([row]: KeyRow[]): Principal | null {
    return row ? { tenantId: row.tenant_id, apiKeyId: row.id, scopes: row.scopes } : null;
  }
}
