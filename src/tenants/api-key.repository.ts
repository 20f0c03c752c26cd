import { Injectable } from '@nestjs/common';
import type { Principal, Scope } from '../auth/principal';
import { newId } from '../common/ids';
import { isForeignKeyViolation } from '../database/postgres-errors';
import { TenantDatabase } from '../database/tenant-shares/tenant-database';
import { ApiKeyEntity } from './entities/api-key.entity';
import { TenantNotFoundError } from './tenants.errors';

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
 * The `api_keys` table. The lookups behind every authenticated request are raw SQL, one round trip
 * each; the operator's writes and lists go through TypeORM. Until a key is known, and for the
 * operator, nobody's share of the database is used; a tenant's own questions use its share.
 */
@Injectable()
export class ApiKeyRepository {
  constructor(private readonly database: TenantDatabase) {}

  /** The foreign key, not a prior read, decides whether the tenant exists. */
  async create(tenantId: string, name: string, scopes: Scope[], secret: { prefix: string; hash: Buffer }): Promise<ApiKeyEntity> {
    const db = this.database.for(null);
    const apiKey = db.create(ApiKeyEntity, {
      id: newId('key'),
      tenantId,
      name,
      scopes: [...new Set(scopes)],
      prefix: secret.prefix,
      keyHash: secret.hash,
      lastUsedAt: null,
      revokedAt: null,
    });
    try {
      await db.insert(ApiKeyEntity, apiKey);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new TenantNotFoundError(tenantId);
      throw error;
    }
    return apiKey;
  }

  /** Oldest first. */
  listOfTenant(tenantId: string): Promise<ApiKeyEntity[]> {
    return this.database.for(null).find(ApiKeyEntity, { where: { tenantId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Keeps the first revocation time. False when there is no such key. The time is this process's
   * clock, passed as a value: Citus refuses a write that calls now() inside COALESCE (docs/citus.md).
   */
  async revoke(apiKeyId: string): Promise<boolean> {
    const { affected } = await this.database
      .for(null)
      .createQueryBuilder()
      .update(ApiKeyEntity)
      .set({ revokedAt: () => 'COALESCE(revoked_at, :now)' })
      .setParameter('now', new Date())
      .where('id = :apiKeyId', { apiKeyId })
      .execute();
    return !!affected;
  }

  /** The active key with that hash, as a principal; null when it is unknown or revoked. */
  findActiveByHash(hash: Buffer): Promise<Principal | null> {
    return this.findActive(BY_HASH, hash);
  }

  /** The key with that id, as a principal, while it is active. */
  findActiveById(apiKeyId: string): Promise<Principal | null> {
    return this.findActive(BY_ID, apiKeyId);
  }

  /** The names of an active key of `tenantId` and of the tenant; null once the key is revoked. */
  async findNames(tenantId: string, apiKeyId: string): Promise<{ apiKeyName: string; tenantName: string } | null> {
    const [row]: { key_name: string; tenant_name: string }[] = await this.database.for(tenantId).query(
      `SELECT k.name AS key_name, t.name AS tenant_name FROM api_keys k JOIN tenants t ON t.id = k.tenant_id
        WHERE k.id = $1 AND k.revoked_at IS NULL`,
      [apiKeyId],
    );
    return row ? { apiKeyName: row.key_name, tenantName: row.tenant_name } : null;
  }

  /** Which of these keys have been revoked. */
  async revokedAmong(apiKeyIds: string[]): Promise<Set<string>> {
    const rows: { id: string }[] = await this.database
      .for(null)
      .query(`SELECT id FROM api_keys WHERE id = ANY($1) AND revoked_at IS NOT NULL`, [apiKeyIds]);
    return new Set(rows.map((row) => row.id));
  }

  private async findActive(sql: string, parameter: unknown): Promise<Principal | null> {
    const [row]: KeyRow[] = await this.database.for(null).query(sql, [parameter]);
    return row ? { tenantId: row.tenant_id, apiKeyId: row.id, scopes: row.scopes } : null;
  }
}
