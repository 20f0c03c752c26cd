import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { Metrics } from '../metrics/metrics';

/**
 * Webhook backlog gauges, read from PostgreSQL (the truth about delivery, DECISIONS §8) when
 * Prometheus scrapes an API instance. They describe the whole deployment, so every instance reports
 * the same values: aggregate them with max(), not sum(). Ids stay out of the labels; which
 * subscription lags is in its own `lastProcessedEventGlobalPosition`.
 */
@Injectable()
export class SubscriptionBacklogMetrics {
  private readonly logger = new Logger(SubscriptionBacklogMetrics.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource, metrics: Metrics) {
    this.gauge(metrics, 'webhook_subscription_lag_max', 'Largest (store last position − checkpoint) over all webhook subscriptions', `
      SELECT COALESCE(max(st.last_position - s.checkpoint), 0) AS value FROM subscriptions s JOIN event_stores st ON st.id = s.event_store_id`);
    this.gauge(metrics, 'webhook_subscriptions_lagging', 'Webhook subscriptions whose checkpoint is behind their store’s last position', `
      SELECT count(*) AS value FROM subscriptions s JOIN event_stores st ON st.id = s.event_store_id WHERE s.checkpoint < st.last_position`);
    this.gauge(metrics, 'webhook_dead_letters', 'Dead letters stored (not yet delivered by a replay)', `SELECT count(*) AS value FROM dead_letters`);
  }

  /** A failed read leaves the gauge without a value rather than a stale one, and the rest of the scrape intact. */
  private gauge(metrics: Metrics, name: string, help: string, sql: string): void {
    const { dataSource, logger } = this;
    new Gauge({
      name,
      help,
      registers: [metrics.registry],
      async collect() {
        try {
          const [row] = await dataSource.query(sql);
          this.set(Number(row.value));
        } catch (error) {
          this.reset();
          logger.warn(`${name} not collected: ${(error as Error).message}`);
        }
      },
    });
  }
}
