import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EnvironmentVariables } from '../config/environment-variables';
import { ADVISORY_LOCKS, whileHolding } from '../database/advisory-locks';
import { TenantDatabase } from '../database/tenant-shares/tenant-database';
import { ExpiredRecordsRepository } from '../event-log/expiry/expired-records.repository';
import { EventStoreRepository } from '../event-stores/event-store.repository';

/** Events deleted per transaction: each batch holds its store's lock, so appends to it wait at most one batch. */
export const RETENTION_BATCH_SIZE = 1000;

/**
 * Every RETENTION_SWEEP_INTERVAL_MS each worker tries to sweep: delete the events past their
 * store's `retentionPeriodDays` and the idempotency records past 24 hours, in bounded batches.
 * One sweeper at a time across workers (a session advisory lock; the others skip that round), and
 * a sweep that finds nothing costs one index probe per store. A timer in the process rather than a
 * repeatable BullMQ job for the same reason as the delivery sweep: losing Redis's contents must not
 * stop retention.
 */
@Injectable()
export class RetentionSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionSweep.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly database: TenantDatabase,
    private readonly expired: ExpiredRecordsRepository,
    private readonly eventStores: EventStoreRepository,
    private readonly config: EnvironmentVariables,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.RETENTION_SWEEP_INTERVAL_MS);
    void this.sweep();
  }

  /** Stops between batches: a batch is one transaction, so a stopped sweep leaves nothing half done. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.stopping = true;
    await this.running;
  }

  sweep(): Promise<void> {
    this.running ??= this.sweepOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepOnce(): Promise<void> {
    try {
      const swept = await this.database.onOneConnection(null, (db) =>
        whileHolding(db, ADVISORY_LOCKS.retentionSweep, () => this.sweepStores(db)),
      );
      if (swept && swept.events + swept.idempotencyKeys > 0)
        this.logger.log(`Retention deleted ${swept.events} events and ${swept.idempotencyKeys} expired idempotency records`);
    } catch (error) {
      this.logger.warn(`Retention sweep failed, retrying in ${this.config.RETENTION_SWEEP_INTERVAL_MS} ms: ${(error as Error).message}`);
    }
  }

  private async sweepStores(db: EntityManager): Promise<{ events: number; idempotencyKeys: number }> {
    const stores = await this.eventStores.retentionSettings();
    let events = 0;
    let idempotencyKeys = 0;
    for (const { id, retentionPeriodDays } of stores) {
      if (retentionPeriodDays !== null) {
        events += await this.drain(() => this.expired.deleteExpiredEvents(db, { id, retentionPeriodDays }, RETENTION_BATCH_SIZE));
      }
      idempotencyKeys += await this.drain(() => this.expired.purgeExpiredIdempotencyKeys(db, id, RETENTION_BATCH_SIZE));
      if (this.stopping) break;
    }
    return { events, idempotencyKeys };
  }

  /** Runs batches until one comes back short (nothing left) or the worker stops. */
  private async drain(batch: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let deleted = RETENTION_BATCH_SIZE; deleted === RETENTION_BATCH_SIZE && !this.stopping;) {
      deleted = await batch();
      total += deleted;
    }
    return total;
  }
}
