import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { bigintToNumber } from '../../common/bigint.transformer';
import { SubscriptionEntity } from './subscription.entity';

/** An event a subscription gave up delivering after its last retry. */
@Entity({ name: 'dead_letters' })
@Unique('dead_letters_position_uq', ['eventStoreId', 'subscriptionId', 'globalPosition'])
export class DeadLetterEntity {
  @PrimaryColumn({ name: 'event_store_id', type: 'text', primaryKeyConstraintName: 'dead_letters_pk' })
  eventStoreId!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'dead_letters_pk' })
  id!: string;

  @Column({ name: 'subscription_id', type: 'text' })
  subscriptionId!: string;

  @ManyToOne(() => SubscriptionEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'event_store_id', referencedColumnName: 'eventStoreId', foreignKeyConstraintName: 'dead_letters_subscription_fk' },
    { name: 'subscription_id', referencedColumnName: 'id', foreignKeyConstraintName: 'dead_letters_subscription_fk' },
  ])
  subscription?: SubscriptionEntity;

  @Column({ name: 'global_position', type: 'bigint', transformer: bigintToNumber })
  globalPosition!: number;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_error', type: 'text' })
  lastError!: string;

  @Column({ name: 'failed_at', type: 'timestamptz', precision: 3 })
  failedAt!: Date;

  /** Set by a replay request: the dead letter takes its turn in the subscription's delivery. */
  @Column({ name: 'replay_requested_at', type: 'timestamptz', precision: 3, nullable: true })
  replayRequestedAt!: Date | null;
}
