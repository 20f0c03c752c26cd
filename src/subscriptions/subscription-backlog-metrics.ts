import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { TenantDatabase } from '../database/tenant-shares/tenant-database';
import { Metrics } from '../metrics/metrics';
import { DeliveryStateRepository } from './delivery/delivery-state.repository';

/**
 * Webhook backlog gauges, read from PostgreSQL (the truth about delivery, DECISIONS §8) when
 * Prometheus scrapes an API instance. They describe the whole deployment, so every instance reports
 * the same values: aggregate them with max(), not sum(). Ids stay out of the labels; which
 * subscription lags is in its own `lastProcessedEventGlobalPosition`.
 */
@Injectable()
export class SubscriptionBacklogMetrics {
  private readonly logger = new Logger(SubscriptionBacklogMetrics.name);

  constructor(deliveryState: DeliveryStateRepository, metrics: Metrics, database: TenantDatabase) {
    // Every subscription's, so nobody's share of the database.
    const db = database.for(null);
    this.gauge(metrics, 'webhook_subscription_lag_max', 'Largest (store last position − checkpoint) over all webhook subscriptions', () =>
      deliveryState.largestLag(db),
    );
    this.gauge(
      metrics,
      'webhook_subscriptions_lagging',
      'Webhook subscriptions whose checkpoint is behind their store’s last position',
      () => deliveryState.laggingCount(db),
    );
    this.gauge(metrics, 'webhook_dead_letters', 'Dead letters stored (not yet delivered by a replay)', () =>
      deliveryState.deadLetterCount(db),
    );
  }

  /** A failed read leaves the gauge without a value rather than a stale one, and the rest of the scrape intact. */
  private gauge(metrics: Metrics, name: string, help: string, read: () => Promise<number>): void {
    const { logger } = this;
    new Gauge({
      name,
      help,
      registers: [metrics.registry],
      // Several API processes on a host each read the same value: their aggregate is that value, not its multiple.
      aggregator: 'max',
      async collect() {
        try {
          this.set(await read());
        } catch (error) {
          this.reset();
          logger.warn(`${name} not collected: ${(error as Error).message}`);
        }
      },
    });
  }
}
