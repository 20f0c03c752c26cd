import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import type { Scope } from '../../auth/principal';
import { TenantEntity } from './tenant.entity';

@Entity({ name: 'api_keys' })
@Unique('api_keys_key_hash_uq', ['keyHash'])
@Index('api_keys_tenant_created_idx', ['tenantId', 'createdAt', 'id'])
@Check('api_keys_scopes_ck', `cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'write', 'admin']`)
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'text' })
  tenantId!: string;

  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'api_keys_tenant_fk' })
  tenant?: TenantEntity;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', array: true })
  scopes!: Scope[];

  /** The key's first characters, kept so an operator can tell keys apart without the secret. */
  @Column({ type: 'text' })
  prefix!: string;

  @Column({ name: 'key_hash', type: 'bytea' })
  keyHash!: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', precision: 3, nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', precision: 3, nullable: true })
  revokedAt!: Date | null;
}
