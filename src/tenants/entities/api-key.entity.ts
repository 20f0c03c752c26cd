import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Scope } from '../../auth/principal';

@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'text' })
  tenantId!: string;

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

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
