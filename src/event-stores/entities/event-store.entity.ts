import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../../common/bigint.transformer';
import { TenantEntity } from '../../tenants/entities/tenant.entity';

@Entity({ name: 'event_stores' })
@Index('event_stores_tenant_created_idx', ['tenantId', 'createdAt', 'id'])
@Check('event_stores_retention_ck', 'retention_period_days > 0')
@Check('event_stores_max_stream_size_ck', 'max_stream_size_bytes > 0')
export class EventStoreEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'text' })
  tenantId!: string;

  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'event_stores_tenant_fk' })
  tenant?: TenantEntity;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'text' })
  region!: string;

  @Column({ type: 'text', default: 'active' })
  status!: 'active';

  @Column({ name: 'retention_period_days', type: 'double precision', nullable: true })
  retentionPeriodDays!: number | null;

  @Column({ name: 'max_stream_size_bytes', type: 'bigint', nullable: true, transformer: bigintToNumber })
  maxStreamSizeBytes!: number | null;

  /** The last global position handed out; appends lock this row to advance it (DECISIONS §2). */
  @Column({ name: 'last_position', type: 'bigint', default: 0, transformer: bigintToNumber })
  lastPosition!: number;

  @Column({ name: 'total_events', type: 'bigint', default: 0, transformer: bigintToNumber })
  totalEvents!: number;

  @Column({ name: 'total_streams', type: 'bigint', default: 0, transformer: bigintToNumber })
  totalStreams!: number;

  @Column({ name: 'total_size_bytes', type: 'bigint', default: 0, transformer: bigintToNumber })
  totalSizeBytes!: number;

  @Column({ name: 'oldest_event_at', type: 'timestamptz', precision: 3, nullable: true })
  oldestEventAt!: Date | null;

  @Column({ name: 'newest_event_at', type: 'timestamptz', precision: 3, nullable: true })
  newestEventAt!: Date | null;

  /** The UTC minute the event budget counts (DECISIONS §7); `append_batch` keeps both columns. */
  @Column({ name: 'budget_window_start', type: 'timestamptz', nullable: true })
  budgetWindowStart!: Date | null;

  @Column({ name: 'budget_used', type: 'bigint', default: 0, transformer: bigintToNumber })
  budgetUsed!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
