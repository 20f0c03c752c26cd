import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { RepeatedWarning } from '../../common/logging/repeated-warning';
import type { RedisClient } from '../../common/redis/redis-topology';
import { WEBHOOK_DELIVERY_QUEUE } from '../subscription.constants';
import { QUEUE_CONNECTION } from './queue-connection.module';

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
  private readonly problems = new RepeatedWarning(new Logger(WebhookDeliveryQueue.name));

  constructor(
    @InjectQueue(WEBHOOK_DELIVERY_QUEUE) private readonly queue: Queue,
    @Inject(QUEUE_CONNECTION) private readonly connection: RedisClient,
  ) {
    // Without a listener BullMQ prints every reconnection failure to stderr; adds still fail and say so.
    queue.on('error', (error) => this.problems.warn(`Queue connection problem: ${error.message}`));
  }

  /** Calls `listener` each time the connection is back after it was lost (not at the first connection). */
  onReconnected(listener: () => void): void {
    let connected = this.connection.status === 'ready';
    this.connection.on('ready', () => {
      if (connected) listener();
      connected = true;
    });
  }

  /**
   * The API's wake-up after appends. Refused at once while Redis is away rather than left waiting
   * for it: appends go on meanwhile, and the wake-ups of a long outage would pile up in memory, to be
   * sent all at once on its return; the worker's sweep finds the work instead.
   */
  async wakeStore(eventStoreId: string, lastPosition: number): Promise<void> {
    if (this.connection.status !== 'ready') throw new Error(`Redis is not connected (${this.connection.status})`);
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
