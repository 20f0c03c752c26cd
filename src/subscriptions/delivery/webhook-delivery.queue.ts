import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { WEBHOOK_DELIVERY_QUEUE } from '../subscription.constants';

/** "Store S has events up to P": the worker wakes the store's subscriptions that are behind P. */
export interface FanOutJob {
  eventStoreId: string;
  lastPosition: number;
}

/** "Deliver what subscription S has due": whatever the job says, the subscription's row decides. */
export interface DeliverJob {
  eventStoreId: string;
  subscriptionId: string;
}

export const FAN_OUT_JOB = 'fan-out';
export const DELIVER_JOB = 'deliver';

/**
 * Every job is a wake-up, never the work itself: Postgres holds what is due. Ids are deterministic,
 * so the same wake-up queued twice (an append's fan-out and the sweep, two workers' sweeps) is one
 * job. Finished jobs are removed at once, which frees their ids for the next wake-up.
 */
@Injectable()
export class WebhookDeliveryQueue {
  private readonly logger = new Logger(WebhookDeliveryQueue.name);

  constructor(@InjectQueue(WEBHOOK_DELIVERY_QUEUE) private readonly queue: Queue) {
    // Without a listener BullMQ prints every reconnection failure to stderr; adds still fail and say so.
    queue.on('error', (error) => this.logger.warn(`Queue connection problem: ${error.message}`));
  }

  async wakeStore(eventStoreId: string, lastPosition: number): Promise<void> {
    const job: FanOutJob = { eventStoreId, lastPosition };
    await this.queue.add(FAN_OUT_JOB, job, { jobId: `${FAN_OUT_JOB}.${eventStoreId}.${lastPosition}` });
  }

  /** `reason` completes the job id: the position that prompted it, or a retry's position and attempt. */
  async wakeSubscriptions(eventStoreId: string, subscriptionIds: string[], reason: string, delayMs = 0): Promise<void> {
    await this.queue.addBulk(
      subscriptionIds.map((subscriptionId) => ({
        name: DELIVER_JOB,
        data: { eventStoreId, subscriptionId } satisfies DeliverJob,
        opts: { jobId: `${DELIVER_JOB}.${subscriptionId}.${reason}`, delay: delayMs },
      })),
    );
  }
}
