import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Job } from 'bullmq';
import { RepeatedWarning } from '../../common/logging/repeated-warning';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { WEBHOOK_DELIVERY_QUEUE } from '../subscription.constants';
import { DeliveryStateRepository } from './delivery-state.repository';
import { FetchBackoff } from './fetch-backoff';
import { StoreTenantCache } from './store-tenant.cache';
import { SubscriptionDelivery } from './subscription-delivery';
import { TenantDeliverySlots } from './tenant-delivery-slots';
import { DeliverJob, FAN_OUT_JOB, FanOutJob, WebhookDeliveryQueue } from './webhook-delivery.queue';

/** Subscriptions delivered at once by one worker process (each holds a database connection meanwhile). */
export const WEBHOOK_DELIVERY_CONCURRENCY = 32;

/**
 * Registered only in the worker process: the API adds jobs, it never runs them. Slots are shared
 * out per tenant (TenantDeliverySlots), so one tenant's slow receivers take at most its share of
 * them and every other tenant's wake-ups still find a free one.
 */
// runRetryDelay: after a lost connection BullMQ waits this long before fetching again (15 s by default,
// which kept deliveries stopped long after Redis was back).
@Processor(WEBHOOK_DELIVERY_QUEUE, { concurrency: WEBHOOK_DELIVERY_CONCURRENCY, runRetryDelay: 1000 })
export class WebhookDeliveryProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDeliveryProcessor.name);
  private readonly problems = new RepeatedWarning(this.logger);
  private backoff?: FetchBackoff;

  constructor(
    private readonly deliveryState: DeliveryStateRepository,
    private readonly delivery: SubscriptionDelivery,
    private readonly queue: WebhookDeliveryQueue,
    private readonly storeTenants: StoreTenantCache,
    private readonly slots: TenantDeliverySlots,
    private readonly database: TenantDatabase,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.backoff = new FetchBackoff(this.worker);
  }

  async process(job: Job<FanOutJob | DeliverJob>): Promise<void> {
    if (job.name === FAN_OUT_JOB) return this.fanOut(job.data as FanOutJob);
    return this.deliver(job.data as DeliverJob);
  }

  /**
   * Wakes the store's subscriptions behind `lastPosition`, but for those this process will reach
   * anyway: one it is delivering looks again, one in its tenant's line is delivered when its turn
   * comes. So a busy tenant's appends do not flood the queue with wake-ups that would only wait.
   */
  private async fanOut({ eventStoreId, lastPosition }: FanOutJob): Promise<void> {
    const tenantId = await this.storeTenants.tenantOf(eventStoreId);
    if (tenantId === null) return;
    const behind = await this.deliveryState.subscriptionsBehind(this.database.for(tenantId), eventStoreId, lastPosition);
    const toWake = behind.filter((id) => !this.delivery.absorbs(id) && !this.slots.isWaiting(tenantId, id));
    if (toWake.length > 0) await this.queue.wakeSubscriptions(eventStoreId, toWake, String(lastPosition));
  }

  /**
   * Delivers the subscription if its tenant has a slot free, then, holding that slot, the tenant's
   * line one after the other. A subscription whose turn ended with work left goes to the back of
   * the line, or to the back of the queue when nobody of its tenant waits.
   */
  private async deliver(job: DeliverJob): Promise<void> {
    const tenantId = await this.storeTenants.tenantOf(job.eventStoreId);
    if (tenantId === null || this.delivery.absorbs(job.subscriptionId) || !this.slots.take(tenantId, job)) return;
    try {
      for (let current: DeliverJob | undefined = job; current && !this.delivery.stopped;) {
        const end = await this.delivery.run(current.eventStoreId, current.subscriptionId);
        const next = this.slots.nextInLine(tenantId);
        if (end === 'turn-over' && next) this.slots.join(tenantId, current);
        else if (end === 'turn-over')
          await this.queue.wakeSubscriptions(current.eventStoreId, [current.subscriptionId], `turn.${Date.now()}`);
        current = next;
      }
    } finally {
      // After a failure the rest of the line waits for the tenant's other slots, or for the sweep.
      this.slots.release(tenantId);
    }
  }

  /** A failed wake-up (the database unreachable, say) is not retried by BullMQ: the sweep finds the work again. */
  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    this.logger.warn(`Wake-up ${job?.id ?? '?'} failed, left to the sweep: ${error.message}`);
  }

  /** Every failed fetch while Redis is away or refusing: counted rather than logged one by one, and refusals slow the fetching down. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.problems.warn(`Queue connection problem: ${error.message}`);
    this.backoff?.failed(error);
  }

  /**
   * Stops the deliveries after their request in flight, then waits for the running jobs. Done in
   * onModuleDestroy so that it completes before onApplicationShutdown closes the HTTP client and
   * the database.
   */
  async onModuleDestroy(): Promise<void> {
    this.backoff?.stop();
    this.delivery.stop();
    await this.worker.close();
  }
}
