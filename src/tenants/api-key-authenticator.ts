import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
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

@Injectable()
export class ApiKeyAuthenticator {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The principal for a presented secret, or null when it is unknown or revoked. */
  async authenticate(key: string): Promise<Principal | null> {
    if (!key.startsWith(API_KEY_PREFIX)) return null;
    return this.first(await this.dataSource.query(BY_HASH, [hashApiKey(key)]));
  }

  /** The principal for a key id carried in a JWT, or null when the key has been revoked since. */
  async findActive(apiKeyId: string): Promise<Principal | null> {
    return this.first(await this.dataSource.query(BY_ID, [apiKeyId]));
  }

  private first([row]: KeyRow[]): Principal | null {
    return row ? { tenantId: row.tenant_id, apiKeyId: row.id, scopes: row.scopes } : null;
  }
}
