import { Injectable } from '@nestjs/common';
import cluster from 'node:cluster';
import { Aggregator, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ClusterMetrics } from './cluster-metrics';

export type RateLimit = 'requests' | 'events';

/**
 * Every metric the service exports, in one registry per process (API or worker), so that one
 * file lists what operators can watch. Labels are bounded: route templates, status codes and the
 * small enums above, never ids. Gauges read from PostgreSQL at scrape time are registered by
 * their feature (see SubscriptionBacklogMetrics).
 *
 * With several API processes (WEB_CONCURRENCY > 1) a scrape returns every process's metrics
 * aggregated (ClusterMetrics): a metric's values are summed unless it names another `aggregator`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template (or "unmatched") and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly eventsAppended = new Counter({
    name: 'events_appended_total',
    help: 'Events committed by appends (idempotent replays excluded), by API (stream or dcb)',
    labelNames: ['api'] as const,
    registers: [this.registry],
  });

  readonly appendDuration = new Histogram({
    name: 'event_append_duration_seconds',
    help: 'Time to commit an append (the transaction, idempotency claim included), by API',
    labelNames: ['api'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly appendBatchRequests = new Histogram({
    name: 'append_batch_requests',
    help: 'Append requests committed together in one transaction (group commit), per batch',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [this.registry],
  });

  readonly dcbConditionFailures = new Counter({
    name: 'dcb_condition_failures_total',
    help: 'DCB appends refused because events matched failIfEventsMatch (409 APPEND_CONDITION_FAILED)',
    registers: [this.registry],
  });

  readonly rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429 RATE_LIMITED, by limit (requests per key, events per store)',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  readonly webhookDeliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (delivered, failed with retries left, dead_lettered)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Open WebSocket connections of this API instance; the gateway moves it (inc on open, dec on close). */
  readonly websocketConnections = new Gauge({
    name: 'websocket_connections',
    help: 'WebSocket connections open on this instance',
    registers: [this.registry],
  });

  constructor() {
    // Process CPU, memory, event-loop lag and GC, prefixed as prom-client does (process_*, nodejs_*).
    collectDefaultMetrics({ register: this.registry });
    // Not sums over the API's processes. The latest start moves whenever a worker was replaced, which is
    // when the summed counters may drop (prom-client leaves the start time out of an aggregate).
    aggregateWith(this.registry, 'process_start_time_seconds', 'max');
    aggregateWith(this.registry, 'process_max_fds', 'min');
    if (cluster.isWorker) ClusterMetrics.shareWithPrimary(this.registry);
  }

  /** What `/metrics` serves: this process's metrics, or, in a worker of several API processes, all of theirs. */
  scrape(): Promise<string> {
    return cluster.isWorker ? ClusterMetrics.ofEveryWorker() : this.registry.metrics();
  }

  rateLimitRejected(limit: RateLimit): void {
    this.rateLimitRejections.inc({ limit });
  }
}

/** Sets how the metric is combined across processes (prom-client's default metrics take no option for it). */
function aggregateWith(registry: Registry, name: string, aggregator: Aggregator): void {
  const metric = registry.getSingleMetric(name) as { aggregator?: Aggregator } | undefined;
  if (metric) metric.aggregator = aggregator;
}
