import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { EnvironmentVariables } from '../config/environment-variables';
import { TenantDatabase } from '../database/tenant-shares/tenant-database';
import { Metrics } from '../metrics/metrics';
import { ConsumerMetricsSnapshot, ConsumerRepository } from './consumer.repository';

const SNAPSHOT_REUSE_MS = 1000;

/**
 * Consumer gauges, read from PostgreSQL when Prometheus scrapes an API instance: `consumer_lag` and
 * `consumer_parked` per consumer for the CONSUMER_METRICS_TOP largest lags only (labels: store id
 * and consumer name), so the label set stays bounded however many consumers exist, and totals over
 * every consumer. Every instance reports the same values: aggregate with max().
 */
@Injectable()
export class ConsumerMetrics {
  private readonly logger = new Logger(ConsumerMetrics.name);
  private readonly top: number;

  /** One read serves every gauge of a scrape (they collect one after the other). */
  private snapshot: { at: number; read: Promise<ConsumerMetricsSnapshot> } | null = null;

  constructor(
    metrics: Metrics,
    config: EnvironmentVariables,
    private readonly consumers: ConsumerRepository,
    private readonly database: TenantDatabase,
  ) {
    this.top = config.CONSUMER_METRICS_TOP;
    const perConsumer = ['store', 'consumer'];
    this.gauge(
      metrics,
      'consumer_lag',
      "Store's last position − checkpoint, for the consumers with the largest lag",
      perConsumer,
      (gauge, s) => s.top.forEach((c) => gauge.set({ store: c.store, consumer: c.consumer }, c.lag)),
    );
    this.gauge(metrics, 'consumer_parked', 'Parked events, for the consumers with the largest lag', perConsumer, (gauge, s) =>
      s.top.forEach((c) => gauge.set({ store: c.store, consumer: c.consumer }, c.parked)),
    );
    this.gauge(metrics, 'consumers_lag_sum', 'Sum of every consumer’s lag', [], (gauge, s) => gauge.set(s.lagSum));
    this.gauge(metrics, 'consumers_parked_sum', 'Parked events of every consumer', [], (gauge, s) => gauge.set(s.parkedSum));
    this.gauge(metrics, 'consumers', 'Durable consumers', [], (gauge, s) => gauge.set(s.count));
  }

  /** A failed read leaves the gauge without values rather than stale ones, and the rest of the scrape intact. */
  private gauge(
    metrics: Metrics,
    name: string,
    help: string,
    labelNames: string[],
    apply: (gauge: Gauge, s: ConsumerMetricsSnapshot) => void,
  ): void {
    const { logger } = this;
    const current = () => this.current();
    new Gauge({
      name,
      help,
      labelNames,
      registers: [metrics.registry],
      // Several API processes on a host each read the same values: their aggregate is that value, not its multiple.
      aggregator: 'max',
      async collect() {
        this.reset();
        try {
          apply(this, await current());
        } catch (error) {
          this.reset();
          logger.warn(`${name} not collected: ${(error as Error).message}`);
        }
      },
    });
  }

  private current(): Promise<ConsumerMetricsSnapshot> {
    if (!this.snapshot || performance.now() - this.snapshot.at > SNAPSHOT_REUSE_MS) {
      this.snapshot = { at: performance.now(), read: this.consumers.metricsSnapshot(this.database.for(null), this.top) };
    }
    return this.snapshot.read;
  }
}
