import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { RepeatedWarning } from '../../common/logging/repeated-warning';
import { EnvironmentVariables } from '../../config/environment-variables';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { DeliveryStateRepository } from './delivery-state.repository';
import { WebhookDeliveryQueue } from './webhook-delivery.queue';

/**
 * The safety net under the wake-ups: every WEBHOOK_SWEEP_INTERVAL_MS, each worker re-queues every
 * subscription with due work (behind its store, or a retry whose time has come). Wake-ups lost to a
 * crash, a flushed Redis or a dropped job are recovered here. A timer in the process rather than a
 * repeatable BullMQ job, because it must survive losing Redis's contents.
 */
/**
 * A reconnection sweeps at most this often: a server that refuses writes (a replica) drops the
 * connection at each refusal, so a sweep on every reconnection would refuse, reconnect and sweep again.
 */
const RECONNECTION_SWEEP_INTERVAL_MS = 1000;

@Injectable()
export class DeliverySweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly problems = new RepeatedWarning(new Logger(DeliverySweep.name));
  private timer?: NodeJS.Timeout;
  private sweeping = false;
  private lastStartedAt = 0;

  constructor(
    private readonly config: EnvironmentVariables,
    private readonly deliveryState: DeliveryStateRepository,
    private readonly queue: WebhookDeliveryQueue,
    private readonly database: TenantDatabase,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.WEBHOOK_SWEEP_INTERVAL_MS);
    // The wake-ups of an outage were refused, and a new Redis (a restarted one, a promoted replica) may
    // lack some: the sweep runs at once on reconnection rather than at its next turn.
    this.queue.onReconnected(() => {
      if (Date.now() - this.lastStartedAt >= RECONNECTION_SWEEP_INTERVAL_MS) void this.sweep();
    });
    void this.sweep();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    this.lastStartedAt = Date.now();
    try {
      for (const due of await this.deliveryState.dueSubscriptions(this.database.for(null))) {
        await this.queue.wakeSubscriptions(due.eventStoreId, [due.subscriptionId], String(due.lastPosition));
      }
    } catch (error) {
      this.problems.warn(`Sweep failed, retrying in ${this.config.WEBHOOK_SWEEP_INTERVAL_MS} ms: ${(error as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }
}
