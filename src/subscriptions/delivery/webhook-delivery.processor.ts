import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnModuleDestroy } from '@nestjs/common';
import type { Job } from 'bullmq';
import { WEBHOOK_DELIVERY_QUEUE } from '../subscription.constants';
import { DeliveryLedger } from './delivery-ledger';
import { SubscriptionDelivery } from './subscription-delivery';
import { DeliverJob, FAN_OUT_JOB, FanOutJob, WebhookDeliveryQueue } from './webhook-delivery.queue';

/** Subscriptions delivered at once by one worker process (each holds a database connection meanwhile). */
export const WEBHOOK_DELIVERY_CONCURRENCY = 32;

/** Registered only in the worker process: the API adds jobs, it never runs them. */
@Processor(WEBHOOK_DELIVERY_QUEUE, { concurrency: WEBHOOK_DELIVERY_CONCURRENCY })
export class WebhookDeliveryProcessor extends WorkerHost implements OnModuleDestroy {
  private readonly logger = new Logger(WebhookDeliveryProcessor.name);

  constructor(
    private readonly ledger: DeliveryLedger,
    private readonly delivery: SubscriptionDelivery,
    private readonly queue: WebhookDeliveryQueue,
  ) {
    super();
  }

  async process(job: Job<FanOutJob | DeliverJob>): Promise<void> {
    if (job.name === FAN_OUT_JOB) {
      const { eventStoreId, lastPosition } = job.data as FanOutJob;
      const behind = await this.ledger.subscriptionsBehind(eventStoreId, lastPosition);
      if (behind.length > 0) await this.queue.wakeSubscriptions(eventStoreId, behind, String(lastPosition));
      return;
    }
    const { eventStoreId, subscriptionId } = job.data as DeliverJob;
    await this.delivery.run(eventStoreId, subscriptionId);
  }

  /** A failed wake-up (the database unreachable, say) is not retried by BullMQ: the sweep finds the work again. */
  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    this.logger.warn(`Wake-up ${job?.id ?? '?'} failed, left to the sweep: ${error.message}`);
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`Queue connection problem: ${error.message}`);
  }

  /**
   * Stops the deliveries after their request in flight, then waits for the running jobs. Done in
   * onModuleDestroy so that it completes before onApplicationShutdown closes the HTTP client and
   * the database.
   */
  async onModuleDestroy(): Promise<void> {
    this.delivery.stop();
    await this.worker.close();
  }
}
