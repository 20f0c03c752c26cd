import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../../common/bigint.transformer';
import { EventStoreEntity } from '../../event-stores/entities/event-store.entity';

/** A webhook subscription with its delivery state; see the CreateSubscriptions migration. */
@Entity({ name: 'subscriptions' })
@Index('subscriptions_created_idx', ['eventStoreId', 'createdAt', 'id'])
export class SubscriptionEntity {
  @PrimaryColumn({ name: 'event_store_id', type: 'text', primaryKeyConstraintName: 'subscriptions_pk' })
  eventStoreId!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'subscriptions_pk' })
  id!: string;

  @ManyToOne(() => EventStoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_store_id', foreignKeyConstraintName: 'subscriptions_event_store_fk' })
  eventStore?: EventStoreEntity;

  @Column({ name: 'event_filter', type: 'text' })
  eventFilter!: string;

  @Column({ name: 'subscriber_type', type: 'text' })
  subscriberType!: 'webhook';

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'jsonb' })
  headers!: Record<string, string>;

  @Column({ type: 'text' })
  secret!: string;

  @Column({ name: 'max_retries', type: 'integer' })
  maxRetries!: number;

  @Column({ name: 'backoff_multiplier', type: 'double precision' })
  backoffMultiplier!: number;

  @Column({ name: 'initial_backoff_ms', type: 'integer' })
  initialBackoffMs!: number;

  @Column({ type: 'text', default: 'active' })
  status!: 'active';

  /** lastProcessedEventGlobalPosition: every event up to here was delivered or dead-lettered. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  checkpoint!: number;

  @Column({ name: 'failed_deliveries', type: 'integer', default: 0 })
  failedDeliveries!: number;

  @Column({ name: 'last_delivery_attempt', type: 'timestamptz', precision: 3, nullable: true })
  lastDeliveryAttempt!: Date | null;

  /** The event whose delivery failed and waits for `retryAt`; null when nothing is being retried. */
  @Column({ name: 'retry_position', type: 'bigint', nullable: true, transformer: bigintToNumber })
  retryPosition!: number | null;

  @Column({ name: 'retry_attempts', type: 'integer', default: 0 })
  retryAttempts!: number;

  @Column({ name: 'retry_at', type: 'timestamptz', precision: 3, nullable: true })
  retryAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
